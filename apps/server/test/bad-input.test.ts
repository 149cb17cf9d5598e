// Bad input that used to be accepted, each sent over real HTTP the way a client would send it: every one
// answers 4xx with { error: { code, message } } in Spanish and changes nothing already saved.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { validPatient } from './patients-helpers.js';

let t: TestApp;
let base: string;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  auth = (await registerAndLogin(t)).auth;
});
afterAll(async () => {
  await t.close();
});

const api = (path: string, init: RequestInit = {}) => fetch(`${base}/api/v1${path}`, { ...init, headers: { ...auth, ...(init.headers ?? {}) } });
const patientCount = async () => ((await (await api('/patients?status=active&limit=1')).json()) as { total: number }).total;

/** A multipart body with the given files, as one buffer. */
function multipartBody(files: Array<{ field: string; filename: string; type: string; content: Buffer }>) {
  const boundary = `----almendra${randomBytes(8).toString('hex')}`;
  const parts = files.flatMap((f) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`),
    f.content,
    Buffer.from('\r\n'),
  ]);
  return { body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The same bytes streamed in 64 KB chunks with Transfer-Encoding: chunked and no Content-Length. */
function streamed(bytes: Buffer): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
}

/** A CSV of valid patients that is `size` bytes long. */
function csvOf(size: number): Buffer {
  const rows = ['firstName,lastName'];
  let length = rows[0]!.length + 1;
  for (let i = 0; length < size; i++) {
    const row = `Ana${i},Gómez${i}`;
    rows.push(row);
    length += Buffer.byteLength(row) + 1;
  }
  return Buffer.from(rows.join('\n') + '\n');
}

describe('oversize uploads answer 413 and save nothing, whatever client sends them', () => {
  const oversizeCsv = csvOf(3 * 1024 * 1024);

  it('the patient import streamed with chunked encoding (undici fetch, no Content-Length)', async () => {
    const { body, contentType } = multipartBody([{ field: 'file', filename: 'pacientes.csv', type: 'text/csv', content: oversizeCsv }]);
    const response = await api('/patients/import', { method: 'POST', body: streamed(body), headers: { 'content-type': contentType }, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'El archivo supera el máximo de 2 MB.' } });
    expect(await patientCount()).toBe(0);
  });

  it('the patient import with a Content-Length, and with a Content-Length that understates the body', async () => {
    const { body, contentType } = multipartBody([{ field: 'file', filename: 'pacientes.csv', type: 'text/csv', content: oversizeCsv }]);
    const honest = await api('/patients/import', { method: 'POST', body, headers: { 'content-type': contentType } });
    expect(honest.status).toBe(413);
    // A lying Content-Length cuts the body the server reads: what arrives is a broken multipart body.
    const lying = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${base}/api/v1/patients/import`, {
        method: 'POST',
        headers: { ...auth, 'content-type': contentType, 'content-length': String(2 * 1024 * 1024 + 100) },
      });
      request.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      request.end(body.subarray(0, 2 * 1024 * 1024 + 100));
    });
    expect([400, 413]).toContain(lying.status);
    expect(JSON.parse(lying.body).error.code).toMatch(/^(PAYLOAD_TOO_LARGE|VALIDATION_ERROR)$/);
    expect(await patientCount()).toBe(0);
  });

  it('every photo and logo route, streamed', async () => {
    const patient = (await (await api('/patients', { method: 'POST', body: JSON.stringify(validPatient()), headers: { 'content-type': 'application/json' } })).json()) as { id: string };
    const bigImage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(6 * 1024 * 1024)]);
    for (const [path, field] of [[`/patients/${patient.id}/photo`, 'photo'], ['/me/logo', 'logo']] as const) {
      const { body, contentType } = multipartBody([{ field, filename: 'foto.jpg', type: 'image/jpeg', content: bigImage }]);
      const response = await api(path, { method: 'PUT', body: streamed(body), headers: { 'content-type': contentType }, duplex: 'half' } as RequestInit);
      expect(response.status, path).toBe(413);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
    }
    const stored = (await (await api(`/patients/${patient.id}`)).json()) as { photoUrl: string | null };
    expect(stored.photoUrl).toBeNull();
  });
});

describe('two files where one is expected', () => {
  it('answers 400 and imports nothing', async () => {
    const before = await patientCount();
    const csv = Buffer.from('firstName,lastName\nLuis,Paz\n');
    const { body, contentType } = multipartBody([
      { field: 'file', filename: 'a.csv', type: 'text/csv', content: csv },
      { field: 'file', filename: 'b.csv', type: 'text/csv', content: csv },
    ]);
    const response = await api('/patients/import', { method: 'POST', body, headers: { 'content-type': contentType } });
    expect(response.status).toBe(400);
    const error = ((await response.json()) as { error: { code: string; details: Array<{ path: string; message: string }> } }).error;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([{ path: 'file', message: 'Envía un solo archivo en el campo "file".' }]);
    expect(await patientCount()).toBe(before);
  });
});

