// Notes (patient and own), news with seen marks, the FAQ and referrals over HTTP:
// tenant isolation of every note route, rich-text sanitisation, search, admin-only writes (403 for a
// nutritionist), unseen counts per user and referral attribution at registration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { caller, issuesOf, validPatient } from './patients-helpers.js';

const ADMIN_EMAIL = 'operadora.novedades@almendra.test';

let t: TestApp;
let asAdmin: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  asAdmin = caller(t, (await registerAndLogin(t, { email: ADMIN_EMAIL })).auth);
});
afterAll(async () => {
  await t.close();
});

async function practice() {
  const session = await registerAndLogin(t);
  const call = caller(t, session.auth);
  const patient = await call('POST', '/api/v1/patients', validPatient());
  expect(patient.statusCode).toBe(201);
  return { session, call, patientId: patient.json().id as string };
}

describe('notes', () => {
  it('writes, lists (pinned first), searches, edits and deletes a patient note and an own note', async () => {
    const { call, patientId } = await practice();
    const first = await call('POST', `/api/v1/patients/${patientId}/notes`, { title: 'Control de abril', bodyHtml: '<p>Buena <strong>adherencia</strong> al plan.</p>', date: '2026-03-01' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ patientId, title: 'Control de abril', bodyHtml: '<p>Buena <strong>adherencia</strong> al plan.</p>', date: '2026-03-01', pinned: false });
    const pinned = await call('POST', `/api/v1/patients/${patientId}/notes`, { title: 'Alergia al maní', bodyHtml: '<p>Evitar frutos secos.</p>', pinned: true });
    expect(pinned.statusCode).toBe(201);
    // Without a date: the practice's local day (the test clock is 2026-03-10 10:00 in Buenos Aires).
    expect(pinned.json().date).toBe('2026-03-10');

    const list = await call('GET', `/api/v1/patients/${patientId}/notes`);
    expect(list.json().items.map((n: { title: string }) => n.title)).toEqual(['Alergia al maní', 'Control de abril']);
    // Accent- and case-insensitive, over the title and the body's text (not its tags).
    expect((await call('GET', `/api/v1/patients/${patientId}/notes?q=ADHERENCIA`)).json().items.map((n: { id: string }) => n.id)).toEqual([first.json().id]);
    expect((await call('GET', `/api/v1/patients/${patientId}/notes?q=mani`)).json().total).toBe(1);
    expect((await call('GET', `/api/v1/patients/${patientId}/notes?q=strong`)).json().total).toBe(0);
    expect((await call('GET', `/api/v1/patients/${patientId}/notes?q=100%25`)).json().total).toBe(0);

    const own = await call('POST', '/api/v1/notes', { title: 'Congreso SAN', bodyHtml: '<p>Inscribirme antes del <em>viernes</em>.</p>', pinned: true });
    expect(own.statusCode).toBe(201);
    expect(own.json().patientId).toBeNull();
    // Own notes and patient notes are separate lists.
    expect((await call('GET', '/api/v1/notes')).json().items.map((n: { title: string }) => n.title)).toEqual(['Congreso SAN']);
    expect((await call('GET', '/api/v1/notes?q=congreso')).json().total).toBe(1);
    expect((await call('GET', `/api/v1/notes/${first.json().id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/patients/${patientId}/notes/${own.json().id}`)).statusCode).toBe(404);

    const edited = await call('PATCH', `/api/v1/notes/${own.json().id}`, { title: 'Congreso SAN 2026', pinned: false });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Congreso SAN 2026', pinned: false, bodyHtml: '<p>Inscribirme antes del <em>viernes</em>.</p>' });
    expect((await call('GET', `/api/v1/notes/${own.json().id}`)).json().title).toBe('Congreso SAN 2026');
    expect((await call('GET', '/api/v1/notes?q=2026')).json().total).toBe(1);

    const patched = await call('PATCH', `/api/v1/patients/${patientId}/notes/${first.json().id}`, { bodyHtml: '<p>Bajó 2 kg.</p>' });
    expect(patched.json().bodyHtml).toBe('<p>Bajó 2 kg.</p>');
    expect((await call('GET', `/api/v1/patients/${patientId}/notes?q=adherencia`)).json().total).toBe(0);

    expect((await call('DELETE', `/api/v1/patients/${patientId}/notes/${first.json().id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/notes/${own.json().id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/notes/${own.json().id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/patients/${patientId}/notes`)).json().total).toBe(1);

    // Patient notes are part of the per-patient export…
    const exported = await call('GET', `/api/v1/patients/${patientId}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().notes.map((n: { title: string }) => n.title)).toEqual(['Alergia al maní']);
    // …and of the clinical record's audit history.
    const history = await call('GET', `/api/v1/patients/${patientId}/audit`);
    expect(history.statusCode).toBe(200);
    const noteEntries = JSON.stringify(history.json()).match(/"entity":"note"/g) ?? [];
    expect(noteEntries.length).toBeGreaterThanOrEqual(4);
  });

  it('strips scripts, event handlers and dangerous links from the rich text', async () => {
    const { call, patientId } = await practice();
    const dirty =
      '<p onclick="steal()">Hola <strong>fuerte</strong><script>alert(1)</script></p>' +
      '<img src=x onerror="alert(2)"><iframe src="https://evil.test"></iframe>' +
      '<a href="javascript:alert(3)">mal</a> <a href="https://www.sanutricion.org.ar">bien</a><style>p{}</style><span style="color:red">rojo</span>';
    for (const url of [`/api/v1/patients/${patientId}/notes`, '/api/v1/notes']) {
      const saved = await call('POST', url, { title: 'Prueba', bodyHtml: dirty });
      expect(saved.statusCode).toBe(201);
      const html: string = saved.json().bodyHtml;
      expect(html).not.toMatch(/script|onerror|onclick|iframe|javascript:|<img|<style|style=/i);
      expect(html).toContain('<strong>fuerte</strong>');
      expect(html).toContain('<a href="https://www.sanutricion.org.ar" target="_blank" rel="noopener noreferrer nofollow">bien</a>');
      expect(html).toContain('rojo');
      // The same on a later edit.
      const again = await call('PATCH', `${url}/${saved.json().id}`, { bodyHtml: '<p>ok</p><script>x()</script>' });
      expect(again.json().bodyHtml).toBe('<p>ok</p>');
      // The script's text is not searchable text either.
      expect((await call('GET', `${url}?q=alert`)).json().total).toBe(0);
    }
  });

  it('refuses bad input with field messages', async () => {
    const { call, patientId } = await practice();
    const missing = await call('POST', `/api/v1/patients/${patientId}/notes`, { bodyHtml: '<p>x</p>' });
    expect(missing.statusCode).toBe(400);
    expect(issuesOf(missing.json()).title).toBe('Ingresa un título.');
    const badDate = await call('POST', '/api/v1/notes', { title: 'x', date: '31-12-2026' });
    expect(badDate.statusCode).toBe(400);
    expect(issuesOf(badDate.json()).date).toBeDefined();
    const tooLong = await call('POST', '/api/v1/notes', { title: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    const empty = await call('PATCH', '/api/v1/notes/whatever', {});
    expect(empty.statusCode).toBe(400);
    const badPinned = await call('POST', '/api/v1/notes', { title: 'x', pinned: 'sí' });
    expect(badPinned.statusCode).toBe(400);
  });

  it("answers 404 for another practice's patients and notes on every route", async () => {
    const owner = await practice();
    const note = (await owner.call('POST', `/api/v1/patients/${owner.patientId}/notes`, { title: 'Privada', bodyHtml: '<p>Solo mía</p>' })).json();
    const own = (await owner.call('POST', '/api/v1/notes', { title: 'Mía', bodyHtml: '' })).json();
    const intruder = await practice();
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/v1/patients/${owner.patientId}/notes`],
      ['POST', `/api/v1/patients/${owner.patientId}/notes`, { title: 'Intrusa' }],
      ['GET', `/api/v1/patients/${owner.patientId}/notes/${note.id}`],
      ['PATCH', `/api/v1/patients/${owner.patientId}/notes/${note.id}`, { title: 'Cambiada' }],
      ['DELETE', `/api/v1/patients/${owner.patientId}/notes/${note.id}`],
      // Her own patient's route with the other practice's note id.
      ['GET', `/api/v1/patients/${intruder.patientId}/notes/${note.id}`],
      ['PATCH', `/api/v1/patients/${intruder.patientId}/notes/${note.id}`, { title: 'Cambiada' }],
      ['DELETE', `/api/v1/patients/${intruder.patientId}/notes/${note.id}`],
      ['GET', `/api/v1/notes/${own.id}`],
      ['PATCH', `/api/v1/notes/${own.id}`, { title: 'Cambiada' }],
      ['DELETE', `/api/v1/notes/${own.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await intruder.call(method as 'GET', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await intruder.call('GET', '/api/v1/notes')).json().total).toBe(0);
    expect((await owner.call('GET', `/api/v1/patients/${owner.patientId}/notes/${note.id}`)).json().title).toBe('Privada');
    expect((await owner.call('GET', `/api/v1/notes/${own.id}`)).json().title).toBe('Mía');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notes' })).statusCode).toBe(401);
  });

  it('keeps the notes of a patient in the trash readable but not writable', async () => {
    const { call, patientId } = await practice();
    await call('POST', `/api/v1/patients/${patientId}/notes`, { title: 'Antes de borrar' });
    expect((await call('DELETE', `/api/v1/patients/${patientId}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/patients/${patientId}/notes`)).json().total).toBe(1);
    expect((await call('POST', `/api/v1/patients/${patientId}/notes`, { title: 'Después' })).statusCode).toBe(409);
  });
});

describe('news', () => {
  it('admins publish, nutritionists count unseen items, open them and the count clears per user', async () => {
    const ana = await practice();
    const bea = await practice();
    const before = (await ana.call('GET', '/api/v1/news/unseen-count')).json().count as number;

    const created = await asAdmin('POST', '/api/v1/admin/news', { title: 'Nueva exportación', bodyHtml: '<p>Ya puedes <strong>exportar</strong> tus pacientes.</p><script>x</script>' });
    expect(created.statusCode).toBe(201);
    expect(created.json().bodyHtml).toBe('<p>Ya puedes <strong>exportar</strong> tus pacientes.</p>');
    t.clock.advanceSeconds(1);
    const second = await asAdmin('POST', '/api/v1/admin/news', { title: 'Mejoras en la agenda', bodyHtml: '<p>Arrastra las citas.</p>' });
    expect(second.statusCode).toBe(201);
    // The author's own badge does not count what she wrote.
    expect(second.json().seen).toBe(true);
    expect((await asAdmin('GET', '/api/v1/news/unseen-count')).json().count).toBe(0);

    expect((await ana.call('GET', '/api/v1/news/unseen-count')).json().count).toBe(before + 2);
    const list = (await ana.call('GET', '/api/v1/news')).json();
    expect(list.unseenCount).toBe(before + 2);
    const mine = list.items.filter((n: { id: string }) => [created.json().id, second.json().id].includes(n.id));
    expect(mine.map((n: { title: string; seen: boolean }) => [n.title, n.seen])).toEqual([
      ['Mejoras en la agenda', false],
      ['Nueva exportación', false],
    ]);

    // Opening one item marks that one.
    const one = await ana.call('POST', '/api/v1/news/seen', { ids: [created.json().id] });
    expect(one.json().count).toBe(before + 1);
    // Opening /novedades marks all; twice is harmless.
    expect((await ana.call('POST', '/api/v1/news/seen')).json().count).toBe(0);
    expect((await ana.call('POST', '/api/v1/news/seen', {})).json().count).toBe(0);
    expect((await ana.call('GET', '/api/v1/news')).json().items.every((n: { seen: boolean }) => n.seen)).toBe(true);
    // Seen marks are per user.
    expect((await bea.call('GET', '/api/v1/news/unseen-count')).json().count).toBe(before + 2);

    // A new item counts again; an edit does not.
    await asAdmin('PATCH', `/api/v1/admin/news/${created.json().id}`, { title: 'Nueva exportación a CSV' });
    expect((await ana.call('GET', '/api/v1/news/unseen-count')).json().count).toBe(0);
    const third = await asAdmin('POST', '/api/v1/admin/news', { title: 'Tercera', bodyHtml: '<p>Más.</p>' });
    expect((await ana.call('GET', '/api/v1/news/unseen-count')).json().count).toBe(1);
    expect((await asAdmin('DELETE', `/api/v1/admin/news/${third.json().id}`)).statusCode).toBe(204);
    expect((await ana.call('GET', '/api/v1/news/unseen-count')).json().count).toBe(0);

    // An account opened after an item was published does not start with it as unseen.
    t.clock.advanceSeconds(1);
    const late = await practice();
    expect((await late.call('GET', '/api/v1/news/unseen-count')).json().count).toBe(0);
    const lateList = (await late.call('GET', '/api/v1/news')).json();
    expect(lateList.items.length).toBeGreaterThanOrEqual(2);
    expect(lateList.items.every((n: { seen: boolean }) => n.seen)).toBe(true);
  });

  it('refuses news writes to nutritionists (403) and bad input to admins', async () => {
    const { call } = await practice();
    const item = (await asAdmin('POST', '/api/v1/admin/news', { title: 'X', bodyHtml: '<p>Y</p>' })).json();
    for (const [method, url] of [
      ['POST', '/api/v1/admin/news'],
      ['PATCH', `/api/v1/admin/news/${item.id}`],
      ['DELETE', `/api/v1/admin/news/${item.id}`],
      ['POST', '/api/v1/admin/faq/categories'],
      ['PATCH', '/api/v1/admin/faq/categories/faq-cat-portal'],
      ['DELETE', '/api/v1/admin/faq/categories/faq-cat-portal'],
      ['POST', '/api/v1/admin/faq/items'],
      ['PATCH', '/api/v1/admin/faq/items/faq-crear-paciente'],
      ['DELETE', '/api/v1/admin/faq/items/faq-crear-paciente'],
    ] as const) {
      const response = await call(method, url, method === 'DELETE' ? undefined : { title: 'Hack', bodyHtml: '<p>x</p>', name: 'x', question: 'x', answerHtml: 'x', categoryId: 'faq-cat-portal' });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const empty = await asAdmin('POST', '/api/v1/admin/news', { title: 'Sin texto', bodyHtml: '<p><script>x</script></p>' });
    expect(empty.statusCode).toBe(400);
    expect(issuesOf(empty.json()).bodyHtml).toBe('Escribe el texto de la novedad.');
    expect((await asAdmin('POST', '/api/v1/admin/news', { bodyHtml: '<p>x</p>' })).statusCode).toBe(400);
    expect((await asAdmin('PATCH', '/api/v1/admin/news/no-existe', { title: 'x' })).statusCode).toBe(404);
    expect((await asAdmin('DELETE', '/api/v1/admin/news/no-existe')).statusCode).toBe(404);
  });
});

describe('FAQ', () => {
  it('ships real answers, searches them accent-insensitively and admins manage categories and items', async () => {
    const { call } = await practice();
    const faq = (await call('GET', '/api/v1/faq')).json();
    expect(faq.categories.map((c: { name: string }) => c.name)).toEqual([
      'Pacientes',
      'Consultas',
      'Planes de alimentación',
      'Citas y agenda',
      'Portal del paciente',
      'Perfil público y solicitudes de turno',
      'Marketing y estadísticas',
      'Suscripción y cobros',
      'Chat y videollamadas',
    ]);
    // Help tells the truth (issue 24): booking sends no confirmation email; every area has an answer.
    const allText = JSON.stringify(faq.categories);
    expect(allText).not.toContain('recibe la confirmación');
    expect(allText).toContain('Agendar una cita no envía ningún correo');
    for (const term of ['perfil', 'Marketing', 'Estadísticas', 'suscripción', 'Cobros', 'Videollamada']) expect(allText, term).toContain(term);
    expect(faq.categories[0].items[0]).toMatchObject({ question: '¿Cómo creo un paciente?' });

    const portal = (await call('GET', '/api/v1/faq?q=invito portal')).json();
    expect(portal.categories.flatMap((c: { items: { id: string }[] }) => c.items.map((i) => i.id))).toEqual(['faq-invitar-portal']);
    // "formula" finds "fórmula" in an answer; a category name finds all its items.
    expect((await call('GET', '/api/v1/faq?q=FORMULA')).json().categories[0].items[0].id).toBe('faq-crear-plan');
    const agenda = (await call('GET', '/api/v1/faq?q=agenda')).json();
    expect(agenda.categories.find((c: { name: string }) => c.name === 'Citas y agenda').items).toHaveLength(2);
    expect((await call('GET', '/api/v1/faq?q=zzzz')).json().categories).toEqual([]);

    const category = await asAdmin('POST', '/api/v1/admin/faq/categories', { name: 'Facturación' });
    expect(category.statusCode).toBe(201);
    expect(category.json().position).toBe(9);
    const item = await asAdmin('POST', '/api/v1/admin/faq/items', { categoryId: category.json().id, question: '¿Cómo cargo mis datos fiscales?', answerHtml: '<p>En <strong>Mi cuenta</strong>.</p><img src=x onerror=alert(1)>' });
    expect(item.statusCode).toBe(201);
    expect(item.json().answerHtml).toBe('<p>En <strong>Mi cuenta</strong>.</p>');
    expect((await call('GET', '/api/v1/faq?q=fiscales')).json().categories[0].items[0].id).toBe(item.json().id);
    const moved = await asAdmin('PATCH', `/api/v1/admin/faq/items/${item.json().id}`, { question: '¿Dónde cargo el CUIT?' });
    expect(moved.json().question).toBe('¿Dónde cargo el CUIT?');
    expect((await call('GET', '/api/v1/faq?q=cuit')).json().categories).toHaveLength(1);
    expect((await asAdmin('PATCH', `/api/v1/admin/faq/categories/${category.json().id}`, { name: 'Facturación y pagos' })).json().items).toHaveLength(1);

    const unknownCategory = await asAdmin('POST', '/api/v1/admin/faq/items', { categoryId: 'no-existe', question: 'x', answerHtml: '<p>y</p>' });
    expect(unknownCategory.statusCode).toBe(400);
    expect(issuesOf(unknownCategory.json()).categoryId).toBe('Esa categoría no existe.');
    expect((await asAdmin('POST', '/api/v1/admin/faq/items', { categoryId: category.json().id, question: 'x', answerHtml: '' })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/v1/admin/faq/categories', { name: ' ' })).statusCode).toBe(400);

    expect((await asAdmin('DELETE', `/api/v1/admin/faq/categories/${category.json().id}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/v1/faq?q=cuit')).json().categories).toEqual([]);
    expect((await asAdmin('DELETE', `/api/v1/admin/faq/items/${item.json().id}`)).statusCode).toBe(404);
    expect((await asAdmin('PATCH', '/api/v1/admin/faq/categories/no-existe', { name: 'x' })).statusCode).toBe(404);
  });
});

describe('referrals', () => {
  it('attributes a registration made with the link to its owner, and only to her', async () => {
    const ana = await practice();
    const info = (await ana.call('GET', '/api/v1/referrals')).json();
    expect(info.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(info.linkPath).toBe(`/comenzar?ref=${info.code}`);
    expect(info).toMatchObject({ total: 0, referred: [] });
    // The code is stable.
    expect((await ana.call('GET', '/api/v1/referrals')).json().code).toBe(info.code);

    const colleague = await registerAndLogin(t, { firstName: 'Carla', lastName: 'Gómez', referralCode: info.code.toLowerCase() });
    const second = await registerAndLogin(t, { firstName: 'Diego', lastName: 'Ruiz', referralCode: ` ${info.code} ` });
    // An unknown or malformed code never blocks the sign-up.
    await registerAndLogin(t, { firstName: 'Eva', lastName: 'Sosa', referralCode: 'ZZZZZZZZ' });
    await registerAndLogin(t, { firstName: 'Flor', lastName: 'Paz', referralCode: '<script>' });

    const after = (await ana.call('GET', '/api/v1/referrals')).json();
    expect(after.total).toBe(2);
    expect(after.referred.map((r: { firstName: string; lastName: string; active: boolean }) => [r.firstName, r.lastName, r.active])).toEqual(
      expect.arrayContaining([
        ['Carla', 'Gómez', true],
        ['Diego', 'Ruiz', true],
      ]),
    );
    expect(after.referred[0].registeredAt).toBe(t.clock.now().toISOString());
    expect(after.referred.map((r: { id: string }) => r.id)).toContain(colleague.session.nutritionist.id);
    void second;

    // The referred colleague has her own code and an empty list; other practices see nothing of Ana's.
    const carla = (await caller(t, colleague.auth)('GET', '/api/v1/referrals')).json();
    expect(carla.code).not.toBe(info.code);
    expect(carla.total).toBe(0);
    expect((await (await practice()).call('GET', '/api/v1/referrals')).json().total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/referrals' })).statusCode).toBe(401);
  });
});
