import themeBoot from '../../public/theme-boot.js?raw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyPreferencesToDocument,
  colorSchemeOf,
  DEFAULT_PREFERENCES,
  parsePreferences,
  PREFERENCES_STORAGE_KEY,
  preferencesColorSchemeManager,
  preferencesStore,
  readStoredPreferences,
  spanishLocaleFor,
  visitorLocale,
} from './preferences';


function runThemeBoot() {
  // The script runs as a classic script in <head>; evaluate it the same way.
  new Function(themeBoot)();
}

function resetRoot() {
  const root = document.documentElement;
  for (const attr of ['lang', 'data-theme', 'data-mantine-color-scheme', 'data-primary-color']) root.removeAttribute(attr);
}

describe('preferences', () => {
  afterEach(() => {
    resetRoot();
    window.localStorage.clear();
    preferencesStore.set(DEFAULT_PREFERENCES);
  });

  it('accepts only known values and falls back to es / system / teal', () => {
    expect(parsePreferences({ locale: 'en', theme: 'semi-dark', primaryColor: 'grape' })).toEqual({
      locale: 'en',
      theme: 'semi-dark',
      primaryColor: 'grape',
    });
    expect(parsePreferences({ locale: 'fr', theme: 'sepia', primaryColor: '#ff0000' })).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences(null)).toEqual(DEFAULT_PREFERENCES);
  });

  it('maps semi-dark to the light Mantine scheme', () => {
    expect(colorSchemeOf('dark')).toBe('dark');
    expect(colorSchemeOf('semi-dark')).toBe('light');
    expect(colorSchemeOf('light')).toBe('light');
  });

  it('theme-boot.js applies stored preferences before the app loads', () => {
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ locale: 'en', theme: 'dark', primaryColor: 'violet' }));
    runThemeBoot();
    const root = document.documentElement;
    expect(root.getAttribute('lang')).toBe('en');
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(root.getAttribute('data-primary-color')).toBe('violet');
  });

  it('theme-boot.js treats semi-dark as light content and survives corrupt storage', () => {
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ theme: 'semi-dark' }));
    runThemeBoot();
    expect(document.documentElement.getAttribute('data-theme')).toBe('semi-dark');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(document.documentElement.getAttribute('lang')).toBe('es');

    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, '{oops');
    runThemeBoot();
    expect(document.documentElement.getAttribute('data-theme')).toBe('system');
  });

  it('"system" (the default) follows the device: dark when it prefers dark, in the app and in theme-boot.js', () => {
    expect(DEFAULT_PREFERENCES.theme).toBe('system');
    expect(colorSchemeOf('system', true)).toBe('dark');
    expect(colorSchemeOf('system', false)).toBe('light');
    // An explicit choice wins over the device.
    expect(colorSchemeOf('light', true)).toBe('light');
    expect(colorSchemeOf('dark', false)).toBe('dark');
    const original = window.matchMedia;
    let dark = true;
    window.matchMedia = ((query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && dark, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    try {
      runThemeBoot();
      expect(document.documentElement.getAttribute('data-theme')).toBe('system');
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
      applyPreferencesToDocument({ ...DEFAULT_PREFERENCES, theme: 'system' });
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
      dark = false;
      runThemeBoot();
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
      window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ theme: 'dark' }));
      runThemeBoot();
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    } finally {
      window.matchMedia = original;
    }
  });

  it('the app and theme-boot.js agree on the document attributes', () => {
    for (const prefs of [
      { locale: 'en', theme: 'semi-dark', primaryColor: 'orange' },
      { locale: 'es-AR', theme: 'light', primaryColor: 'teal' },
      { locale: 'es', theme: 'dark', primaryColor: 'blue' },
      { locale: 'es', theme: 'system', primaryColor: 'teal' },
    ] as const) {
      resetRoot();
      applyPreferencesToDocument(prefs);
      const fromApp = ['lang', 'data-theme', 'data-mantine-color-scheme', 'data-primary-color'].map((a) => document.documentElement.getAttribute(a));
      resetRoot();
      window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(prefs));
      runThemeBoot();
      const fromBoot = ['lang', 'data-theme', 'data-mantine-color-scheme', 'data-primary-color'].map((a) => document.documentElement.getAttribute(a));
      expect(fromBoot, prefs.locale).toEqual(fromApp);
    }
  });

  it('a visitor with nothing stored reads the Spanish of the browser region, in the app and in theme-boot.js', () => {
    expect(visitorLocale(['es-AR', 'es'])).toBe('es-AR');
    expect(visitorLocale(['es-UY'])).toBe('es-AR');
    expect(visitorLocale(['es-MX', 'es-AR'])).toBe('es');
    expect(visitorLocale(['en-US'])).toBe('es');
    expect(visitorLocale([])).toBe('es');
    const languages = Object.getOwnPropertyDescriptor(window.navigator, 'languages');
    Object.defineProperty(window.navigator, 'languages', { value: ['es-AR', 'es'], configurable: true });
    try {
      expect(readStoredPreferences().locale).toBe('es-AR');
      runThemeBoot();
      expect(document.documentElement.getAttribute('lang')).toBe('es-AR');
      // Something stored wins over the browser.
      window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ locale: 'es' }));
      expect(readStoredPreferences().locale).toBe('es');
      runThemeBoot();
      expect(document.documentElement.getAttribute('lang')).toBe('es');
    } finally {
      if (languages) Object.defineProperty(window.navigator, 'languages', languages);
      else delete (window.navigator as unknown as Record<string, unknown>).languages;
    }
  });

  it('keeps the Argentine Spanish locale and picks it by country (Argentina and Uruguay speak vos)', () => {
    expect(parsePreferences({ locale: 'es-AR' }).locale).toBe('es-AR');
    expect(parsePreferences({ locale: 'es-ar' }).locale).toBe('es');
    expect(spanishLocaleFor('AR')).toBe('es-AR');
    expect(spanishLocaleFor('UY')).toBe('es-AR');
    expect(spanishLocaleFor('MX')).toBe('es');
    expect(spanishLocaleFor('ES')).toBe('es');
    expect(spanishLocaleFor(null)).toBe('es');
  });

  it('the store persists changes for the next page load and the colour-scheme manager follows it', () => {
    const manager = preferencesColorSchemeManager();
    const seen: string[] = [];
    manager.subscribe((value) => seen.push(value));
    preferencesStore.set({ theme: 'dark' });
    expect(JSON.parse(window.localStorage.getItem(PREFERENCES_STORAGE_KEY)!)).toMatchObject({ theme: 'dark' });
    expect(manager.get('light')).toBe('dark');
    // Mantine switching to light keeps semi-dark when that is the stored theme.
    preferencesStore.set({ theme: 'semi-dark' });
    manager.set('light');
    expect(preferencesStore.get().theme).toBe('semi-dark');
    manager.unsubscribe();
    expect(seen).toEqual(['dark', 'light']);
  });

  it("theme-boot.js preloads the portal's home texts of the page's language, named by the build in portal.html", () => {
    const meta = document.createElement('meta');
    meta.name = 'almendra-portal-locales';
    meta.content = JSON.stringify({ es: ['/assets/locales-es-portal-a1.js'], 'es-AR': ['/assets/locales-es-portal-a1.js'], en: ['/assets/locales-en-portal-b2.js', '/assets/locales-es-portal-a1.js'] });
    document.head.appendChild(meta);
    const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => [link.getAttribute('href'), link.crossOrigin]);
    try {
      window.history.replaceState(null, '', '/portal');
      window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ locale: 'en' }));
      runThemeBoot();
      // Fetched as the server's and Vite's links are (crossorigin), so the import() takes the same module.
      expect(preloads()).toEqual([
        ['/assets/locales-en-portal-b2.js', ''],
        ['/assets/locales-es-portal-a1.js', ''],
      ]);
      document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
      // Not on the professional's pages, and nothing but the build's own files.
      window.history.replaceState(null, '', '/inicio');
      runThemeBoot();
      window.history.replaceState(null, '', '/portal/aceptar');
      meta.content = JSON.stringify({ es: ['https://elsewhere.example/x.js', '/assets/locales-es-portal-a1.js'] });
      window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ locale: 'es' }));
      runThemeBoot();
      expect(preloads()).toEqual([['/assets/locales-es-portal-a1.js', '']]);
    } finally {
      meta.remove();
      document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
      window.history.replaceState(null, '', '/');
    }
  });
});
