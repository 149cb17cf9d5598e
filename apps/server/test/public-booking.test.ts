// Integration tests of the public web profile and online booking (issue 11): profile editing and slug
// rules, the public API and the /p/{slug} page, appointment requests with their spam guards, and the
// inbox flow request → new patient → pending appointment → confirm/reject → email, slot freed.
// SQLite by default, PostgreSQL when TEST_DATABASE_URL is set. The test clock starts on Tuesday
// 2026-03-10 at 13:00 UTC (10:00 in Buenos Aires).
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessEventBus, channels, type RealtimeEvent } from '../src/lib/event-bus.js';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { sentPage } from '../src/modules/public-profile/public-page.js';

let t: TestApp;
const bus = new InProcessEventBus();
beforeAll(async () => {
  t = await createTestApp({}, { bus });
});
afterAll(async () => {
  await t.close();
  await bus.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Call = (method: Method, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

let ipCounter = 0;
/** Each visitor comes from its own address unless a test says otherwise (the per-IP limit is shared). */
const visitorIp = () => `203.0.113.${(ipCounter += 1)}`;
let slugCounter = 0;

/** A published practice: one place open Mon–Fri 09:00–13:00 with a 45-minute service. */
async function practice() {
  const session = await registerAndLogin(t);
  const call: Call = (method, url, payload) =>
    t.app.inject({ method, url, headers: session.auth, ...(payload === undefined ? {} : { payload: payload as never }) });
  const place = (await call('POST', '/api/v1/locations', { name: 'Consultorio Palermo', street: 'Av. Santa Fe', streetNumber: '3456', latitude: -34.58, longitude: -58.42 })).json();
  await call('PUT', `/api/v1/locations/${place.id}/schedule`, {
    days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ start: '09:00', end: '13:00' }] })),
  });
  const service = (await call('POST', `/api/v1/locations/${place.id}/services`, { name: 'Primera consulta', durationMinutes: 45, priceCents: 2500000 })).json();
  slugCounter += 1;
  const slug = `lic-prueba-${slugCounter}-${Date.now().toString(36)}`;
  const saved = await call('PATCH', '/api/v1/me/public-profile', {
    slug,
    published: true,
    headline: 'Nutrición clínica y deportiva',
    titles: [{ title: 'Licenciada en Nutrición', detail: 'UBA' }],
    services: [{ title: 'Planes personalizados' }],
    locationIds: [place.id],
  });
  if (saved.statusCode !== 200) throw new Error(`profile: ${saved.body}`);
  const anonymous = (method: Method, url: string, payload?: unknown, ip = visitorIp()) =>
    t.app.inject({ method, url, remoteAddress: ip, ...(payload === undefined ? {} : { payload: payload as never }) });
  const me = await t.database.db.selectFrom('nutritionists').innerJoin('users', 'users.id', 'nutritionists.user_id').select('nutritionists.id').where('users.email', '=', String(session.body.email).toLowerCase()).executeTakeFirstOrThrow();
  return { ...session, call, anonymous, place, service, slug, nutritionistId: me.id };
}

const visitor = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lucía Fernández',
  phone: '011 15 4567-8901',
  email: `lucia.${Math.random().toString(36).slice(2, 8)}@correo.test`,
  message: 'Quisiera bajar de peso.',
  ...overrides,
});

async function outboxTo(address: string) {
  return t.database.db.selectFrom('outbox_emails').select(['subject', 'text_body']).where('to_address', '=', address).orderBy('created_at').execute();
}

