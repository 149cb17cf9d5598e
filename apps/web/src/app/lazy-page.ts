// React.lazy for route screens with the spec's chunk behaviour: a chunk that has not loaded after
// 120 s (or fails) rejects with ChunkLoadError, which the route error screen explains.
import { createElement, lazy, type ComponentType } from 'react';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  readonly chunkName: string;
  constructor(chunkName: string, cause?: unknown) {
    super(`Loading chunk ${chunkName} failed`, { cause });
    this.name = 'ChunkLoadError';
    this.chunkName = chunkName;
  }
}

export function loadWithTimeout<T>(chunkName: string, load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunkName)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunkName, error));
      },
    );
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- screens take heterogeneous props
type AnyComponent = ComponentType<any>;

export type LazyPage = AnyComponent & {
  /** Starts (or joins) loading the chunk; route loaders await it so a navigation commits with its screen ready. */
  preload: () => Promise<unknown>;
};

/** A lazily loaded named export of a route module. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  chunkName: string,
  load: () => Promise<M>,
  exportName: K,
): LazyPage {
  let loading: Promise<{ default: AnyComponent }> | null = null;
  let loaded: AnyComponent | null = null;
  const preload = () => {
    if (!loading) {
      loading = loadWithTimeout(chunkName, load).then((module) => {
        loaded = module[exportName] as AnyComponent;
        return { default: loaded };
      });
      // A failed chunk can be tried again by the next navigation.
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
  const Lazy = lazy(preload);
  // Once the chunk is in, render the screen directly: React.lazy would still suspend for a tick,
  // and the route would show its fallback (or lag behind the address bar) right after navigating.
  function Page(props: Record<string, unknown>) {
    return createElement(loaded ?? Lazy, props);
  }
  Page.displayName = `LazyPage(${chunkName}.${exportName})`;
  return Object.assign(Page, { preload });
}
