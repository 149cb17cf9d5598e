// The landing screens' prefetch: the right requests, the data in the cache under the screens' own keys,
// and a bounded wait that never rejects.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PATIENT_PAGE, patientKeys } from '../features/patients/api/patients-api';
import { queryClient } from '../lib/query-client';
import { writeSession } from '../lib/session';
import { jsonResponse, routeFetch } from '../test/fixtures';
import { prefetchScreen } from './screen-prefetch';

const PATIENT = { id: 'p1', firstName: 'Nora', lastName: 'Paz' };

beforeEach(() => {
  queryClient.clear();
  writeSession({ accessToken: 'valid', expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('screen prefetch', () => {
  it("puts /ficha's patient in the cache under the record's key before the screen renders", async () => {
    const api = routeFetch({ 'GET /api/v1/patients/p1': () => jsonResponse(200, PATIENT) });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    await prefetchScreen('patientRecord', new URL('http://localhost/ficha?id=p1'));
    expect(api.calls.map((c) => c.key)).toEqual(['GET /api/v1/patients/p1']);
    expect(queryClient.getQueryData(patientKeys.detail('p1'))).toEqual(PATIENT);
  });

  it("starts /pacientes' first page with the list's own parameters, and nothing for a screen without an entry", async () => {
    const api = routeFetch({
      'GET /api/v1/patients': () => jsonResponse(200, { items: [PATIENT], total: 1, page: 1, pageSize: 20 }),
      'GET /api/v1/locations': () => jsonResponse(200, []),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    await prefetchScreen('patients', new URL('http://localhost/pacientes'));
    expect(queryClient.getQueryData(patientKeys.list(FIRST_PATIENT_PAGE))).toMatchObject({ total: 1 });
    expect(api.calls.map((c) => c.key).sort()).toEqual(['GET /api/v1/locations', 'GET /api/v1/patients']);

    await prefetchScreen('settings', new URL('http://localhost/configuracion'));
    expect(api.calls).toHaveLength(2);
  });

  it('lets the navigation go after the wait when the answer is slow, and never rejects on a failure', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    let done = false;
    void prefetchScreen('patientRecord', new URL('http://localhost/ficha?id=p1'), 1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    vi.useRealTimers();

    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'No encontramos el paciente.' } })));
    queryClient.clear();
    await expect(prefetchScreen('patientRecord', new URL('http://localhost/ficha?id=p2'))).resolves.toBeUndefined();
    expect(queryClient.getQueryState(patientKeys.detail('p2'))?.status).toBe('error');
  });
});
