// Vitest setup for the web project: jest-dom matchers, DOM cleanup between tests, every locale
// namespace loaded, a fresh page for each file, and the browser APIs Mantine needs that jsdom lacks
// (matchMedia, ResizeObserver, scrollTo).
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n, loadAllNamespaces } from '../lib/i18n';
import { DEFAULT_PREFERENCES, preferencesStore } from '../lib/preferences';
import { queryClient } from '../lib/query-client';
// The professional app's bundled namespaces (app.tsx imports them; tests render its screens directly).
import '../lib/i18n-app';

// The feature namespaces load on demand in the app (lib/i18n.ts); tests render screens directly, so
// have every namespace of both languages in the store before any test runs.
await loadAllNamespaces();

// The files share one jsdom and their modules (isolate: false, vite.config.ts; docs/testing.md), and this
// file runs again before each of them: each file starts from what a freshly opened page has (real timers
// and globals, the default preferences and language, an empty query cache, a blank document at /, empty
// storage), whatever the file before it left behind.
vi.useRealTimers();
vi.unstubAllGlobals();
preferencesStore.set(DEFAULT_PREFERENCES);
if (i18n.language !== DEFAULT_PREFERENCES.locale) await i18n.changeLanguage(DEFAULT_PREFERENCES.locale);
queryClient.clear();
document.head.replaceChildren();
document.body.replaceChildren();
for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
window.history.replaceState(null, '', '/');
window.localStorage.clear();
window.sessionStorage.clear();

// jsdom has no server to hold a WebSocket: the realtime connection (exercised by the browser tests)
// stays idle in unit tests, so its reconnect and token-renewal timers never outlive the test that
// started them and call another test's fetch stub.
vi.mock('../lib/realtime', () => ({
  realtime: {
    start: () => undefined,
    send: () => false,
    subscribe: () => () => undefined,
    onStatus: () => () => undefined,
    currentStatus: () => 'offline',
  },
}));

// Lazily loaded screens are compiled on first use in tests; give them time to arrive.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  notifications.clean();
  window.localStorage.clear();
});

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
