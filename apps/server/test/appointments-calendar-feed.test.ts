// The private iCalendar feed: the RFC 5545 writer (escaping, CRLF, folding at 75 octets) and the
// create / rotate / revoke / public-download endpoints.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine, formatUtc } from '../src/modules/appointments/ics.js';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';

const octets = (text: string) => Buffer.byteLength(text, 'utf8');
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('iCalendar writer', () => {
  it('escapes backslash, semicolon, comma and line breaks in TEXT values', () => {
    expect(escapeText('Gómez, Ana; "VIP" \\ nota\nsegunda\r\ntercera')).toBe('Gómez\\, Ana\\; "VIP" \\\\ nota\\nsegunda\\ntercera');
  });

  it('writes instants in UTC basic format', () => {
    expect(formatUtc('2026-03-10T12:30:00.000Z')).toBe('20260310T123000Z');
  });

  it('folds at 75 octets without splitting a multi-byte character', () => {
    const line = `SUMMARY:${'ñ'.repeat(60)}`; // 8 + 120 octets
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBe(2);
    expect(octets(physical[0]!)).toBeLessThanOrEqual(75);
    expect(physical[1]!.startsWith(' ')).toBe(true);
    expect(unfold(folded)).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('property: every physical line has at most 75 octets and unfolding restores the line', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const line = `DESCRIPTION:${escapeText(text)}`;
        const folded = foldLine(line);
        const physical = folded.split('\r\n');
        physical.forEach((piece, index) => {
          expect(octets(piece)).toBeLessThanOrEqual(75);
          if (index > 0) expect(piece.startsWith(' ')).toBe(true);
          // Each piece is whole UTF-8 on its own: no character was cut in half.
          expect(Buffer.from(piece, 'utf8').toString('utf8')).toBe(piece);
        });
        expect(unfold(folded)).toBe(line);
      }),
      { numRuns: 300 },
    );
  });

  it('builds a calendar with CRLF line ends only', () => {
    const ics = buildIcs({
      name: 'Agenda',
      generatedAt: '2026-03-10T13:00:00.000Z',
      events: [
        {
          uid: 'x@almendra',
          start: '2026-03-11T12:00:00.000Z',
          end: '2026-03-11T12:30:00.000Z',
          summary: 'Ana',
          location: 'Consultorio, piso 3',
          description: 'línea 1\nlínea 2',
          createdAt: '2026-03-01T00:00:00.000Z',
          updatedAt: '2026-03-02T00:00:00.000Z',
        },
      ],
    });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).toContain('LOCATION:Consultorio\\, piso 3\r\n');
    expect(ics).toContain('DESCRIPTION:línea 1\\nlínea 2\r\n');
    expect(ics).toContain('DTSTAMP:20260310T130000Z\r\n');
  });
});

