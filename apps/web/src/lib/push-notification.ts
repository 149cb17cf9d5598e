// What the service worker (src/sw.ts) decides about a Web Push message, as pure functions it imports
// (tested in push-notification.test.ts; a worker's event handlers cannot be driven from a unit test):
// the notification a push shows, and which window a click on it opens. docs/push.md.

/** A push message's payload ({title, tag, url}: no health data crosses the push service). */
export interface PushPayload {
  title: string;
  tag?: string;
  url?: string;
}

/** The payload of a push message's data (parsed JSON, or null when it was not JSON): a generic title when it has none. */
export function readPushPayload(data: unknown): PushPayload {
  if (data && typeof data === 'object') {
    const { title, tag, url } = data as Record<string, unknown>;
    if (typeof title === 'string' && title) {
      return { title, ...(typeof tag === 'string' ? { tag } : {}), ...(typeof url === 'string' ? { url } : {}) };
    }
  }
  return { title: 'Almendra' };
}

/** The absolute address a notification opens: only addresses of this app, anything else the app's start. */
export function notificationUrl(url: string | undefined, origin: string): string {
  try {
    const target = new URL(url ?? '/', origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/** A window of the browser as the worker sees it (WindowClient). */
export interface WindowLike {
  url: string;
  /** It can be sent to another address (WindowClient.navigate). */
  navigable: boolean;
}

export type ClickAction = { kind: 'focus'; window: number } | { kind: 'navigate'; window: number } | { kind: 'open' };

/**
 * What a click on a notification does: focus a window already at its address; otherwise send an open
 * window of the app there (instead of opening a second one); otherwise open a new window.
 */
export function clickAction(windows: readonly WindowLike[], url: string, origin: string): ClickAction {
  const exact = windows.findIndex((w) => w.url === url);
  if (exact >= 0) return { kind: 'focus', window: exact };
  const open = windows.findIndex((w) => w.navigable && sameOrigin(w.url, origin));
  if (open >= 0) return { kind: 'navigate', window: open };
  return { kind: 'open' };
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
