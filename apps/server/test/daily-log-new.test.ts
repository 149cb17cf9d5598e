// Practice-wide "who wrote in the daily log since I last read it" (issue 24): GET /daily-log/new lists the
// patients with unread entries, newest first, with the total for the badge; opening a patient's log (POST
// …/daily-log/seen) takes them off; another practice sees none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { caller } from './patients-helpers.js';
import { practiceWithPortalPatient } from './portal-helpers.js';

describe('new daily-log entries across the practice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-03-10T13:00:00.000Z');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists who logged since the practice last looked, with the badge total, and clears on reading', async () => {
    const p = await practiceWithPortalPatient(t);
    const empty = await p.call('GET', '/api/v1/daily-log/new');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ items: [], total: 0 });

    for (const date of ['2026-03-08', '2026-03-09']) {
      t.clock.set(`${date}T22:00:00.000Z`);
      expect((await p.asPatient('POST', '/api/v1/portal/daily-log', { date, waterGlasses: 6 })).statusCode).toBe(201);
    }
    const news = (await p.call('GET', '/api/v1/daily-log/new')).json();
    expect(news.total).toBe(2);
    expect(news.items).toEqual([
      { patientId: p.patientId, name: expect.any(String), unseenCount: 2, latestDate: '2026-03-09', latestAt: '2026-03-09T22:00:00.000Z' },
    ]);

    // Another practice: nothing of hers.
    const other = await registerAndLogin(t);
    const theirs = (await caller(t, other.auth)('GET', '/api/v1/daily-log/new')).json();
    expect(theirs).toEqual({ items: [], total: 0 });

    // She opens the patient's log: the entries are read, the list empties.
    expect((await p.call('POST', `/api/v1/patients/${p.patientId}/daily-log/seen`)).statusCode).toBe(204);
    expect((await p.call('GET', '/api/v1/daily-log/new')).json()).toEqual({ items: [], total: 0 });

    // Re-saving a day counts as new again.
    expect((await p.asPatient('POST', '/api/v1/portal/daily-log', { date: '2026-03-09', waterGlasses: 8 })).statusCode).toBe(201);
    expect((await p.call('GET', '/api/v1/daily-log/new')).json().total).toBe(1);
  });
});