describe('calendar feed endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
  async function practice() {
    const session = await registerAndLogin(t);
    const call = (method: Method, url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: session.auth, ...(payload === undefined ? {} : { payload: payload as never }) });
    const place = (await call('POST', '/api/v1/locations', { name: 'Consultorio Palermo', street: 'Av. Santa Fe', streetNumber: '3456', detail: 'Piso 3', latitude: -34.588, longitude: -58.41 })).json();
    const patient = (await call('POST', '/api/v1/patients', { firstName: 'Ana', lastName: 'Gómez, Hija' })).json();
    const book = async (start: string, end: string, extra: Record<string, unknown> = {}) => {
      const response = await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start, end, allowOutsideSchedule: true, ...extra });
      if (response.statusCode !== 201) throw new Error(response.body);
      return response.json() as { id: string };
    };
    return { call, place, patient, book };
  }
  const pathOf = (url: string) => new URL(url).pathname;

  it('creates a secret address whose .ics lists the last 30 days and the next 12 months, no session needed', async () => {
    const p = await practice();
    const recent = await p.book('2026-02-20T13:00:00.000Z', '2026-02-20T13:30:00.000Z');
    const old = await p.book('2026-01-20T13:00:00.000Z', '2026-01-20T13:30:00.000Z');
    const soon = await p.book('2026-03-11T13:00:00.000Z', '2026-03-11T13:45:00.000Z');
    const nextYear = await p.book('2027-02-01T13:00:00.000Z', '2027-02-01T13:30:00.000Z');
    const tooFar = await p.book('2027-04-01T13:00:00.000Z', '2027-04-01T13:30:00.000Z');
    const cancelled = await p.book('2026-03-12T13:00:00.000Z', '2026-03-12T13:30:00.000Z', { status: 'cancelled' });
    const free = await p.book('2026-03-13T13:00:00.000Z', '2026-03-13T14:00:00.000Z', { patientId: null });

    expect((await p.call('GET', '/api/v1/calendar-feed')).json()).toEqual({ active: false, createdAt: null });
    const created = await p.call('POST', '/api/v1/calendar-feed');
    expect(created.statusCode).toBe(201);
    const feed = created.json();
    expect(feed.url).toMatch(/^http:\/\/almendra\.test\/api\/v1\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace('http://', 'webcal://'));
    expect((await p.call('GET', '/api/v1/calendar-feed')).json()).toEqual({ active: true, createdAt: '2026-03-10T13:00:00.000Z' });

    const response = await t.app.inject({ method: 'GET', url: pathOf(feed.url) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const ics = response.body;
    const uids = [...ics.matchAll(/^UID:(.+)$/gm)].map((m) => m[1]!.trim());
    expect(uids.sort()).toEqual([recent.id, soon.id, nextYear.id, free.id].map((id) => `${id}@almendra`).sort());
    for (const excluded of [old, tooFar, cancelled]) expect(ics).not.toContain(excluded.id);

    const unfolded = unfold(ics);
    expect(unfolded).toContain(`UID:${soon.id}@almendra\r\nDTSTAMP:20260310T130000Z\r\nDTSTART:20260311T130000Z\r\nDTEND:20260311T134500Z\r\nSUMMARY:Ana Gómez\\, Hija\r\n`);
    expect(unfolded).toContain('LOCATION:Consultorio Palermo\\, Av. Santa Fe 3456\\, Piso 3\r\n');
    expect(unfolded).toContain('GEO:-34.588;-58.41\r\n');
    expect(unfolded).toContain('SUMMARY:Tiempo libre\r\n');
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it('rotating makes the old address 404; revoking makes every address 404', async () => {
    const p = await practice();
    const first = (await p.call('POST', '/api/v1/calendar-feed')).json();
    const second = (await p.call('POST', '/api/v1/calendar-feed')).json();
    expect(second.url).not.toBe(first.url);
    const old = await t.app.inject({ method: 'GET', url: pathOf(first.url) });
    expect(old.statusCode).toBe(404);
    expect(old.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Este calendario no existe o fue revocado.' });
    expect((await t.app.inject({ method: 'GET', url: pathOf(second.url) })).statusCode).toBe(200);

    expect((await p.call('DELETE', '/api/v1/calendar-feed')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: pathOf(second.url) })).statusCode).toBe(404);
    expect((await p.call('GET', '/api/v1/calendar-feed')).json().active).toBe(false);
  });

  it('a feed shows only its owner’s appointments; forged tokens and a missing session are refused', async () => {
    const a = await practice();
    const b = await practice();
    const mine = await a.book('2026-03-11T13:00:00.000Z', '2026-03-11T13:30:00.000Z');
    const theirs = await b.book('2026-03-11T13:00:00.000Z', '2026-03-11T13:30:00.000Z');
    const feed = (await a.call('POST', '/api/v1/calendar-feed')).json();
    const ics = (await t.app.inject({ method: 'GET', url: pathOf(feed.url) })).body;
    expect(ics).toContain(mine.id);
    expect(ics).not.toContain(theirs.id);

    for (const token of ['x', 'A'.repeat(43), `${'A'.repeat(42)}!`]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/calendar-feed/${encodeURIComponent(token)}.ics` })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/calendar-feed' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/calendar-feed' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/calendar-feed' })).statusCode).toBe(401);
  });
});
