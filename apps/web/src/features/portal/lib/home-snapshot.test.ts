import snapshotScript from '../../../../public/portal-snapshot.js?raw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOfflineData } from '../../../lib/offline-data';
import { clearSession } from '../../../lib/session';
import { dropHomeSnapshot, PORTAL_SNAPSHOT_KEY, revealLiveHome, saveHomeSnapshot, takeHomeSnapshot, type HomeSnapshot } from './home-snapshot';

const BUILD = '/assets/portal-AbC123.js';

function token(sub: string): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ sub, exp: 9_999_999_999 })}.signature`;
}

function signIn(sub: string, extra: Record<string, string> = {}): void {
  localStorage.setItem('almendra.session', JSON.stringify({ accessToken: token(sub), expiresAt: new Date(Date.now() + 60_000).toISOString(), loggedIn: 'true', ...extra }));
}

/** portal.html as the build writes it: theme-boot.js's attributes, the entry in <head>, the overlay and #root. */
function portalPage(path = '/portal'): void {
  before ??= {
    head: document.head.innerHTML,
    body: document.body.innerHTML,
    url: `${window.location.pathname}${window.location.search}${window.location.hash}`,
    attributes: PAGE_ATTRIBUTES.map((name) => [name, document.documentElement.getAttribute(name)]),
  };
  window.history.replaceState(null, '', path);
  const html = document.documentElement;
  html.setAttribute('lang', 'es-AR');
  html.setAttribute('data-theme', 'system');
  html.setAttribute('data-primary-color', 'teal');
  html.setAttribute('data-mantine-color-scheme', 'light');
  document.head.innerHTML = `<script type="module" crossorigin src="${BUILD}"></script>`;
  document.body.innerHTML = '<div id="boot-overlay" class="boot-overlay"></div><div id="root"></div>';
}

function snapshot(overrides: Partial<HomeSnapshot> = {}): HomeSnapshot {
  return {
    v: 1,
    user: 'user-ana',
    lang: 'es-AR',
    theme: 'system',
    color: 'teal',
    build: BUILD,
    at: Date.now() - 60_000,
    html: '<div class="portal"><h1>Hola, Ana</h1></div>',
    styles: [':root{--mantine-color-body:#fff}'],
    ...overrides,
  };
}

function store(value: HomeSnapshot): void {
  localStorage.setItem(PORTAL_SNAPSHOT_KEY, JSON.stringify(value));
}

const PAGE_ATTRIBUTES = ['lang', 'data-theme', 'data-primary-color', 'data-mantine-color-scheme'];
/** The page as it was before portalPage() (the web project's test files share one jsdom). */
let before: { head: string; body: string; url: string; attributes: Array<[string, string | null]> } | null = null;

/** Puts back what portalPage() changed, and forgets what the tests stored. */
function restorePage(): void {
  localStorage.clear();
  delete window.__almendraSnapshot;
  if (!before) return;
  document.head.innerHTML = before.head;
  document.body.innerHTML = before.body;
  for (const [name, value] of before.attributes) {
    if (value === null) document.documentElement.removeAttribute(name);
    else document.documentElement.setAttribute(name, value);
  }
  window.history.replaceState(null, '', before.url);
  before = null;
}

function runScript(): void {
  // A classic script right after #root; evaluated the same way.
  new Function(snapshotScript)();
}

const shown = () => document.getElementById('portal-snapshot');

describe('portal-snapshot.js (the kept first paint)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date(2026, 10, 28, 15, 0, 0));
    portalPage();
  });
  afterEach(() => {
    vi.useRealTimers();
    restorePage();
  });

  it('shows a valid snapshot before the app: inert, over an invisible #root, the overlay hidden', () => {
    signIn('user-ana');
    store(snapshot());
    runScript();
    const box = shown();
    expect(box).not.toBeNull();
    expect(box?.hasAttribute('inert')).toBe(true);
    expect(box?.getAttribute('aria-hidden')).toBe('true');
    expect(box?.textContent).toContain('Hola, Ana');
    expect(box?.querySelector('style')?.textContent).toContain('--mantine-color-body');
    expect(box?.nextElementSibling?.id).toBe('root');
    expect(document.getElementById('root')?.style.visibility).toBe('hidden');
    expect(document.getElementById('boot-overlay')?.hasAttribute('data-hidden')).toBe(true);
    // The live home takes over in one step: the snapshot gone, #root shown.
    revealLiveHome();
    expect(shown()).toBeNull();
    expect(document.getElementById('root')?.style.visibility).toBe('');
    expect(localStorage.getItem(PORTAL_SNAPSHOT_KEY)).not.toBeNull();
  });

  it('reveals #root (and the loading overlay) by itself when the app has not taken over within 8 s', () => {
    signIn('user-ana');
    store(snapshot());
    runScript();
    vi.advanceTimersByTime(7_900);
    expect(shown()).not.toBeNull();
    vi.advanceTimersByTime(200);
    expect(shown()).toBeNull();
    expect(document.getElementById('root')?.style.visibility).toBe('');
    // The loading overlay is back until the app shows its screen.
    expect(document.getElementById('boot-overlay')?.hasAttribute('data-hidden')).toBe(false);
  });

  it.each([
    ['another user', () => snapshot({ user: 'user-bruno' })],
    ['another language', () => snapshot({ lang: 'en' })],
    ['another build', () => snapshot({ build: '/assets/portal-Old999.js' })],
    ['another theme', () => snapshot({ theme: 'dark' })],
    ['another primary colour', () => snapshot({ color: 'violet' })],
    ['yesterday (within 12 h)', () => snapshot({ at: new Date(2026, 10, 27, 23, 0, 0).getTime() })],
    ['taken over 12 hours ago', () => snapshot({ at: Date.now() - 12 * 60 * 60 * 1000 - 1 })],
    ['from the future', () => snapshot({ at: Date.now() + 5 * 60 * 1000 })],
    ['of an older format', () => ({ ...snapshot(), v: 0 }) as unknown as HomeSnapshot],
  ])('shows nothing and drops a snapshot of %s', (_label, value: () => HomeSnapshot) => {
    signIn('user-ana');
    store(value());
    runScript();
    expect(shown()).toBeNull();
    expect(document.getElementById('root')?.style.visibility).toBe('');
    expect(localStorage.getItem(PORTAL_SNAPSHOT_KEY)).toBeNull();
  });

  it('the same day and under 12 hours: shown', () => {
    vi.setSystemTime(new Date(2026, 10, 28, 20, 0, 0));
    signIn('user-ana');
    store(snapshot({ at: new Date(2026, 10, 28, 8, 30, 0).getTime() }));
    runScript();
    expect(shown()).not.toBeNull();
  });

  it('signed out (no session, or the flag not set): shows nothing and drops it', () => {
    store(snapshot());
    runScript();
    expect(shown()).toBeNull();
    expect(localStorage.getItem(PORTAL_SNAPSHOT_KEY)).toBeNull();

    signIn('user-ana', { loggedIn: 'false' });
    store(snapshot());
    runScript();
    expect(shown()).toBeNull();
    expect(localStorage.getItem(PORTAL_SNAPSHOT_KEY)).toBeNull();
  });

  it.each(['/portal?tab=chat', '/portal/', '/portal/aceptar', '/inicio', '/portal#x'])('on %s: shows nothing, keeps it for the home', (path) => {
    portalPage(path);
    signIn('user-ana');
    store(snapshot());
    runScript();
    expect(shown()).toBeNull();
    expect(localStorage.getItem(PORTAL_SNAPSHOT_KEY)).not.toBeNull();
  });

  it('locked: shows nothing', () => {
    signIn('user-ana');
    localStorage.setItem('almendra.locked', 'true');
    store(snapshot());
    runScript();
    expect(shown()).toBeNull();
  });

  it('corrupt storage: nothing shown, nothing thrown', () => {
    signIn('user-ana');
    localStorage.setItem(PORTAL_SNAPSHOT_KEY, '{oops');
    expect(() => runScript()).not.toThrow();
    expect(shown()).toBeNull();
    expect(localStorage.getItem(PORTAL_SNAPSHOT_KEY)).toBeNull();
  });
});

describe('home-snapshot.ts (taking and clearing it)', () => {
  beforeEach(() => portalPage());
  afterEach(restorePage);

  it('takes #root without ids and test ids, with the head\'s Mantine styles, and the script shows it back', () => {
    signIn('user-ana');
    const style = document.createElement('style');
    style.setAttribute('data-mantine-styles', 'true');
    style.textContent = ':root{--x:1}';
    document.head.append(style);
    document.getElementById('root')!.innerHTML = '<main id="main-content"><div data-testid="portal" aria-labelledby="t"><h1 id="t">Hola, Ana</h1></div></main>';
    expect(saveHomeSnapshot('user-ana')).toBe(true);
    const kept = JSON.parse(localStorage.getItem(PORTAL_SNAPSHOT_KEY)!) as HomeSnapshot;
    expect(kept).toMatchObject({ v: 1, user: 'user-ana', lang: 'es-AR', theme: 'system', color: 'teal', build: BUILD, styles: [':root{--x:1}'] });
    expect(kept.html).toBe('<main><div><h1>Hola, Ana</h1></div></main>');
    // The next visit.
    portalPage();
    runScript();
    expect(shown()?.textContent).toContain('Hola, Ana');
  });

  it('is not written for an account that is no longer the signed-in one, nor signed out', () => {
    signIn('user-bruno');
    document.getElementById('root')!.innerHTML = '<h1>Hola, Ana</h1>';
    expect(saveHomeSnapshot('user-ana')).toBe(false);
    localStorage.removeItem('almendra.session');
    expect(saveHomeSnapshot('user-ana')).toBe(false);
    expect(localStorage.getItem(PORTAL_SNAPSHOT_KEY)).toBeNull();
  });

  it('is not taken without the build, or off the home\'s address', () => {
    signIn('user-ana');
    document.getElementById('root')!.innerHTML = '<h1>Hola, Ana</h1>';
    window.history.replaceState(null, '', '/portal/aceptar');
    expect(saveHomeSnapshot('user-ana')).toBe(false);
    window.history.replaceState(null, '', '/portal');
    document.head.innerHTML = '';
    expect(takeHomeSnapshot('user-ana')).toBeNull();
  });

  it('is cleared with the kept data: sign-out, a refused session, another sign-in (clearOfflineData), and a redirect', async () => {
    store(snapshot());
    clearSession();
    expect(localStorage.getItem(PORTAL_SNAPSHOT_KEY)).toBeNull();
    store(snapshot());
    await clearOfflineData();
    expect(localStorage.getItem(PORTAL_SNAPSHOT_KEY)).toBeNull();
    store(snapshot());
    dropHomeSnapshot();
    expect(localStorage.getItem(PORTAL_SNAPSHOT_KEY)).toBeNull();
  });
});
