// The daily log end to end over HTTP: the patient saves a day and meal photos from the portal, the
// practice reads them by date (with the empty placeholder for photos without an entry), gets a realtime
// notice, marks them seen; other practices and bad input are refused.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { caller, multipart, upload } from './patients-helpers.js';
import { practiceWithPortalPatient } from './portal-helpers.js';
import { connect } from './ws-client.js';

describe('daily log', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the patient logs a day with a photo and the practice sees it by date, notified in real time', async () => {
    const p = await practiceWithPortalPatient(t);
    const socket = await connect(baseUrl);
    socket.socket.send(JSON.stringify({ type: 'auth', token: p.nutritionist.accessToken }));
    await socket.next((e) => e.type === 'ready');

    const saved = await p.asPatient('POST', '/api/v1/portal/daily-log', {
      date: '2026-03-09',
      rating: 4,
      secondRating: 5,
      sleepFrom: '23:30',
      sleepTo: '07:00',
      waterGlasses: 8,
      exercise: 'Caminata',
      exerciseMinutes: 45,
      notes: 'Comí fuera al mediodía.',
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ date: '2026-03-09', entry: { rating: 4, sleepFrom: '23:30', waterGlasses: 8, exerciseMinutes: 45, seen: false } });
    expect(await socket.next((e) => e.type === 'dailylog.entry')).toEqual({ type: 'dailylog.entry', patientId: p.patientId, date: '2026-03-09' });

    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c86428' } }).jpeg().toBuffer();
    const photo = await upload(t, p.patientAuth, 'POST', '/api/v1/portal/daily-log/photos?date=2026-03-09&meal=almuerzo', multipart('photo', 'plato.jpg', 'image/jpeg', jpeg));
    expect(photo.statusCode).toBe(201);
    // A photo of another day with no entry: the spec's empty placeholder.
    const lone = await upload(t, p.patientAuth, 'POST', '/api/v1/portal/daily-log/photos?date=2026-03-08', multipart('photo', 'cena.jpg', 'image/jpeg', jpeg));
    expect(lone.statusCode).toBe(201);

    const list = await p.call('GET', `/api/v1/patients/${p.patientId}/daily-log?from=2026-03-01&to=2026-03-10`);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.unseenCount).toBe(1);
    expect(body.days.map((d: { date: string }) => d.date)).toEqual(['2026-03-09', '2026-03-08']);
    expect(body.days[0].photos).toHaveLength(1);
    expect(body.days[0].photos[0].meal).toBe('almuerzo');
    expect(body.days[1]).toMatchObject({ entry: null, photos: [expect.objectContaining({ meal: null })] });

    // The signed URL opens the re-encoded image without a session; a forged one does not.
    const image = await t.app.inject({ method: 'GET', url: body.days[0].photos[0].url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    expect((await t.app.inject({ method: 'GET', url: body.days[0].photos[0].url.replace(/t=.{6}/, 't=AAAAAA') })).statusCode).toBe(404);

    // Saving the same date again updates it; seen marks go back to unseen until the practice looks again.
    expect((await p.call('POST', `/api/v1/patients/${p.patientId}/daily-log/seen`)).statusCode).toBe(204);
    expect((await p.call('GET', `/api/v1/patients/${p.patientId}/daily-log?from=2026-03-01&to=2026-03-10`)).json().unseenCount).toBe(0);
    await p.asPatient('POST', '/api/v1/portal/daily-log', { date: '2026-03-09', rating: 3 });
    const again = (await p.call('GET', `/api/v1/patients/${p.patientId}/daily-log?from=2026-03-09&to=2026-03-09`)).json();
    expect(again.days[0].entry).toMatchObject({ rating: 3, waterGlasses: null, seen: false });
    socket.socket.close();
  });

  it('refuses bad input with field messages and keeps other practices out', async () => {
    const p = await practiceWithPortalPatient(t);
    const bad = await p.asPatient('POST', '/api/v1/portal/daily-log', { date: '2026-03-20', rating: 9, sleepFrom: '25:00' });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['rating', 'sleepFrom']));
    const future = await p.asPatient('POST', '/api/v1/portal/daily-log', { date: '2026-03-12' });
    expect(future.json().error.details[0]).toMatchObject({ path: 'date', message: 'La fecha no puede ser futura.' });
    const notImage = await upload(t, p.patientAuth, 'POST', '/api/v1/portal/daily-log/photos?date=2026-03-09', multipart('photo', 'x.jpg', 'image/jpeg', Buffer.from('not an image')));
    expect(notImage.statusCode).toBe(415);

    const other = await registerAndLogin(t);
    expect((await caller(t, other.auth)('GET', `/api/v1/patients/${p.patientId}/daily-log`)).statusCode).toBe(404);
    expect((await p.asPatient('GET', `/api/v1/patients/${p.patientId}/daily-log`)).statusCode).toBe(403);
    expect((await caller(t, p.nutritionist.auth)('POST', '/api/v1/portal/daily-log', { date: '2026-03-09' })).statusCode).toBe(403);
  });
});