describe('answers of the framework itself use the error body', () => {
  it('a URL with broken percent encoding → 400 BAD_REQUEST', async () => {
    const response = await fetch(`${base}/api/v1/patients/%E0%A4%A`, { headers: auth });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'BAD_REQUEST', message: 'La dirección pedida no es válida (codificación incorrecta).' } });
  });

  it('an over-long id → 400 BAD_REQUEST from the router, never its own body', async () => {
    const response = await fetch(`${base}/api/v1/patients/${'a'.repeat(500)}`, { headers: auth });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'BAD_REQUEST', message: 'La solicitud no es válida.' } });
  });

  it('an over-long URL and oversize headers → 431 with a JSON body', async () => {
    const requests: Array<{ url: string; headers: Record<string, string> }> = [
      { url: `${base}/api/v1/foods?q=${'a'.repeat(20_000)}`, headers: {} },
      { url: `${base}/api/v1/health`, headers: { 'x-relleno': 'a'.repeat(20_000) } },
    ];
    for (const init of requests) {
      const response = await fetch(init.url, { headers: init.headers });
      expect(response.status).toBe(431);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toMatchObject({ error: { code: 'HEADERS_TOO_LARGE', message: 'La dirección o los encabezados de la solicitud son demasiado largos.' } });
    }
  });

  it('an unknown route → 404 with the error body', async () => {
    const response = await fetch(`${base}/api/v1/no-existe`, { headers: auth });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});

describe('integer query parameters are plain decimal digits', () => {
  it.each(['0x10', '+5', '1e3', ' 5', '5.0', '0b11'])('limit=%s → 400 naming the parameter', async (value) => {
    const response = await api(`/patients?limit=${encodeURIComponent(value)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', message: 'Revisa los datos ingresados.', details: [{ path: 'querystring.limit', message: 'El límite debe ser un número.' }] },
    });
  });

  it('limit=7 is still read as 7, and the food search limit and plan page the same way', async () => {
    expect(((await (await api('/patients?limit=7')).json()) as { limit: number }).limit).toBe(7);
    expect((await api('/foods?q=papa&limit=0x10')).status).toBe(400);
    expect((await api('/plans?page=1e3')).status).toBe(400);
  });
});

describe('a website is an http(s) link or nothing', () => {
  it('refuses javascript: and data: links with a Spanish message and keeps what was saved', async () => {
    const created = await api('/patients', { method: 'POST', body: JSON.stringify(validPatient({ website: 'https://nutri.example.com' })), headers: { 'content-type': 'application/json' } });
    expect(created.status).toBe(201);
    const patient = (await created.json()) as { id: string; website: string; version: number };
    for (const website of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://archivos.example.com']) {
      const response = await api(`/patients/${patient.id}`, { method: 'PATCH', body: JSON.stringify({ website, version: patient.version }), headers: { 'content-type': 'application/json' } });
      expect(response.status, website).toBe(400);
      expect(((await response.json()) as { error: { details: unknown } }).error.details).toEqual([
        { path: 'website', message: 'Ingresa una dirección web que empiece con http:// o https://.' },
      ]);
    }
    expect(((await (await api(`/patients/${patient.id}`)).json()) as { website: string }).website).toBe('https://nutri.example.com');
  });

  it('keeps "www.ejemplo.com" as https://www.ejemplo.com', async () => {
    const created = await api('/patients', { method: 'POST', body: JSON.stringify(validPatient({ website: 'www.ejemplo.com' })), headers: { 'content-type': 'application/json' } });
    expect(((await created.json()) as { website: string }).website).toBe('https://www.ejemplo.com');
  });
});

describe('a country is an assigned ISO 3166-1 code', () => {
  it('refuses ZZ, XK and UK at registration and in the profile, and keeps the saved country', async () => {
    for (const countryCode of ['ZZ', 'XK', 'UK']) {
      const response = await fetch(`${base}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Ana', lastName: 'Paz', email: `ana.${countryCode}@consultorio.test`, password: 'clave-segura-1', countryCode }),
      });
      expect(response.status, countryCode).toBe(400);
      expect(((await response.json()) as { error: { details: unknown } }).error.details).toEqual([{ path: 'countryCode', message: 'Elige un país válido.' }]);
    }
    const profile = await api('/me/profile', { method: 'PATCH', body: JSON.stringify({ countryCode: 'ZZ' }), headers: { 'content-type': 'application/json' } });
    expect(profile.status).toBe(400);
    const me = (await (await api('/me')).json()) as { nutritionist: { countryCode: string } };
    expect(me.nutritionist.countryCode).toBe('AR');
    const uruguay = await api('/me/profile', { method: 'PATCH', body: JSON.stringify({ countryCode: 'UY' }), headers: { 'content-type': 'application/json' } });
    expect(uruguay.status).toBe(200);
  });
});

