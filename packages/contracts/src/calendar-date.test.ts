// Every calendar date a client can send (body field or query parameter) goes through the one calendarDate
// schema: this walks every request and query schema the package exports and parses impossible dates into
// each date-named field, so a new field written as a bare regex (2026-02-30 accepted, 0000-00-00 read by
// the service) fails here.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.js';
import { calendarDateSchema, isCalendarDate } from './common.js';

const IMPOSSIBLE = ['2026-02-30', '2026-13-45', '0000-00-00', '2025-02-29', '2026-04-31', '1899-12-31', '3000-01-01', '2026-1-5'];

/** Fields whose names look like dates but hold something else: the plan email's recipient, the page to return to after SSO. */
const NOT_DATES = new Set(['emailPlanRequestSchema.to', 'oidcStartRequestSchema.to', 'emailReceiptRequestSchema.to']);
/** Instants (date and time with a zone): the same impossible days are refused inside them. */
const INSTANTS = new Set(['appointmentListQuerySchema.from', 'appointmentListQuerySchema.to', 'unpaidAppointmentsQuerySchema.from', 'unpaidAppointmentsQuerySchema.to']);

type Any = z.ZodType;
const defOf = (schema: Any) => (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;

/** Unwraps optional/nullable/default/pipe/transform wrappers down to the field's own schema. */
function inner(schema: Any): Any {
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch'].includes(def.type)) return inner(def.innerType as Any);
  if (def.type === 'pipe') return inner(def.in as Any);
  return schema;
}

/** Every (path, field schema) of an object schema whose key names a calendar date, nested objects and arrays included. */
function dateFields(schema: Any, path: string[] = [], seen = new Set<Any>()): Array<{ path: string; field: Any }> {
  const unwrapped = inner(schema);
  if (seen.has(unwrapped)) return [];
  seen.add(unwrapped);
  const def = defOf(unwrapped);
  if (def.type === 'object') {
    const shape = def.shape as Record<string, Any>;
    return Object.entries(shape).flatMap(([key, field]) => {
      const own = /(^date$|Date$|^from$|^to$|Period$|^day$)/.test(key) && defOf(inner(field)).type === 'string' ? [{ path: [...path, key].join('.'), field }] : [];
      return [...own, ...dateFields(field, [...path, key], seen)];
    });
  }
  if (def.type === 'array') return dateFields(def.element as Any, [...path, '[]'], seen);
  if (def.type === 'union') return (def.options as Any[]).flatMap((option) => dateFields(option, path, seen));
  if (def.type === 'intersection') return [...dateFields(def.left as Any, path, seen), ...dateFields(def.right as Any, path, seen)];
  return [];
}

const requestSchemas = Object.entries(contracts).filter(
  ([name, value]) => /(Request|Query|Input)Schema$/.test(name) && value instanceof z.ZodType,
) as Array<[string, Any]>;

describe('calendar dates in requests', () => {
  it('isCalendarDate knows leap years and refuses what no calendar has', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('0050-01-01')).toBe(true);
    for (const value of ['2026-02-30', '2026-13-45', '0000-00-00', '2026-00-10', '2026-12-32']) expect(isCalendarDate(value), value).toBe(false);
  });

  it('the shared schema answers in Spanish', () => {
    const messages = (value: unknown) => calendarDateSchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(messages('2026-02-30')).toEqual(['No es una fecha válida.']);
    expect(messages('30-02-2026')).toEqual(['Usa el formato de fecha AAAA-MM-DD.']);
    expect(messages('1899-12-31')).toEqual(['La fecha no puede ser anterior a 1900.']);
    expect(messages(null)).toEqual(['Ingresa una fecha.']);
    expect(calendarDateSchema.parse(' 2026-03-10 ')).toBe('2026-03-10');
  });

  it('finds the date fields it sweeps (the sweep itself is not empty)', () => {
    const all = requestSchemas.flatMap(([name, schema]) => dateFields(schema).map((f) => `${name}.${f.path}`));
    expect(all).toEqual(expect.arrayContaining(['dailyLogQuerySchema.from', 'dailyLogQuerySchema.to', 'createPatientRequestSchema.birthDate', 'slotsQuerySchema.date']));
    expect(all.length).toBeGreaterThan(20);
  });

  it.each(requestSchemas)('%s refuses impossible dates in every date field', (name, schema) => {
    for (const { path, field } of dateFields(schema)) {
      if (NOT_DATES.has(`${name}.${path}`)) continue;
      if (INSTANTS.has(`${name}.${path}`)) {
        expect(field.safeParse('2026-03-10T10:00:00-03:00').success, path).toBe(true);
        for (const value of IMPOSSIBLE.slice(0, 5)) expect(field.safeParse(`${value}T10:00:00-03:00`).success, `${path} = ${value}`).toBe(false);
        continue;
      }
      expect(field.safeParse('2026-03-10').success, `${path} accepts a real date`).toBe(true);
      for (const value of IMPOSSIBLE) expect(field.safeParse(value).success, `${path} = ${value}`).toBe(false);
    }
  });
});
