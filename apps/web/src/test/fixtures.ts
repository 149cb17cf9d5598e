// Builders of API answers for web tests (shapes from @almendra/contracts).
import type { MeResponse, SessionResponse, User } from '@almendra/contracts';

export function user(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'ana.perez@example.com',
    role: 'nutritionist',
    locale: 'es',
    theme: 'light',
    primaryColor: 'teal',
    starredPages: [],
    bannedStatus: 0,
    planKey: null,
    confirmed: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function me(overrides: Partial<User> = {}): MeResponse {
  return {
    user: user(overrides),
    nutritionist: {
      id: 'nut-1',
      userId: 'user-1',
      firstName: 'Ana',
      lastName: 'Pérez',
      email: 'ana.perez@example.com',
      phone: null,
      countryCode: 'AR',
      licenceNumber: null,
      timeZone: 'America/Argentina/Buenos_Aires',
      currency: 'ARS',
      photoUpdatedAt: null,
    },
  };
}

export function session(token = 'token-1', overrides: Partial<User> = {}): SessionResponse {
  return { accessToken: token, expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(), ...me(overrides) };
}

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fetch stub answering by "METHOD /path"; unknown calls fail the test loudly. */
/** What the dashboard cards and the first-patient tour ask for, answered as an empty new practice. */
const emptyPracticeHandlers: Record<string, (init: RequestInit) => Response | Promise<Response>> = {
  'GET /api/v1/patients': () => jsonResponse(200, { items: [], total: 0, page: 1, limit: 20 }),
  'GET /api/v1/me/onboarding': () => jsonResponse(200, { guidedTour: 'pending', firstPatientTour: 'sin_tour', patientCount: 0, patientBand: 'under-6' }),
  'GET /api/v1/plans': () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 }),
  'GET /api/v1/health': () => jsonResponse(200, { status: 'ok', database: 'sqlite', version: '0.1.0+web.test' }),
  'GET /api/v1/me/subscription': () =>
    jsonResponse(200, { billingEnabled: false, state: null, plan: null, history: [], rejectedNotice: null, manualPaymentInstructions: null, checkoutProcessors: [] }),
  'GET /api/v1/client-config': () => jsonResponse(200, { mapTileUrl: null, errorReporting: null, sso: null }),
  'GET /api/v1/appointments/today': () =>
    jsonResponse(200, { date: '2026-03-10', timeZone: 'America/Argentina/Buenos_Aires', appointments: [] }),
};

export function routeFetch(ownHandlers: Record<string, (init: RequestInit) => Response | Promise<Response>>) {
  const handlers = { ...emptyPracticeHandlers, ...ownHandlers };
  const calls: { key: string; init: RequestInit }[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    calls.push({ key, init });
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected call ${key}`);
    return handler(init);
  };
  return { fetch, calls };
}