describe('dates and measurements that cannot be real', () => {
  const json = { 'content-type': 'application/json' };

  it('an appointment dated 9999-12-31 (or 1900) → 400 on start, nothing booked; one next month is fine', async () => {
    const place = (await (await api('/locations', { method: 'POST', body: JSON.stringify({ name: 'Consultorio' }), headers: json })).json()) as { id: string };
    for (const start of ['9999-12-31T10:00:00-03:00', '1900-01-02T10:00:00-03:00']) {
      const end = start.replace('10:00', '10:30');
      const response = await api('/appointments', { method: 'POST', body: JSON.stringify({ locationId: place.id, start, end, allowOutsideSchedule: true }), headers: json });
      expect(response.status, start).toBe(400);
      expect(((await response.json()) as { error: { details: unknown } }).error.details).toEqual([
        { path: 'start', message: 'La fecha del turno debe estar entre 10 años atrás y 5 años adelante.' },
      ]);
    }
    expect(await t.database.db.selectFrom('appointments').select('id').where('location_id', '=', place.id).execute()).toHaveLength(0);
    // The test clock is 2026-03-10.
    const ok = await api('/appointments', {
      method: 'POST',
      body: JSON.stringify({ locationId: place.id, start: '2026-04-06T10:00:00-03:00', end: '2026-04-06T10:30:00-03:00', allowOutsideSchedule: true }),
      headers: json,
    });
    expect(ok.status).toBe(201);
    const moved = await api(`/appointments/${((await ok.json()) as { id: string }).id}`, { method: 'PATCH', body: JSON.stringify({ start: '9999-12-31T10:00:00-03:00' }), headers: json });
    expect(moved.status).toBe(400);
  });

  it('a consultation of 0,5 kg at 272 cm (each in range, together a BMI of 0,07) → 400 on both fields, nothing saved', async () => {
    const patient = (await (await api('/patients', { method: 'POST', body: JSON.stringify(validPatient()), headers: json })).json()) as { id: string };
    const response = await api(`/patients/${patient.id}/consultations`, {
      method: 'POST',
      body: JSON.stringify({ date: '2026-03-09', time: '10:00', measurements: { weightKg: 0.5, heightCm: 272 } }),
      headers: json,
    });
    expect(response.status).toBe(400);
    const details = ((await response.json()) as { error: { details: Array<{ path: string; message: string }> } }).error.details;
    expect(details.map((d) => d.path).sort()).toEqual(['measurements.heightCm', 'measurements.weightKg']);
    expect(details[0]!.message).toBe('El peso y la talla juntos no son posibles (IMC 0,07): revisa los dos valores.');
    const list = (await (await api(`/patients/${patient.id}/consultations`)).json()) as { items: unknown[] } | unknown[];
    expect(Array.isArray(list) ? list : list.items).toHaveLength(0);
    const fine = await api(`/patients/${patient.id}/consultations`, {
      method: 'POST',
      body: JSON.stringify({ date: '2026-03-09', time: '10:00', measurements: { weightKg: 62, heightCm: 165 } }),
      headers: json,
    });
    expect(fine.status).toBe(201);
  });
});

