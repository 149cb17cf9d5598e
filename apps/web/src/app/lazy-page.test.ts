import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadWithTimeout } from './lazy-page';

describe('chunk loading', () => {
  afterEach(() => vi.useRealTimers());

  it('rejects with "Loading chunk {name} failed" after 120 s without an answer', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout('pacientes', () => new Promise<never>(() => undefined));
    const assertion = expect(pending).rejects.toThrow('Loading chunk pacientes failed');
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    pending.catch(() => undefined).finally(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('wraps a failed import in ChunkLoadError and passes a loaded module through', async () => {
    const failed = loadWithTimeout('platos', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(failed).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadWithTimeout('x', async () => ({ ok: 1 }))).resolves.toEqual({ ok: 1 });
  });
});