describe('/api/v1/me/public-profile', () => {
  it('starts empty with a suggested slug, saves any subset and keeps list order and ids', async () => {
    const session = await registerAndLogin(t);
    const call: Call = (method, url, payload) => t.app.inject({ method, url, headers: session.auth, ...(payload === undefined ? {} : { payload: payload as never }) });
    const empty = (await call('GET', '/api/v1/me/public-profile')).json();
    expect(empty).toMatchObject({ slug: null, published: false, titles: [], locationIds: [], hasCover: false });
    expect(empty.suggestedSlug).toMatch(/^[a-z0-9-]{3,}$/);

    const first = (await call('PATCH', '/api/v1/me/public-profile', { studies: [{ title: 'Posgrado en obesidad' }, { title: 'Curso de diabetes', detail: '2024' }] })).json();
    expect(first.studies.map((s: { title: string }) => s.title)).toEqual(['Posgrado en obesidad', 'Curso de diabetes']);
    const [a, b] = first.studies;
    const reordered = (await call('PATCH', '/api/v1/me/public-profile', { studies: [b, { ...a, title: 'Posgrado en obesidad (UBA)' }] })).json();
    expect(reordered.studies).toEqual([b, { ...a, title: 'Posgrado en obesidad (UBA)' }]);
    expect(reordered.slug).toBeNull();
  });

  it('refuses publishing without a slug, a malformed or reserved slug, and another nutritionist’s slug (409)', async () => {
    const owner = await practice();
    const other = await registerAndLogin(t);
    const patch = (payload: unknown) => t.app.inject({ method: 'PATCH', url: '/api/v1/me/public-profile', headers: other.auth, payload: payload as never });
    expect((await patch({ published: true })).json().error).toMatchObject({ code: 'DOMAIN_RULE', message: 'Elige la dirección de tu perfil antes de publicarlo.' });
    const bad = await patch({ slug: 'Ana Pérez!' });
    expect(bad.statusCode).toBe(400);
    expect((await patch({ slug: 'admin' })).statusCode).toBe(400);
    const taken = await patch({ slug: owner.slug.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Esa dirección ya la usa otro profesional. Elige otra.');
    // Another tenant's place cannot be shown on one's profile.
    expect((await patch({ locationIds: [owner.place.id] })).statusCode).toBe(404);
  });
});

describe('public profile API and page', () => {
  it('uploads a cover (re-encoded WebP), serves it on the profile’s own origin and in og:image; refuses other files', async () => {
    const { auth, anonymous, slug } = await practice();
    const upload = (bytes: Buffer, type: string) => {
      const boundary = '----cover';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="portada"\r\nContent-Type: ${type}\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({ method: 'PUT', url: '/api/v1/me/public-profile/cover', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    };
    expect((await upload(Buffer.from('no soy una imagen'), 'image/png')).statusCode).toBe(415);
    const png = await sharp({ create: { width: 2400, height: 900, channels: 3, background: { r: 20, g: 120, b: 90 } } }).png().toBuffer();
    const saved = await upload(png, 'image/png');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ hasCover: true, coverUpdatedAt: expect.any(String) });
    const view = (await anonymous('GET', `/api/v1/public/profiles/${slug}`)).json();
    expect(view.coverUrl).toMatch(new RegExp(`^/api/v1/public/profiles/${slug}/cover\\?v=`));
    const cover = await anonymous('GET', view.coverUrl);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');
    const meta = await sharp(cover.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 600]);
    const page = (await anonymous('GET', `/p/${slug}`)).body;
    expect(page).toContain(`<meta property="og:image" content="http://almendra.test${view.coverUrl.replace(/&/g, '&amp;')}">`);
    expect(page).toContain(`<img class="cover" src="${view.coverUrl.replace(/&/g, '&amp;')}"`);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/me/public-profile/cover', headers: auth })).json().hasCover).toBe(false);
    expect((await anonymous('GET', view.coverUrl)).statusCode).toBe(404);
  });

  it('answers the published profile with places, hours and services; unpublished and unknown slugs are 404', async () => {
    const { call, anonymous, slug, place, service } = await practice();
    const view = await anonymous('GET', `/api/v1/public/profiles/${slug}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      slug,
      headline: 'Nutrición clínica y deportiva',
      titles: [{ title: 'Licenciada en Nutrición', detail: 'UBA' }],
      locations: [
        {
          id: place.id,
          address: 'Av. Santa Fe 3456',
          latitude: -34.58,
          hours: expect.arrayContaining([{ weekday: 1, ranges: [{ start: '09:00', end: '13:00' }] }]),
          services: [{ id: service.id, name: 'Primera consulta', durationMinutes: 45 }],
        },
      ],
    });
    expect((await anonymous('GET', '/api/v1/public/profiles/no-existe-este-perfil')).statusCode).toBe(404);
    await call('PATCH', '/api/v1/me/public-profile', { published: false });
    expect((await anonymous('GET', `/api/v1/public/profiles/${slug}`)).statusCode).toBe(404);
    const page = await anonymous('GET', `/p/${slug}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('No encontramos este perfil');
  });

  it('renders /p/{slug} on the server: title, description, Open Graph, no other origin, under 50 KB', async () => {
    const { anonymous, slug, place } = await practice();
    const page = await anonymous('GET', `/p/${slug}?lugar=${place.id}&fecha=2026-03-11`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    // The practice is in Argentina (es-AR): the page speaks voseo, and a long word wraps instead of scrolling sideways.
    expect(html).toMatch(/<html lang="es-AR">/);
    expect(html).toContain('>Pedí tu turno</a>');
    expect(html).not.toMatch(/Pide tu turno|Elige un|Prueba otro|deja tus datos/);
    expect(html).toContain('overflow-wrap:anywhere');
    // Her services (with price), chosen by default; no made-up "Consulta".
    expect(html).toMatch(/<select id="servicio" name="servicio"><option value="[^"]+" selected>Primera consulta \(45 min, \$\s?25\.000\)<\/option><\/select>/);
    expect(html).not.toContain('>Consulta<');
    expect(html).toMatch(/<title>[^<]+ — Nutricionista · Turnos online<\/title>/);
    expect(html).toContain('<meta name="description" content="Nutrición clínica y deportiva · Licenciada en Nutrición">');
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain(`<meta property="og:url" content="http://almendra.test/p/${slug}">`);
    expect(Buffer.byteLength(html)).toBeLessThan(50 * 1024);
    // No script, stylesheet, font or image from elsewhere (links to the map are fine).
    expect(html).not.toMatch(/<img[^>]+src="https?:\/\//);
    expect(html).not.toMatch(/<link rel="(stylesheet|preload|icon|preconnect)/);
    expect(html).not.toContain('<script');
    // Free slots of Wednesday 11 as radio buttons in the request form, 09:00 first.
    expect(html).toContain('name="inicio" value="2026-03-11T12:00:00.000Z"');
    expect(html).toContain('Prefiero que me llamen');
  });

  it('lists only free slots and refuses a place that is not on the profile', async () => {
    const { call, anonymous, slug, place, service } = await practice();
    const hidden = (await call('POST', '/api/v1/locations', { name: 'Consultorio oculto' })).json();
    const slots = await anonymous('GET', `/api/v1/public/profiles/${slug}/slots?locationId=${place.id}&serviceId=${service.id}&date=2026-03-11`);
    expect(slots.statusCode).toBe(200);
    const list = slots.json() as Array<{ start: string; end: string; available: boolean }>;
    expect(list.length).toBeGreaterThan(3);
    expect(list.every((s) => s.available)).toBe(true);
    expect(list[0]).toMatchObject({ start: '2026-03-11T12:00:00.000Z', end: '2026-03-11T12:45:00.000Z' });
    expect((await anonymous('GET', `/api/v1/public/profiles/${slug}/slots?locationId=${hidden.id}&date=2026-03-11`)).statusCode).toBe(404);
    expect((await anonymous('GET', `/api/v1/public/profiles/${slug}/slots?locationId=${place.id}&date=11-03-2026`)).statusCode).toBe(400);

    // A place open on Thursdays only: without a date the page opens on Thursday 12, its first free day.
    const thursdays = (await call('POST', '/api/v1/locations', { name: 'Consultorio Centro' })).json();
    await call('PUT', `/api/v1/locations/${thursdays.id}/schedule`, { days: [{ weekday: 4, ranges: [{ start: '16:00', end: '18:00' }] }] });
    await call('PATCH', '/api/v1/me/public-profile', { locationIds: [place.id, thursdays.id] });
    const page = (await anonymous('GET', `/p/${slug}?lugar=${thursdays.id}`)).body;
    expect(page).toContain('<input id="fecha" name="fecha" type="date" min="2026-03-10" value="2026-03-12">');
    expect(page).toContain('name="inicio" value="2026-03-12T19:00:00.000Z"');
  });
});

describe('appointment requests', () => {
  it('request → new patient → pending appointment holding the slot → confirm → scheduled, email, events', async () => {
    const { call, anonymous, slug, place, service, nutritionistId } = await practice();
    const events: RealtimeEvent[] = [];
    const stop = await bus.subscribe(channels.nutritionist(nutritionistId), (event) => events.push(event));
    const body = visitor();
    const created = await anonymous('POST', `/api/v1/public/profiles/${slug}/appointment-requests`, {
      ...body,
      locationId: place.id,
      serviceId: service.id,
      start: '2026-03-11T12:00:00.000Z',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(String), status: 'pending' });
    const requestId = created.json().id as string;
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['marketing.requests-changed', 'citas-actualizadas']));

    // The slot is no longer offered, and a second visitor asking for it gets 409.
    const slots = (await anonymous('GET', `/api/v1/public/profiles/${slug}/slots?locationId=${place.id}&serviceId=${service.id}&date=2026-03-11`)).json();
    expect(slots.map((s: { start: string }) => s.start)).not.toContain('2026-03-11T12:00:00.000Z');
    const clash = await anonymous('POST', `/api/v1/public/profiles/${slug}/appointment-requests`, { ...visitor(), locationId: place.id, serviceId: service.id, start: '2026-03-11T12:30:00.000Z' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe('Ese horario ya no está disponible. Elige otro.');

    // The inbox, the badge, the new patient (new-patients tab only) and the pending appointment.
    expect((await call('GET', '/api/v1/marketing/unseen-count')).json()).toEqual({ count: 1 });
    const inbox = (await call('GET', '/api/v1/marketing/requests')).json();
    expect(inbox.unseenCount).toBe(1);
    const item = inbox.items[0];
    expect(item).toMatchObject({ id: requestId, name: 'Lucía Fernández', kind: 'slot', status: 'pending', seen: false, whatsappNumber: '5491145678901', serviceName: 'Primera consulta' });
    const newPatients = (await call('GET', '/api/v1/patients?status=new')).json().items as Array<{ id: string }>;
    expect(newPatients.map((p) => p.id)).toEqual([item.patientId]);
    expect(((await call('GET', '/api/v1/patients?status=active')).json().items as Array<{ id: string }>).map((p) => p.id)).not.toContain(item.patientId);
    const appointment = (await call('GET', `/api/v1/appointments/${item.appointmentId}`)).json();
    expect(appointment).toMatchObject({ status: 'pending', patientId: item.patientId, start: '2026-03-11T12:00:00.000Z', end: '2026-03-11T12:45:00.000Z' });

    // Marking all seen zeroes the badge.
    expect((await call('POST', '/api/v1/marketing/requests/seen')).json()).toEqual({ count: 0, marked: 1 });
    expect((await call('GET', '/api/v1/marketing/unseen-count')).json()).toEqual({ count: 0 });

    events.length = 0;
    const confirmed = await call('PATCH', `/api/v1/marketing/requests/${requestId}`, { status: 'confirmed' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', decidedAt: expect.any(String) });
    expect((await call('GET', `/api/v1/appointments/${item.appointmentId}`)).json().status).toBe('scheduled');
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['citas-actualizadas', 'marketing.requests-changed']));
    const mails = await outboxTo(body.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Recibimos tu solicitud/), expect.stringMatching(/^Turno confirmado/)]);
    expect(mails[1]!.text_body).toContain('miércoles 11-03-2026 a las 09:00');
    // Deciding twice is a conflict.
    expect((await call('PATCH', `/api/v1/marketing/requests/${requestId}`, { status: 'rejected', reason: 'x' })).statusCode).toBe(409);

    // The first consultation for that appointment completes it (calendars are told) and counts as a conversion.
    events.length = 0;
    const consultation = await call('POST', `/api/v1/patients/${item.patientId}/consultations`, { date: '2026-03-10', time: '09:00', appointmentId: item.appointmentId });
    expect(consultation.statusCode).toBe(201);
    expect(events.map((e) => e.type)).toContain('citas-actualizadas');
    expect((await call('GET', `/api/v1/appointments/${item.appointmentId}`)).json().status).toBe('completed');
    const overview = (await call('GET', '/api/v1/marketing/overview')).json();
    expect(overview.conversion).toMatchObject({ requests: 1, confirmed: 1, firstConsultations: 1, rate: 1 });
    expect(overview.completedAppointments).toEqual([expect.objectContaining({ id: item.appointmentId, patientName: 'Lucía Fernández', serviceName: 'Primera consulta' })]);
    await stop();
  });

  it('reject needs a reason, cancels the pending appointment, frees the slot and emails the reason', async () => {
    const { call, anonymous, slug, place, service } = await practice();
    const body = visitor();
    const start = '2026-03-12T13:00:00.000Z';
    const id = (await anonymous('POST', `/api/v1/public/profiles/${slug}/appointment-requests`, { ...body, locationId: place.id, serviceId: service.id, start })).json().id;
    const free = async () =>
      ((await anonymous('GET', `/api/v1/public/profiles/${slug}/slots?locationId=${place.id}&serviceId=${service.id}&date=2026-03-12`)).json() as Array<{ start: string }>).map((s) => s.start);
    expect(await free()).not.toContain(start);
    const noReason = await call('PATCH', `/api/v1/marketing/requests/${id}`, { status: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await call('PATCH', `/api/v1/marketing/requests/${id}`, { status: 'rejected', reason: 'Ese día estoy de congreso.' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectReason: 'Ese día estoy de congreso.' });
    expect((await call('GET', `/api/v1/appointments/${rejected.json().appointmentId}?`)).json().status).toBe('cancelled');
    expect(await free()).toContain(start);
    const mails = await outboxTo(body.email);
    // Same instant as the receipt email (the clock stands still): look for it among her emails, not by order.
    expect(mails.map((m) => m.text_body).join('\n')).toContain('Motivo: Ese día estoy de congreso.');
  });

  it('without a slot it is a call-back request: a new patient, no appointment', async () => {
    const { call, anonymous, slug } = await practice();
    const created = await anonymous('POST', `/api/v1/public/profiles/${slug}/appointment-requests`, visitor({ phone: '+54 9 351 555-1234' }));
    expect(created.statusCode).toBe(201);
    const item = (await call('GET', '/api/v1/marketing/requests')).json().items[0];
    expect(item).toMatchObject({ kind: 'callback', appointmentId: null, start: null, patientId: expect.any(String) });
    const overview = (await call('GET', '/api/v1/marketing/overview')).json();
    expect(overview.conversion).toMatchObject({ requests: 1, pending: 1, confirmed: 0, firstConsultations: 0, rate: 0 });
  });

  it('spam guards: honeypot, open requests per email, rate limit per IP — each with a clear error', async () => {
    const { anonymous, slug } = await practice();
    const url = `/api/v1/public/profiles/${slug}/appointment-requests`;
    const honeypot = await anonymous('POST', url, visitor({ website: 'http://spam.example' }));
    expect(honeypot.statusCode).toBe(422);
    expect(honeypot.json().error.message).toContain('Sitio web');

    const email = 'repetida@correo.test';
    for (let i = 0; i < 3; i += 1) expect((await anonymous('POST', url, visitor({ email }))).statusCode).toBe(201);
    const fourth = await anonymous('POST', url, visitor({ email: 'REPETIDA@correo.test' }));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe('Ya tienes 3 solicitudes pendientes con este profesional. Espera su respuesta antes de enviar otra.');

    const ip = '198.51.100.77';
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) codes.push((await anonymous('POST', url, visitor(), ip)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);

    const bad = await anonymous('POST', url, { name: 'A', phone: 'abc', email: 'no-es-correo' });
    expect(bad.statusCode).toBe(400);
  });

  it('the no-JavaScript form posts, redirects to a confirmation that restates day, time and place, and re-renders errors at the first one', async () => {
    const { call, anonymous, slug, place, service } = await practice();
    await call('PATCH', `/api/v1/locations/${place.id}`, { detail: 'Piso 3, depto. B' });
    const form = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/p/${slug}/solicitud`,
        remoteAddress: visitorIp(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const ok = await form({ lugar: place.id, servicio: service.id, fecha: '2026-03-13', inicio: '2026-03-13T14:00:00.000Z', nombre: 'Pedro Gómez', telefono: '3415551234', correo: 'pedro@correo.test', mensaje: '', website: '' });
    expect(ok.statusCode).toBe(303);
    const created = (await call('GET', '/api/v1/marketing/requests')).json().items[0];
    expect(created).toMatchObject({ name: 'Pedro Gómez', start: '2026-03-13T14:00:00.000Z', serviceName: 'Primera consulta' });
    expect(ok.headers.location).toBe(`/p/${slug}/enviada?tipo=turno&solicitud=${created.id}`);
    const sent = (await anonymous('GET', ok.headers.location as string)).body;
    expect(sent).toContain('¡Solicitud enviada!');
    expect(sent).toContain('<dt>Día</dt><dd>viernes 13-03-2026</dd><dt>Hora</dt><dd>11:00</dd>');
    expect(sent).toContain('<dt>Lugar</dt><dd>Consultorio Palermo · Av. Santa Fe 3456 · Piso 3, depto. B</dd>');
    expect(sent).toMatch(/<dt>Servicio<\/dt><dd>Primera consulta · \$\s?25\.000<\/dd>/);
    // This test server has no SMTP: the receipt goes to the log, not to Pedro, so the page promises no email…
    expect(sent).not.toMatch(/Te enviamos|Te mandamos|correo/i);
    expect((await outboxTo('pedro@correo.test')).map((m) => m.subject)).toEqual([expect.stringMatching(/^Recibimos tu solicitud/)]);
    // …and with SMTP it says what the email is: a receipt of the request, not a confirmed appointment.
    const profileView = { ...(await anonymous('GET', `/api/v1/public/profiles/${slug}`)).json(), voice: 'es' as const };
    const withMail = sentPage(profileView, 'llamada', 'https://x.test/p/s', null, true);
    expect(withMail).toContain('Te enviamos un correo que confirma que tu pedido llegó.');
    expect(withMail).not.toContain('correo de confirmación');
    expect(sentPage({ ...profileView, voice: 'es-AR' }, 'turno', 'https://x.test/p/s', null, true)).toContain('Te enviamos un correo con los datos de tu pedido');
    expect(sentPage({ ...profileView, voice: 'es-AR' }, 'llamada', 'https://x.test/p/s', null, false)).toContain('se comunicará con vos.');
    // Another practice's request id restates nothing.
    const other = await practice();
    expect((await anonymous('GET', `/p/${other.slug}/enviada?tipo=turno&solicitud=${created.id}`)).body).not.toContain('<dl');

    // Errors: status 400, messages in the practice's voice, and the page opens on the first invalid field.
    const invalid = await form({ nombre: '', telefono: '12', correo: 'x', website: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Revisá los datos marcados.');
    expect(invalid.body).toContain('Ingresá un correo electrónico válido.');
    expect(invalid.body.match(/ autofocus/g)).toHaveLength(1);
    expect(invalid.body).toMatch(/<input id="nombre"[^>]+aria-invalid="true" autofocus>/);
    const badEmail = await form({ nombre: 'Ana Ruiz', telefono: '3415551234', correo: 'x', website: '' });
    expect(badEmail.body).toMatch(/<input id="correo"[^>]+aria-invalid="true" autofocus>/);
    const taken = await form({ lugar: place.id, servicio: service.id, fecha: '2026-03-13', inicio: '2026-03-13T14:00:00.000Z', nombre: 'Otra Persona', telefono: '3415550000', correo: 'otra@correo.test', website: '' });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('Ese horario ya no está disponible. Elegí otro.');
    expect(taken.body).toMatch(/<input type="radio" name="inicio" value="[^"]+" autofocus required>/);
  });

  it('a place with services is booked for one of them; a practice without services shows no service choice; a neutral-Spanish practice says “Pide tu turno”', async () => {
    const { call, anonymous, slug, place, service, nutritionistId } = await practice();
    const url = `/api/v1/public/profiles/${slug}/appointment-requests`;
    const missing = await anonymous('POST', url, { ...visitor(), locationId: place.id, start: '2026-03-11T12:00:00.000Z' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Elige un servicio.' });
    // A call-back about a place carries the service asked about.
    expect((await anonymous('POST', url, { ...visitor(), locationId: place.id, serviceId: service.id })).statusCode).toBe(201);
    expect((await call('GET', '/api/v1/marketing/requests')).json().items[0]).toMatchObject({ kind: 'callback', serviceName: 'Primera consulta' });

    await call('DELETE', `/api/v1/locations/${place.id}/services/${service.id}`);
    const plain = (await anonymous('GET', `/p/${slug}?lugar=${place.id}&fecha=2026-03-11`)).body;
    expect(plain).not.toContain('id="servicio"');
    expect(plain).toContain('name="inicio" value="2026-03-11T12:00:00.000Z"');

    const user = await t.database.db.selectFrom('nutritionists').select('user_id').where('id', '=', nutritionistId).executeTakeFirstOrThrow();
    await t.database.db.updateTable('users').set({ locale: 'es' }).where('id', '=', user.user_id).execute();
    const neutral = (await anonymous('GET', `/p/${slug}`)).body;
    expect(neutral).toMatch(/<html lang="es">/);
    expect(neutral).toContain('>Pide tu turno</a>');
  });
});

describe('request emails', () => {
  it('the nutritionist is emailed each new request; the visitor’s emails carry floor, phone and profile link in the practice’s voice', async () => {
    const { call, anonymous, slug, place, service, nutritionistId, body: registered } = await practice();
    await call('PATCH', `/api/v1/locations/${place.id}`, { detail: 'Piso 3, depto. B' });
    await t.database.db.updateTable('nutritionists').set({ phone: '11 4567-8900' }).where('id', '=', nutritionistId).execute();
    const guest = visitor({ name: 'Lucía Fernández', message: 'Quisiera bajar de peso.' });
    await anonymous('POST', `/api/v1/public/profiles/${slug}/appointment-requests`, { ...guest, locationId: place.id, serviceId: service.id, start: '2026-03-11T12:00:00.000Z' });

    const toHer = await outboxTo(String(registered.email).toLowerCase());
    const notice = toHer.find((m) => m.subject === 'Nueva solicitud de turno: Lucía Fernández');
    expect(notice).toBeDefined();
    expect(notice!.text_body).toContain('Cuándo: miércoles 11-03-2026 a las 09:00, Consultorio Palermo — Primera consulta');
    expect(notice!.text_body).toContain(`Teléfono: ${guest.phone}`);
    expect(notice!.text_body).toContain(`Correo: ${guest.email}`);
    expect(notice!.text_body).toContain('Mensaje: Quisiera bajar de peso.');
    expect(notice!.text_body).toContain('Podés confirmarla o rechazarla en Marketing: http://almendra.test/marketing');

    const [received] = await outboxTo(guest.email as string);
    expect(received!.text_body).toContain('para el miércoles 11-03-2026 a las 09:00 en Consultorio Palermo (Av. Santa Fe 3456, Piso 3, depto. B) — Primera consulta');
    expect(received!.text_body).toContain('Teléfono de ');
    expect(received!.text_body).toContain(': 11 4567-8900');
    expect(received!.text_body).toContain(`Su perfil: http://almendra.test/p/${slug}`);
    const item = (await call('GET', '/api/v1/marketing/requests')).json().items[0];
    await call('PATCH', `/api/v1/marketing/requests/${item.id}`, { status: 'confirmed' });
    // Both emails carry the same instant (the test's clock stands still), so pick the confirmation by its subject.
    const confirmed = (await outboxTo(guest.email as string)).find((m) => m.subject.startsWith('Turno confirmado'))!;
    expect(confirmed.text_body).toContain('(Av. Santa Fe 3456, Piso 3, depto. B)');
    expect(confirmed.text_body).toContain('Si no podés asistir, avisale con anticipación.');
    expect(confirmed.text_body).toContain(`Su perfil: http://almendra.test/p/${slug}`);

    // A call-back to a neutral-Spanish practice: tú; to one using the app in English, her notice in English.
    const user = await t.database.db.selectFrom('nutritionists').select('user_id').where('id', '=', nutritionistId).executeTakeFirstOrThrow();
    await t.database.db.updateTable('users').set({ locale: 'es' }).where('id', '=', user.user_id).execute();
    const neutral = visitor();
    await anonymous('POST', `/api/v1/public/profiles/${slug}/appointment-requests`, neutral);
    expect((await outboxTo(neutral.email as string))[0]!.text_body).toContain('se comunique contigo.');
    const rejectedId = (await call('GET', '/api/v1/marketing/requests')).json().items.find((r: { email: string }) => r.email === neutral.email).id;
    await call('PATCH', `/api/v1/marketing/requests/${rejectedId}`, { status: 'rejected', reason: 'Puedes escribirme en marzo.' });
    const rejected = (await outboxTo(neutral.email as string)).find((m) => m.text_body.includes('Motivo:'))?.text_body ?? '';
    expect(rejected).toContain('Motivo: Puedes escribirme en marzo.');
    expect(rejected).toContain(`Puedes pedir otro horario desde su perfil: http://almendra.test/p/${slug}`);
    await t.database.db.updateTable('users').set({ locale: 'en' }).where('id', '=', user.user_id).execute();
    await anonymous('POST', `/api/v1/public/profiles/${slug}/appointment-requests`, visitor({ name: 'Ana Ruiz' }));
    const english = (await outboxTo(String(registered.email).toLowerCase())).find((m) => m.subject === 'New appointment request: Ana Ruiz');
    expect(english!.text_body).toContain('When: asks to be called back');
  });
});

describe('new patients become the practice’s patients', () => {
  const listIds = async (call: Call, query: string) => ((await call('GET', `/api/v1/patients?${query}`)).json().items as Array<{ id: string }>).map((p) => p.id);

  it('a first consultation moves a booked patient from “Nuevos” to the list, its search, the statistics and the contacts export', async () => {
    const { call, anonymous, slug, place, service } = await practice();
    const body = visitor({ name: 'Roberta Quiroga' });
    await anonymous('POST', `/api/v1/public/profiles/${slug}/appointment-requests`, { ...body, locationId: place.id, serviceId: service.id, start: '2026-03-11T12:00:00.000Z' });
    const item = (await call('GET', '/api/v1/marketing/requests')).json().items[0];
    await call('PATCH', `/api/v1/marketing/requests/${item.id}`, { status: 'confirmed' });
    const before = (await call('GET', `/api/v1/patients/${item.patientId}`)).json();
    expect(before).toMatchObject({ isNew: true });
    expect(await listIds(call, 'q=Quiroga')).toEqual([]);
    // The statistics count the practice's patients only: not her yet (a fresh practice, so none).
    const arrivals = async () => (await call('GET', '/api/v1/statistics?year=2026&month=3')).json().newPatients.total as number;
    expect(await arrivals()).toBe(0);

    const consultation = await call('POST', `/api/v1/patients/${item.patientId}/consultations`, { date: '2026-03-10', time: '09:00', appointmentId: item.appointmentId });
    expect(consultation.statusCode).toBe(201);
    const after = (await call('GET', `/api/v1/patients/${item.patientId}`)).json();
    expect(after).toMatchObject({ isNew: false, version: before.version + 1 });
    expect(await listIds(call, 'q=Quiroga')).toEqual([item.patientId]);
    expect(await listIds(call, 'status=new')).toEqual([]);
    expect(await arrivals()).toBe(1);
    const csv = (await call('GET', '/api/v1/patients/contacts.csv?consent=all')).body;
    expect(csv).toContain(body.email);
    const history = (await call('GET', `/api/v1/patients/${item.patientId}/audit`)).json().items as Array<{ entity: string; changes: unknown }>;
    expect(history).toContainEqual(expect.objectContaining({ entity: 'patient', changes: { isNew: { from: 1, to: 0 }, source: 'consultation' } }));
    // A second consultation changes nothing more.
    await call('POST', `/api/v1/patients/${item.patientId}/consultations`, { date: '2026-03-10', time: '10:00' });
    expect((await call('GET', `/api/v1/patients/${item.patientId}`)).json().version).toBe(after.version);
  });

  it('the nutritionist moves one herself (PATCH isNew false); a failed consultation moves nobody', async () => {
    const { call, anonymous, slug } = await practice();
    await anonymous('POST', `/api/v1/public/profiles/${slug}/appointment-requests`, visitor({ name: 'Marta Sosa' }));
    const { patientId } = (await call('GET', '/api/v1/marketing/requests')).json().items[0];
    const future = await call('POST', `/api/v1/patients/${patientId}/consultations`, { date: '2030-01-01', time: '09:00' });
    expect(future.statusCode).toBe(400);
    const patient = (await call('GET', `/api/v1/patients/${patientId}`)).json();
    expect(patient.isNew).toBe(true);
    const moved = await call('PATCH', `/api/v1/patients/${patientId}`, { isNew: false, version: patient.version });
    expect(moved.statusCode).toBe(200);
    expect(await listIds(call, 'q=Sosa')).toEqual([patientId]);
  });

  it('the migration moves new patients who already have a consultation, and no one else', async () => {
    const { call, anonymous, slug, nutritionistId } = await practice();
    await anonymous('POST', `/api/v1/public/profiles/${slug}/appointment-requests`, visitor({ name: 'Con Consulta' }));
    await anonymous('POST', `/api/v1/public/profiles/${slug}/appointment-requests`, visitor({ name: 'Sin Consulta' }));
    const items = (await call('GET', '/api/v1/marketing/requests')).json().items as Array<{ patientId: string; name: string }>;
    const seen = items.find((i) => i.name === 'Con Consulta')!.patientId;
    const waiting = items.find((i) => i.name === 'Sin Consulta')!.patientId;
    await call('POST', `/api/v1/patients/${seen}/consultations`, { date: '2026-03-10', time: '09:00' });
    // As stored before this fix: a consultation and still new.
    await t.database.db.updateTable('patients').set({ is_new: 1 }).where('nutritionist_id', '=', nutritionistId).where('id', '=', seen).execute();
    const { up } = await import('../src/db/migrations/0023-promote-new-patients.js');
    await up(t.database.db);
    const flags = await t.database.db.selectFrom('patients').select(['id', 'is_new']).where('nutritionist_id', '=', nutritionistId).execute();
    expect(Object.fromEntries(flags.map((f) => [f.id, Number(f.is_new)]))).toEqual({ [seen]: 0, [waiting]: 1 });
  });
});

describe('isolation', () => {
  it('another nutritionist gets 404 for a request id and sees none of the inbox', async () => {
    const { anonymous, slug } = await practice();
    await anonymous('POST', `/api/v1/public/profiles/${slug}/appointment-requests`, visitor());
    const owner = await registerAndLogin(t);
    void owner;
    const other = await registerAndLogin(t);
    const otherCall: Call = (method, url, payload) => t.app.inject({ method, url, headers: other.auth, ...(payload === undefined ? {} : { payload: payload as never }) });
    const first = await practice();
    await first.anonymous('POST', `/api/v1/public/profiles/${first.slug}/appointment-requests`, visitor());
    const id = (await first.call('GET', '/api/v1/marketing/requests')).json().items[0].id as string;
    expect((await otherCall('PATCH', `/api/v1/marketing/requests/${id}`, { status: 'confirmed' })).statusCode).toBe(404);
    expect((await otherCall('GET', '/api/v1/marketing/requests')).json()).toEqual({ items: [], unseenCount: 0 });
    expect((await otherCall('POST', '/api/v1/marketing/requests/seen')).json()).toEqual({ count: 0, marked: 0 });
    expect((await otherCall('GET', '/api/v1/marketing/overview')).json().conversion.requests).toBe(0);
    expect((await otherCall('GET', '/api/v1/me/public-profile')).json().slug).toBeNull();
    expect((await otherCall('GET', '/api/v1/me/public-profile/cover')).statusCode).toBe(404);
    // The first nutritionist's request stays pending and unseen.
    expect((await first.call('GET', '/api/v1/marketing/unseen-count')).json()).toEqual({ count: 1 });
    // Unauthenticated calls to the nutritionist's endpoints are refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/marketing/requests' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/public-profile' })).statusCode).toBe(401);
  });
});
