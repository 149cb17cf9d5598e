// Entry point: global styles, then the app, then (when configured) error reporting.
import '@mantine/core/styles.css';
// The theme's CSS variables for the default primary colour, written by the build (build/theme-variables.ts).
import 'virtual:almendra-theme-variables.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startErrorReporting } from './lib/error-reporting';
import { installSubmitFocus } from './lib/form-focus';
import { onIdle } from './lib/on-idle';
import { textsReady } from './lib/i18n';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';

// Chromium's install offer can come before any screen has loaded: kept for the portal's "Instalar la app".
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Every form, on a failed submit, takes the person to its first error (lib/form-focus.ts).
installSubmitFocus();

// In Spanish at once (bundled); in English once its texts have arrived (lib/i18n.ts), so the first
// paint is never in the wrong language.
void textsReady().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// After the first render, off the critical path: the SDK is fetched only when the server has a DSN.
// (The module itself, ~0.4 KB compressed, stays in the start-up chunk: on its own it was one more
// request of ~1 KB on the wire, headers included.)
onIdle(() => void startErrorReporting(), 10_000);
// Production builds only; after the load event (lib/service-worker.ts).
registerServiceWorker();
