// Helpers shared by the patient test files: JSON calls with a session, multipart bodies built by hand
// (no form-data dependency), and a valid patient body.
import { randomBytes } from 'node:crypto';
import type { TestApp } from './helpers.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function caller(t: TestApp, auth: Record<string, string>) {
  return (method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as never }) });
}

/** A multipart/form-data body with one file part. */
export function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----almendra${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function upload(t: TestApp, auth: Record<string, string>, method: 'PUT' | 'POST', url: string, body: ReturnType<typeof multipart>) {
  return t.app.inject({ method, url, headers: { ...auth, ...body.headers }, payload: body.payload });
}

export const validPatient = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'María José',
  lastName: 'Núñez',
  birthDate: '1990-05-20',
  sex: 'f',
  email: 'mj.nunez@correo.test',
  ...overrides,
});

/** Field path → message of a 400 answer. */
export function issuesOf(body: { error: { details?: Array<{ path: string; message: string }> } }): Record<string, string> {
  return Object.fromEntries((body.error.details ?? []).map((d) => [d.path, d.message]));
}
