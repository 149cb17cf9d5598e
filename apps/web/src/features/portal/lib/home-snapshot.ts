// The portal home's kept first paint (issue 27; docs/web.md "The kept first paint"): once the live home
// has painted with its data, and again whenever it changes (debounced, when the phone is idle), the page
// keeps its HTML and the theme's runtime styles in localStorage; on the next visit
// public/portal-snapshot.js shows them before the app's code has run, and the live home replaces them
// here (useHomeSnapshot) in the frame it first shows. The snapshot names its account, language, theme,
// build and time; the script shows it only when they all still hold (keep the fields in sync with it).
// It is cleared with the rest of the kept data (lib/offline-data.ts clearOfflineData: sign-in, sign-out,
// a refused session) and never written for another account than the one whose home it is.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { clearPortalSnapshot, PORTAL_SNAPSHOT_KEY } from '../../../lib/offline-data';
import { onIdle } from '../../../lib/on-idle';
import { tokenSubject } from '../../../lib/offline-routes';
import { readSession } from '../../../lib/session';

export { PORTAL_SNAPSHOT_KEY };

export interface HomeSnapshot {
  v: 1;
  /** The account whose home it is: the access token's subject. */
  user: string;
  /** <html lang>, data-theme and data-primary-color when it was taken (theme-boot.js sets them). */
  lang: string;
  theme: string;
  color: string;
  /** The build that rendered it: the page's module entry address. */
  build: string;
  /** When it was taken (ms since the epoch). */
  at: number;
  /** #root's HTML, without test ids, ids and the references to them. */
  html: string;
  /** The theme's runtime <style> tags in <head> (Mantine's variables for both colour schemes…), if any. */
  styles: string[];
}

/** What public/portal-snapshot.js leaves for the app while a snapshot shows. */
declare global {
  interface Window {
    __almendraSnapshot?: { at: number; reveal: () => void; isShown: () => boolean };
  }
}

/** Marked when the live home replaces the snapshot (or first shows without one): the bench reports it. */
export const LIVE_HOME_MARK = 'portal-home-live';
/** How long the home must stay unchanged before it is kept. */
const SAVE_DEBOUNCE_MS = 1000;
/** Attributes that name or point at elements: an inert copy needs none, and two of each would clash. */
const DROPPED_ATTRIBUTES = ['id', 'for', 'data-testid', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant'];

/** This page's build, as the script reads it: the module entry's address. */
export function currentBuild(doc: Document = document): string | null {
  return doc.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
}

/** The snapshot of `root` now, or null when it cannot name its account or build. */
export function takeHomeSnapshot(user: string, doc: Document = document, now: number = Date.now()): HomeSnapshot | null {
  const root = doc.getElementById('root');
  const build = currentBuild(doc);
  if (!root || !build || !root.firstElementChild) return null;
  const copy = root.cloneNode(true) as HTMLElement;
  for (const attribute of DROPPED_ATTRIBUTES) for (const element of copy.querySelectorAll(`[${attribute}]`)) element.removeAttribute(attribute);
  const html = doc.documentElement;
  const styles = [...doc.head.querySelectorAll('style[data-mantine-styles]')]
    .filter((style) => !style.hasAttribute('data-mantine-disable-transition'))
    .map((style) => style.textContent ?? '');
  return {
    v: 1,
    user,
    lang: html.getAttribute('lang') ?? '',
    theme: html.getAttribute('data-theme') ?? '',
    color: html.getAttribute('data-primary-color') ?? '',
    build,
    at: now,
    html: copy.innerHTML,
    styles,
  };
}

/**
 * Keeps the snapshot of the home now, when the signed-in account is still `user` (another tab may have
 * signed out, or in as someone else, since this home was read) and the page is the portal's home.
 */
export function saveHomeSnapshot(user: string, doc: Document = document): boolean {
  if (tokenSubject(readSession()?.accessToken) !== user) return false;
  if (doc.defaultView?.location.pathname !== '/portal') return false;
  if (doc.getElementById('portal-snapshot')) return false;
  const snapshot = takeHomeSnapshot(user, doc);
  if (!snapshot) return false;
  try {
    window.localStorage.setItem(PORTAL_SNAPSHOT_KEY, JSON.stringify(snapshot));
    return true;
  } catch {
    // Full or unavailable storage: the next visit paints without it. An older snapshot must not stay.
    clearPortalSnapshot();
    return false;
  }
}

/** Shows the live app: removes the snapshot (if one shows) and reveals #root, synchronously. */
export function revealLiveHome(): void {
  window.__almendraSnapshot?.reveal();
}

/** The snapshot is not to be trusted (a redirect, an error): drop it from the screen and from storage. */
export function dropHomeSnapshot(): void {
  revealLiveHome();
  clearPortalSnapshot();
}

/**
 * The portal home with its data has rendered (`shown`): it replaces the snapshot in this commit, before
 * the browser paints, and the time it shows is marked (LIVE_HOME_MARK, once). While `keep` (the home
 * tab, with its data, no call on screen), the home is kept again a second after each change, when idle.
 */
export function useHomeSnapshot(shown: boolean, keep: boolean): void {
  const marked = useRef(false);
  useLayoutEffect(() => {
    if (!shown || marked.current) return;
    marked.current = true;
    revealLiveHome();
    // After the frame that shows it has painted.
    requestAnimationFrame(() => setTimeout(() => performance.mark(LIVE_HOME_MARK), 0));
  }, [shown]);
  useEffect(() => {
    const root = document.getElementById('root');
    const user = tokenSubject(readSession()?.accessToken);
    if (!keep || !root || !user) return;
    let cancelIdle: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      cancelIdle?.();
      cancelIdle = null;
      timer = setTimeout(() => {
        cancelIdle = onIdle(() => void saveHomeSnapshot(user), 2000);
      }, SAVE_DEBOUNCE_MS);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
    schedule();
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      cancelIdle?.();
    };
  }, [keep]);
}