describe('every error of a form in one answer', () => {
  it('a future birth date is reported together with the other field errors, not in a second round', async () => {
    const response = await api('/patients', {
      method: 'POST',
      body: JSON.stringify({ firstName: ' ', lastName: 'Paz', email: 'no-es-un-correo', birthDate: '2990-01-01' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    const details = ((await response.json()) as { error: { details: Array<{ path: string; message: string }> } }).error.details;
    const byPath = Object.fromEntries(details.map((d) => [d.path, d.message]));
    expect(byPath.birthDate).toBe('La fecha de nacimiento no puede ser una fecha futura.');
    expect(Object.keys(byPath)).toEqual(expect.arrayContaining(['firstName', 'email', 'birthDate']));
  });
});

describe('references to catalogues must exist', () => {
  const json = { 'content-type': 'application/json' };

  it('the anthropometry calculator refuses a patient type the catalogue does not hold', async () => {
    const body = (patientTypeId: number) => JSON.stringify({ sex: 'f', ageYears: 30, patientTypeId, measurements: { weightKg: 60, heightCm: 165 } });
    for (const typeId of [99999, 12, 0]) {
      const response = await api('/anthropometry/calculate', { method: 'POST', body: body(typeId), headers: json });
      expect(response.status, String(typeId)).toBe(400);
      expect(((await response.json()) as { error: { details: unknown } }).error.details).toEqual([{ path: 'patientTypeId', message: 'Tipo de paciente desconocido.' }]);
    }
    expect((await api('/anthropometry/calculate', { method: 'POST', body: body(2), headers: json })).status).toBe(200);
  });

  it('an own food with a food group that does not exist → 400 on group', async () => {
    const response = await api('/foods', { method: 'POST', body: JSON.stringify({ nameEs: 'Queso cremoso casero', group: '99', nutrients: {} }), headers: json });
    expect(response.status).toBe(400);
    expect(JSON.stringify(((await response.json()) as { error: { details: unknown } }).error.details)).toContain('"path":"group"');
  });
});

describe('a FUM that cannot belong to the consultation', () => {
  const json = { 'content-type': 'application/json' };
  const calc = (pregnancy: Record<string, unknown>, date?: string) =>
    api('/anthropometry/calculate', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ sex: 'f', ageYears: 30, patientTypeId: 1, measurements: { weightKg: 62, heightCm: 165 }, pregnancy, ...(date ? { date } : {}) }),
    });
  const detailsOf = async (response: Response) => ((await response.json()) as { error: { details: unknown } }).error.details;

  it('the calculator refuses a FUM in 2999, after the consultation date or more than 44 weeks before it; a real one gives the gestational age', async () => {
    // The test clock's today is 2026-03-10.
    const cases: Array<[string, string | undefined, string]> = [
      ['2999-01-01', undefined, 'La FUM no puede ser posterior a la fecha de la consulta.'],
      ['2026-03-05', '2026-03-01', 'La FUM no puede ser posterior a la fecha de la consulta.'],
      ['2016-03-10', undefined, 'La FUM no puede ser de más de 44 semanas antes de la consulta.'],
    ];
    for (const [lmp, date, message] of cases) {
      const response = await calc({ lastMenstrualPeriod: lmp, preGestationalWeightKg: 58 }, date);
      expect(response.status, lmp).toBe(400);
      expect(await detailsOf(response)).toEqual([{ path: 'pregnancy.lastMenstrualPeriod', message }]);
    }
    const future = await calc({ lastMenstrualPeriod: '2026-01-01', preGestationalWeightKg: 58 }, '2999-01-01');
    expect(future.status).toBe(400);
    expect(await detailsOf(future)).toEqual([{ path: 'date', message: 'La fecha de la consulta no puede ser futura.' }]);
    const fine = await calc({ lastMenstrualPeriod: '2026-01-06', preGestationalWeightKg: 58 });
    expect(fine.status).toBe(200);
    expect(((await fine.json()) as { derived: { gestationalAge: { weeks: number } } }).derived.gestationalAge.weeks).toBe(9);
  });

  it('saving or moving a consultation with such a FUM → 400, nothing saved or changed', async () => {
    const patient = (await (await api('/patients', { method: 'POST', body: JSON.stringify(validPatient({ sex: 'f' })), headers: json })).json()) as { id: string };
    const url = `/patients/${patient.id}/consultations`;
    const visit = (lastMenstrualPeriod: string) => JSON.stringify({ date: '2026-03-09', time: '10:00', measurements: { weightKg: 62 }, pregnancy: { lastMenstrualPeriod, preGestationalWeightKg: 58 } });
    const refused = await api(url, { method: 'POST', body: visit('2999-01-01'), headers: json });
    expect(refused.status).toBe(400);
    expect(await detailsOf(refused)).toEqual([{ path: 'pregnancy.lastMenstrualPeriod', message: 'La FUM no puede ser posterior a la fecha de la consulta.' }]);
    const list = async () => {
      const body = (await (await api(url)).json()) as { items: unknown[] } | unknown[];
      return Array.isArray(body) ? body : body.items;
    };
    expect(await list()).toHaveLength(0);
    const saved = (await (await api(url, { method: 'POST', body: visit('2026-02-01'), headers: json })).json()) as { consultation?: { id: string; version: number }; id?: string; version?: number };
    const consultation = (saved.consultation ?? saved) as { id: string; version: number };
    // Moving the visit to before its FUM, or giving it a FUM of 2999, is refused too.
    for (const change of [{ date: '2026-01-15' }, { pregnancy: { lastMenstrualPeriod: '2999-01-01' } }]) {
      const moved = await api(`/consultations/${consultation.id}`, { method: 'PATCH', body: JSON.stringify({ version: consultation.version, ...change }), headers: json });
      expect(moved.status, JSON.stringify(change)).toBe(400);
      expect(await detailsOf(moved)).toEqual([{ path: 'pregnancy.lastMenstrualPeriod', message: 'La FUM no puede ser posterior a la fecha de la consulta.' }]);
    }
    const stored = (await (await api(`/consultations/${consultation.id}`)).json()) as { date: string; pregnancy: { lastMenstrualPeriod: string } };
    expect(stored.date).toBe('2026-03-09');
    expect(stored.pregnancy.lastMenstrualPeriod).toBe('2026-02-01');
  });
});
