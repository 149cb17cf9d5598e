// The patient sees only plans her nutritionist published for her (issue 24): a new plan — even saved as
// not a draft — does not replace "Mi plan" until "Publicar para el paciente"; earlier published plans stay
// listed and readable; withdrawing one brings back the previous. Another patient's or practice's plans
// answer 404. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { practiceWithPortalPatient } from './portal-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  t.clock.set('2026-03-10T13:00:00.000Z');
});
afterAll(async () => {
  await t.close();
});

const simple = (text: string) => ({ simple: [{ day: 1, meals: [{ slot: 2, text }] }] });

describe('plans published for the patient', () => {
  it('a new plan does not replace “Mi plan” until it is published; earlier ones stay reachable', async () => {
    const { call, patientId, asPatient } = await practiceWithPortalPatient(t);
    expect((await asPatient('GET', '/api/v1/portal/plan')).statusCode).toBe(404);

    const first = (await call('POST', '/api/v1/plans', { type: 1, title: 'Plan de marzo', patientId, draft: 0, content: simple('Avena con banana') })).json();
    expect(first.publishedAt).toBeNull();
    // Not a draft, yet not given to her: the portal still has nothing.
    expect((await asPatient('GET', '/api/v1/portal/plan')).statusCode).toBe(404);
    expect((await asPatient('GET', `/api/v1/portal/plans/${first.id}`)).statusCode).toBe(404);

    t.clock.set('2026-03-10T13:00:00.000Z');
    const published = await call('POST', `/api/v1/plans/${first.id}/publish-for-patient`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ publishedAt: '2026-03-10T13:00:00.000Z', draft: 0, version: first.version + 1 });
    expect((await asPatient('GET', '/api/v1/portal/plan')).json()).toMatchObject({ id: first.id, title: 'Plan de marzo' });
    expect((await asPatient('GET', '/api/v1/portal/me')).json().currentPlan).toMatchObject({ id: first.id });

    // "Crear plan": a new, empty plan for her. Her finished plan stays hers.
    t.clock.set('2026-03-10T13:01:00.000Z');
    const second = (await call('POST', '/api/v1/plans', { type: 1, title: 'Plan de abril', patientId })).json();
    expect((await asPatient('GET', '/api/v1/portal/plan')).json().id).toBe(first.id);
    expect((await asPatient('GET', '/api/v1/portal/plans')).json()).toEqual({ items: [{ id: first.id, title: 'Plan de marzo', publishedAt: '2026-03-10T13:00:00.000Z', current: true }] });

    await call('PATCH', `/api/v1/plans/${second.id}`, { version: second.version, content: simple('Tostadas con queso') });
    t.clock.set('2026-03-10T13:02:00.000Z');
    await call('POST', `/api/v1/plans/${second.id}/publish-for-patient`);
    expect((await asPatient('GET', '/api/v1/portal/plan')).json().id).toBe(second.id);
    const list = (await asPatient('GET', '/api/v1/portal/plans')).json().items;
    expect(list.map((p: { id: string; current: boolean }) => [p.id, p.current])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    // The earlier plan is still readable by her.
    expect((await asPatient('GET', `/api/v1/portal/plans/${first.id}`)).json()).toMatchObject({ id: first.id, title: 'Plan de marzo' });

    // Withdrawn: the previous published plan is hers again.
    const withdrawn = await call('DELETE', `/api/v1/plans/${second.id}/publish-for-patient`);
    expect(withdrawn.json().publishedAt).toBeNull();
    expect((await asPatient('GET', '/api/v1/portal/plan')).json().id).toBe(first.id);
    expect((await asPatient('GET', `/api/v1/portal/plans/${second.id}`)).statusCode).toBe(404);

    // A copy of a published plan starts unpublished.
    const copy = (await call('POST', `/api/v1/plans/${first.id}/copy`, { patientId })).json();
    expect(copy.publishedAt).toBeNull();
  });

  it('templates cannot be published for a patient; other practices and patients get 404', async () => {
    const a = await practiceWithPortalPatient(t);
    const b = await practiceWithPortalPatient(t);
    const template = (await a.call('POST', '/api/v1/plans', { type: 1, title: 'Plantilla' })).json();
    const refused = await a.call('POST', `/api/v1/plans/${template.id}/publish-for-patient`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Una plantilla no tiene paciente: para que un paciente la vea, cópiala a su ficha.');

    const plan = (await a.call('POST', '/api/v1/plans', { type: 1, title: 'Plan de A', patientId: a.patientId })).json();
    expect((await b.call('POST', `/api/v1/plans/${plan.id}/publish-for-patient`)).statusCode).toBe(404);
    expect((await b.call('DELETE', `/api/v1/plans/${plan.id}/publish-for-patient`)).statusCode).toBe(404);
    expect((await a.call('GET', `/api/v1/plans/${plan.id}`)).json().publishedAt).toBeNull();
    await a.call('POST', `/api/v1/plans/${plan.id}/publish-for-patient`);
    // Another practice's patient cannot read it, even knowing its id.
    expect((await b.asPatient('GET', `/api/v1/portal/plans/${plan.id}`)).statusCode).toBe(404);
    expect((await b.asPatient('GET', '/api/v1/portal/plans')).json()).toEqual({ items: [] });
    // A patient's token cannot publish.
    expect((await a.asPatient('POST', `/api/v1/plans/${plan.id}/publish-for-patient`)).statusCode).toBe(403);
  });

  it('the migration counts existing non-draft patient plans as published, and not templates or drafts', async () => {
    const { call, patientId } = await practiceWithPortalPatient(t);
    const given = (await call('POST', '/api/v1/plans', { type: 1, title: 'Dado', patientId, draft: 0 })).json();
    const draft = (await call('POST', '/api/v1/plans', { type: 1, title: 'Borrador', patientId, draft: 1 })).json();
    const template = (await call('POST', '/api/v1/plans', { type: 1, title: 'Plantilla', draft: 0 })).json();
    const ids = [given.id, draft.id, template.id];
    // As stored before the column existed.
    await t.database.db.updateTable('plans').set({ published_at: null }).where('id', 'in', ids).execute();
    const { up, down } = await import('../src/db/migrations/0024-plan-publishing.js');
    await down(t.database.db);
    await up(t.database.db);
    const rows = await t.database.db.selectFrom('plans').select(['id', 'published_at', 'updated_at']).where('id', 'in', ids).execute();
    const byId = Object.fromEntries(rows.map((r) => [r.id, r.published_at]));
    expect(byId).toEqual({ [given.id]: rows.find((r) => r.id === given.id)!.updated_at, [draft.id]: null, [template.id]: null });
  });
});
