// Display preferences of this browser ('almendra.preferences' = { locale, theme, primaryColor }).
// public/theme-boot.js reads the same key before first paint; the account's preferences on the server
// are the source of truth and are copied here whenever the user data loads or is saved.
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import type { Locale, PrimaryColor, Theme } from '@almendra/contracts';

export const PREFERENCES_STORAGE_KEY = 'almendra.preferences';

/** Interface languages in the order the preferences list offers them. */
export const LOCALES = ['es-AR', 'es', 'en'] as const satisfies readonly Locale[];
/** 'system' (the default) follows the device's light/dark setting, like the public profile page does. */
export const THEMES = ['system', 'light', 'dark', 'semi-dark'] as const satisfies readonly Theme[];
export const PRIMARY_COLORS = [
  'teal',
  'green',
  'blue',
  'indigo',
  'violet',
  'grape',
  'pink',
  'red',
  'orange',
  'cyan',
] as const satisfies readonly PrimaryColor[];

// Compile-time guard: the lists above must cover every value the contracts allow.
type Uncovered = Exclude<Locale, (typeof LOCALES)[number]> | Exclude<Theme, (typeof THEMES)[number]> | Exclude<PrimaryColor, (typeof PRIMARY_COLORS)[number]>;
const _allCovered: [Uncovered] extends [never] ? true : never = true;

export interface Preferences {
  locale: Locale;
  theme: Theme;
  primaryColor: PrimaryColor;
}

export const DEFAULT_PREFERENCES: Preferences = { locale: 'es', theme: 'system', primaryColor: 'teal' };

/**
 * Countries whose nutritionists read voseo: their Spanish is es-AR. Mirrors VOSEO_COUNTRIES of
 * @almendra/contracts (redeclared: a value import from the contracts would bring zod into the entry chunk).
 */
export const VOSEO_COUNTRIES: readonly string[] = ['AR', 'UY'];

/** The Spanish an account from this country reads by default (the server applies the same rule at sign-up). */
export function spanishLocaleFor(countryCode: string | null | undefined): Extract<Locale, 'es' | 'es-AR'> {
  return countryCode && VOSEO_COUNTRIES.includes(countryCode.toUpperCase()) ? 'es-AR' : 'es';
}

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Accepts anything (corrupt storage, old versions) and returns valid preferences. */
export function parsePreferences(value: unknown): Preferences {
  const source = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return {
    locale: oneOf(LOCALES, source.locale, DEFAULT_PREFERENCES.locale),
    theme: oneOf(THEMES, source.theme, DEFAULT_PREFERENCES.theme),
    primaryColor: oneOf(PRIMARY_COLORS, source.primaryColor, DEFAULT_PREFERENCES.primaryColor),
  };
}

/**
 * A visitor nothing is stored for yet (before signing in) reads the Spanish of their browser's region:
 * es-AR when the browser's first language is Spanish from Argentina or Uruguay, else neutral es.
 * Mirrored in public/theme-boot.js.
 */
export function visitorLocale(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): Locale {
  const first = (languages[0] ?? '').toLowerCase();
  return /^es-(ar|uy)\b/.test(first) ? 'es-AR' : DEFAULT_PREFERENCES.locale;
}

export function readStoredPreferences(): Preferences {
  try {
    const raw = window.localStorage.getItem(PREFERENCES_STORAGE_KEY);
    return raw ? parsePreferences(JSON.parse(raw)) : { ...DEFAULT_PREFERENCES, locale: visitorLocale() };
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** Whether the device asks for dark colours now (false where matchMedia is missing). */
export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

/**
 * Mantine has two colour schemes; semi-dark is light content with a dark side menu; system is whichever
 * the device asks for (`prefersDark`, read from prefers-color-scheme by default).
 */
export function colorSchemeOf(theme: Theme, prefersDark: boolean = systemPrefersDark()): 'light' | 'dark' {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme === 'dark' ? 'dark' : 'light';
}

/** Mirrors public/theme-boot.js so runtime changes and the next page load look the same. */
export function applyPreferencesToDocument(preferences: Preferences, root: HTMLElement = document.documentElement): void {
  root.setAttribute('lang', preferences.locale);
  root.setAttribute('data-theme', preferences.theme);
  root.setAttribute('data-primary-color', preferences.primaryColor);
  root.setAttribute('data-mantine-color-scheme', colorSchemeOf(preferences.theme));
}

type Listener = () => void;

function createPreferencesStore() {
  let current: Preferences = typeof window === 'undefined' ? DEFAULT_PREFERENCES : readStoredPreferences();
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());

  if (typeof window !== 'undefined') {
    // The device switched between light and dark (a phone at dusk): a "system" theme follows at once.
    if (typeof window.matchMedia === 'function') {
      window.matchMedia(DARK_SCHEME_QUERY).addEventListener?.('change', () => {
        if (current.theme !== 'system') return;
        applyPreferencesToDocument(current);
        emit();
      });
    }
    // Another tab changed the preferences: follow it.
    window.addEventListener('storage', (event) => {
      if (event.key !== PREFERENCES_STORAGE_KEY) return;
      current = readStoredPreferences();
      applyPreferencesToDocument(current);
      emit();
    });
  }

  return {
    get: (): Preferences => current,
    set(patch: Partial<Preferences>): void {
      const next = parsePreferences({ ...current, ...patch });
      if (next.locale === current.locale && next.theme === current.theme && next.primaryColor === current.primaryColor) {
        return;
      }
      current = next;
      try {
        window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(current));
      } catch {
        // Storage unavailable: the preferences still apply to this page view.
      }
      applyPreferencesToDocument(current);
      emit();
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const preferencesStore = createPreferencesStore();

/**
 * Mantine colour-scheme manager backed by 'almendra.preferences', so Mantine and theme-boot.js read
 * the same value. Writes go through preferencesStore (which knows about semi-dark).
 */
export function preferencesColorSchemeManager(): MantineColorSchemeManager {
  let unsubscribe: (() => void) | null = null;
  return {
    get: (defaultValue: MantineColorScheme) => {
      if (typeof window === 'undefined') return defaultValue;
      return colorSchemeOf(preferencesStore.get().theme);
    },
    set: (value: MantineColorScheme) => {
      const theme = preferencesStore.get().theme;
      // Mantine echoing the scheme a "system" theme already resolved to changes nothing.
      if (value === colorSchemeOf(theme)) return;
      if (value === 'dark' && theme !== 'dark') preferencesStore.set({ theme: 'dark' });
      if (value === 'light' && theme !== 'light' && theme !== 'semi-dark') preferencesStore.set({ theme: 'light' });
    },
    subscribe: (onUpdate) => {
      unsubscribe = preferencesStore.subscribe(() => onUpdate(colorSchemeOf(preferencesStore.get().theme)));
    },
    unsubscribe: () => {
      unsubscribe?.();
      unsubscribe = null;
    },
    clear: () => undefined,
  };
}
