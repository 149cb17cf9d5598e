// Error reporting (seed 2 section 7.15: "an error-reporting service with a trace sample rate of 1"):
// the official Sentry SDK, on only when SENTRY_DSN is set (off by default, nothing leaves the server).
// Events carry what finds the log lines (request id, route template, method, status, release) and never
// patient data: request bodies, query strings, cookies, headers other than the user agent, and user
// fields other than the account id are removed before sending (scrubEvent, unit-tested).
import * as Sentry from '@sentry/node';
import type { ErrorEvent, Event } from '@sentry/node';

export interface ErrorReporter {
  readonly enabled: boolean;
  capture(error: unknown, context: { requestId: string; route: string | undefined; method: string; userId?: string | null }): void;
  flush(timeoutMs?: number): Promise<boolean>;
}

const KEPT_HEADERS = new Set(['user-agent', 'x-request-id']);

/** Removes everything that could carry patient data from an event, in place, and answers it. */
export function scrubEvent<T extends ErrorEvent | Event>(event: T): T {
  if (event.request) {
    delete event.request.data;
    delete event.request.cookies;
    delete event.request.query_string;
    if (event.request.url) event.request.url = event.request.url.split('?')[0];
    if (event.request.headers) {
      event.request.headers = Object.fromEntries(Object.entries(event.request.headers).filter(([name]) => KEPT_HEADERS.has(name.toLowerCase())));
    }
  }
  if (event.user) event.user = event.user.id ? { id: event.user.id } : {};
  // Breadcrumbs may quote SQL parameters, URLs with queries or console output: only their category stays.
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map((b: NonNullable<Event['breadcrumbs']>[number]) => ({ category: b.category, level: b.level, timestamp: b.timestamp, type: b.type }));
  if (event.extra) delete event.extra;
  return event;
}

const DISABLED: ErrorReporter = { enabled: false, capture: () => undefined, flush: async () => true };

export function createErrorReporter(options: { dsn: string | undefined; environment: string; release: string; tracesSampleRate: number }): ErrorReporter {
  if (!options.dsn) return DISABLED;
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    release: `almendra@${options.release}`,
    tracesSampleRate: options.tracesSampleRate,
    sendDefaultPii: false,
    // The SDK's automatic instrumentation patches modules on import; our errors are captured explicitly
    // by the error handler, so the default integrations that read request bodies stay off.
    defaultIntegrations: false,
    integrations: [Sentry.httpIntegration({ spans: true }), Sentry.onUncaughtExceptionIntegration(), Sentry.onUnhandledRejectionIntegration()],
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
  });
  return {
    enabled: true,
    capture(error, context) {
      Sentry.withScope((scope) => {
        scope.setTag('request_id', context.requestId);
        scope.setTag('method', context.method);
        if (context.route) scope.setTag('route', context.route);
        if (context.userId) scope.setUser({ id: context.userId });
        Sentry.captureException(error);
      });
    },
    flush: (timeoutMs = 2000) => Sentry.flush(timeoutMs),
  };
}
