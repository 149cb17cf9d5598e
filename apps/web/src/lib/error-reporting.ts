// Error reporting in the browser (seed 2 section 7.15, trace sample rate 1): Sentry's browser SDK, loaded
// only when the server says a DSN is configured (GET /client-config), so nothing is downloaded or sent
// otherwise. Events keep the page path and the account id, never patient data: URLs lose their query
// (?id=…, ?q=…), breadcrumbs keep only their category, request bodies and user fields other than the id go.
import type { Event } from '@sentry/browser';
import type { ClientConfig } from '@almendra/contracts';
import { api } from './api-client';

type ScrubbableEvent = Pick<Event, 'request' | 'user' | 'breadcrumbs' | 'extra' | 'transaction'>;

const stripQuery = (url: string) => url.split('?')[0]!.split('#')[0]!;

export function scrubBrowserEvent<T extends ScrubbableEvent>(event: T): T {
  if (event.request) {
    delete event.request.data;
    delete event.request.query_string;
    delete event.request.cookies;
    if (event.request.url) event.request.url = stripQuery(event.request.url);
    if (event.request.headers) event.request.headers = event.request.headers['User-Agent'] ? { 'User-Agent': event.request.headers['User-Agent'] } : {};
  }
  if (event.user) event.user = event.user.id !== undefined ? { id: event.user.id } : {};
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map((b) => ({ category: b.category, level: b.level, timestamp: b.timestamp, type: b.type }));
  if (event.transaction) event.transaction = stripQuery(event.transaction);
  delete event.extra;
  return event;
}

let started = false;

/** Starts reporting when the server has a DSN; never delays or breaks the app. */
export async function startErrorReporting(userId?: string): Promise<void> {
  if (started) return;
  started = true;
  try {
    const config = await api.get<ClientConfig>('/client-config', { auth: false, refreshOn401: false });
    if (!config.errorReporting) return;
    const Sentry = await import('@sentry/browser');
    Sentry.init({
      dsn: config.errorReporting.dsn,
      environment: config.errorReporting.environment,
      release: `almendra@${config.errorReporting.release}`,
      tracesSampleRate: config.errorReporting.tracesSampleRate,
      sendDefaultPii: false,
      integrations: [Sentry.browserTracingIntegration()],
      beforeSend: (event) => scrubBrowserEvent(event),
      beforeSendTransaction: (event) => scrubBrowserEvent(event),
    });
    if (userId) Sentry.setUser({ id: userId });
  } catch {
    // Reporting is optional: a failure here must never reach the person using the app.
  }
}
