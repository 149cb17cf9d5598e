// Vitest setup for the web project: jest-dom matchers, DOM cleanup between tests, every locale
// namespace loaded, and the browser APIs Mantine needs that jsdom lacks (matchMedia, ResizeObserver,
// scrollTo).
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadAllNamespaces } from '../lib/i18n';
// The professional app's bundled namespaces (app.tsx imports them; tests render its screens directly).
import '../lib/i18n-app';

// The feature namespaces load on demand in the app (lib/i18n.ts); tests render screens directly, so
// have every namespace of both languages in the store before any test runs.
await loadAllNamespaces();

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
