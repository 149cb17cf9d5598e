// Food requests through app.inject(): a nutritionist submits a food with a label photo and follows its
// status; an admin approves it (a global database food everyone finds) or rejects it with a reason.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, type TestApp } from './helpers.js';
import { createFoodsTestApp } from './foods-test-app.js';

const ADMIN_EMAIL = 'revisora@almendra.test';
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerAndLogin>>;
beforeAll(async () => {
  t = await createFoodsTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await registerAndLogin(t, { email: ADMIN_EMAIL });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload?: unknown) => t.app.inject({ method: 'POST', url, headers, payload: (payload ?? {}) as never });
const detailsByPath = (body: { error: { details: { path: string; message: string }[] } }) =>
  Object.fromEntries(body.error.details.map((d) => [d.path, d.message]));

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----almendra${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const putPhoto = (id: string, headers: Headers, body: ReturnType<typeof multipart>) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/food-requests/${id}/photo`, headers: { ...headers, ...body.headers }, payload: body.payload });

const alfajor = {
  name: 'Alfajor de maicena',
  brand: 'Havanna',
  group: '19',
  notes: 'Se vende en kioscos de todo el país.',
  nutrients: { energyKcal: 425, proteinG: 5.2, fatG: 17, carbohydrateG: 62, sodiumMg: '' },
  measures: [{ description: 'unidad', gramWeight: 55 }],
};

describe('nutritionist: /api/v1/food-requests', () => {
  it('submits a request and lists it with its status', async () => {
    const { auth } = await registerAndLogin(t);
    const response = await post('/api/v1/food-requests', auth, alfajor);
    expect(response.statusCode).toBe(201);
    const request = response.json();
    expect(request).toMatchObject({
      name: 'Alfajor de maicena',
      brand: 'Havanna',
      group: { code: '19', name: 'Dulces y golosinas' },
      status: 'pending',
      hasPhoto: false,
      rejectionReason: null,
      createdFoodId: null,
      nutrients: { energyKcal: 425, proteinG: 5.2, fatG: 17, carbohydrateG: 62, sodiumMg: 0 },
      measures: [{ amount: 1, description: 'unidad', gramWeight: 55 }],
    });
    const list = (await get('/api/v1/food-requests', auth)).json();
    expect(list).toMatchObject({ total: 1, nextCursor: null });
    expect(list.items[0].id).toBe(request.id);
    expect((await get(`/api/v1/food-requests/${request.id}`, auth)).json().name).toBe('Alfajor de maicena');
    expect((await get('/api/v1/food-requests?status=rejected', auth)).json().total).toBe(0);
  });

  it('answers 400 with field paths for bad values', async () => {
    const { auth } = await registerAndLogin(t);
    const response = await post('/api/v1/food-requests', auth, { name: '', nutrients: { proteinG: -3, fatG: 'mucho' }, group: '77' });
    expect(response.statusCode).toBe(400);
    expect(detailsByPath(response.json())).toMatchObject({
      name: 'Ingresa el nombre del alimento.',
      'nutrients.proteinG': 'No puede ser negativo.',
      'nutrients.fatG': 'Debe ser un número.',
    });
    const badGroup = await post('/api/v1/food-requests', auth, { name: 'Algo', group: '77' });
    expect(detailsByPath(badGroup.json())).toEqual({ group: 'Ese grupo de alimentos no existe.' });
  });

  it('stores the label photo re-encoded as WebP and serves it to its owner', async () => {
    const { auth } = await registerAndLogin(t);
    const request = (await post('/api/v1/food-requests', auth, alfajor)).json();
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c8a165' } }).png().toBuffer();
    const response = await putPhoto(request.id, auth, multipart('photo', 'etiqueta.png', 'image/png', png));
    expect(response.statusCode).toBe(200);
    expect(response.json().hasPhoto).toBe(true);
    const photo = await get(`/api/v1/food-requests/${request.id}/photo`, auth);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(photo.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 800 });
  });

  it('refuses photos that are not JPEG/PNG/WebP (415), too large (413) or in the wrong field (400)', async () => {
    const { auth } = await registerAndLogin(t);
    const request = (await post('/api/v1/food-requests', auth, alfajor)).json();
    const text = await putPhoto(request.id, auth, multipart('photo', 'etiqueta.png', 'image/png', Buffer.from('no soy una imagen')));
    expect(text.statusCode).toBe(415);
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(5 * 1024 * 1024)]);
    const tooLarge = await putPhoto(request.id, auth, multipart('photo', 'etiqueta.jpg', 'image/jpeg', huge));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe('La foto no puede superar 5 MB.');
    const wrongField = await putPhoto(request.id, auth, multipart('archivo', 'etiqueta.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff])));
    expect(wrongField.statusCode).toBe(400);
    expect((await get(`/api/v1/food-requests/${request.id}/photo`, auth)).statusCode).toBe(404);
  });

  it("keeps requests private: another nutritionist gets 404 on every endpoint", async () => {
    const owner = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const request = (await post('/api/v1/food-requests', owner.auth, alfajor)).json();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ffffff' } }).png().toBuffer();
    expect((await get(`/api/v1/food-requests/${request.id}`, other.auth)).statusCode).toBe(404);
    expect((await putPhoto(request.id, other.auth, multipart('photo', 'x.png', 'image/png', png))).statusCode).toBe(404);
    expect((await get(`/api/v1/food-requests/${request.id}/photo`, other.auth)).statusCode).toBe(404);
    expect((await get('/api/v1/food-requests', other.auth)).json().total).toBe(0);
  });
});

describe('admin: /api/v1/admin/food-requests', () => {
  it('answers 403 to nutritionists on every admin route', async () => {
    const { auth } = await registerAndLogin(t);
    const request = (await post('/api/v1/food-requests', auth, alfajor)).json();
    for (const [method, url] of [
      ['GET', '/api/v1/admin/food-requests?status=pending'],
      ['GET', `/api/v1/admin/food-requests/${request.id}`],
      ['GET', `/api/v1/admin/food-requests/${request.id}/photo`],
      ['POST', `/api/v1/admin/food-requests/${request.id}/approve`],
      ['POST', `/api/v1/admin/food-requests/${request.id}/reject`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: auth, ...(method === 'POST' ? { payload: { reason: 'x' } } : {}) });
      expect(response.statusCode, url).toBe(403);
    }
    expect((await get(`/api/v1/food-requests/${request.id}`, auth)).json().status).toBe('pending');
  });

  it('approves a request into a global database food every nutritionist finds', async () => {
    const requester = await registerAndLogin(t);
    const colleague = await registerAndLogin(t);
    const request = (await post('/api/v1/food-requests', requester.auth, alfajor)).json();
    const catalogBefore = await get('/api/v1/foods/catalog', colleague.auth);

    const queue = (await get('/api/v1/admin/food-requests?status=pending', admin.auth)).json();
    const queued = queue.items.find((r: { id: string }) => r.id === request.id);
    expect(queued.nutritionist).toMatchObject({ email: requester.body.email, firstName: 'Lucía' });

    const approved = await post(`/api/v1/admin/food-requests/${request.id}/approve`, admin.auth, { nameEn: 'Cornstarch alfajor' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', reviewedAt: t.clock.now().toISOString() });
    const foodId = approved.json().createdFoodId as string;

    const food = (await get(`/api/v1/foods/${foodId}`, colleague.auth)).json();
    expect(food).toMatchObject({ source: 'request', name: 'Alfajor de maicena', nameEn: 'Cornstarch alfajor', brand: 'Havanna', energyKcal: 425, countryCode: 'AR' });
    expect(food.measures).toEqual([{ position: 1, amount: 1, description: 'unidad', gramWeight: 55 }]);
    const search = (await get('/api/v1/foods?q=alfajor', colleague.auth)).json();
    expect(search.items[0].id).toBe(foodId);
    const catalogAfter = await get('/api/v1/foods/catalog', { ...colleague.auth, 'if-none-match': catalogBefore.headers.etag as string });
    expect(catalogAfter.statusCode).toBe(200);
    expect(catalogAfter.json().count).toBe(catalogBefore.json().count + 1);

    // A database food now: nobody edits it through the own-food endpoints, not even the requester.
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/foods/${foodId}`, headers: requester.auth, payload: { nameEs: 'x' } })).statusCode).toBe(403);
    expect((await get(`/api/v1/food-requests/${request.id}`, requester.auth)).json()).toMatchObject({ status: 'approved', createdFoodId: foodId });
    const again = await post(`/api/v1/admin/food-requests/${request.id}/approve`, admin.auth);
    expect(again.statusCode).toBe(409);
  });

  it('rejects a request with a reason the nutritionist sees', async () => {
    const requester = await registerAndLogin(t);
    const request = (await post('/api/v1/food-requests', requester.auth, alfajor)).json();
    const missingReason = await post(`/api/v1/admin/food-requests/${request.id}/reject`, admin.auth, { reason: ' ' });
    expect(missingReason.statusCode).toBe(400);
    expect(detailsByPath(missingReason.json())).toEqual({ reason: 'Ingresa el motivo del rechazo.' });

    const rejected = await post(`/api/v1/admin/food-requests/${request.id}/reject`, admin.auth, { reason: 'La foto de la etiqueta no se lee.' });
    expect(rejected.statusCode).toBe(200);
    const seen = (await get(`/api/v1/food-requests/${request.id}`, requester.auth)).json();
    expect(seen).toMatchObject({ status: 'rejected', rejectionReason: 'La foto de la etiqueta no se lee.', createdFoodId: null });
    // A reviewed request is closed: no new photo, no second review.
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ffffff' } }).png().toBuffer();
    expect((await putPhoto(request.id, requester.auth, multipart('photo', 'x.png', 'image/png', png))).statusCode).toBe(409);
    expect((await post(`/api/v1/admin/food-requests/${request.id}/approve`, admin.auth)).statusCode).toBe(409);
  });

  it('lets the admin see the label photo and answers 404 for unknown requests', async () => {
    const requester = await registerAndLogin(t);
    const request = (await post('/api/v1/food-requests', requester.auth, alfajor)).json();
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    expect((await putPhoto(request.id, requester.auth, multipart('photo', 'e.jpg', 'image/jpeg', jpeg))).statusCode).toBe(200);
    const photo = await get(`/api/v1/admin/food-requests/${request.id}/photo`, admin.auth);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect((await get('/api/v1/admin/food-requests/nope', admin.auth)).statusCode).toBe(404);
    expect((await post('/api/v1/admin/food-requests/nope/approve', admin.auth)).statusCode).toBe(404);
  });
});
