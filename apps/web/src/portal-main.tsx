// Entry point of the patient portal (portal.html, served at /portal and /portal/…; issue 27): global
// styles, then the portal's own app (app/portal-app.tsx), then (when configured) error reporting. The
// professional's app is main.tsx; what both run at start is shared (docs/web.md "The portal's entry").
import '@mantine/core/styles.css';
// The theme's CSS variables for the default primary colour, written by the build (build/theme-variables.ts).
import 'virtual:almendra-theme-variables.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalApp } from './app/portal-app';
import { startPortalCheck } from './app/portal-start';
import { startErrorReporting } from './lib/error-reporting';
import { installSubmitFocus } from './lib/form-focus';
import { onIdle } from './lib/on-idle';
import { textsReady } from './lib/i18n';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';

// The home's access check, texts and data start now, while React sets up (app/portal-start.ts).
if (/^\/portal\/?$/.test(window.location.pathname)) startPortalCheck().catch(() => undefined);

// Chromium's install offer can come before the portal has rendered: kept for its "Instalar la app".
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
      <PortalApp />
    </StrictMode>,
  ),
);

// After the first render, off the critical path: the SDK is fetched only when the server has a DSN.
// (The module itself, ~0.4 KB compressed, stays in the start-up chunk: on its own it was one more
// request of ~1 KB on the wire, headers included.)
onIdle(() => void startErrorReporting(), 10_000);
// Production builds only; after the load event (lib/service-worker.ts).
registerServiceWorker();
