import { describe, expect, it } from 'vitest';
import { timeZoneOptions, utcOffsetLabel } from './time-zones';

describe('utcOffsetLabel', () => {
  it('gives the offset in force on the date, daylight saving included', () => {
    expect(utcOffsetLabel('America/Argentina/Buenos_Aires', new Date('2026-03-10T12:00:00Z'))).toBe('UTC-03:00');
    expect(utcOffsetLabel('Europe/Madrid', new Date('2026-01-10T12:00:00Z'))).toBe('UTC+01:00');
    expect(utcOffsetLabel('Europe/Madrid', new Date('2026-07-10T12:00:00Z'))).toBe('UTC+02:00');
    expect(utcOffsetLabel('UTC')).toBe('UTC+00:00');
    expect(utcOffsetLabel('Marte/Olympus')).toBe('');
  });
});

describe('timeZoneOptions', () => {
  it('lists the default and the current zone once each, sorted, with readable labels', () => {
    const options = timeZoneOptions('America/Argentina/Cordoba', new Date('2026-03-10T12:00:00Z'));
    const values = options.map((o) => o.value);
    expect(values.filter((v) => v === 'America/Argentina/Buenos_Aires')).toHaveLength(1);
    expect(values).toContain('America/Argentina/Cordoba');
    expect(values).toContain('Europe/Madrid');
    expect([...values].sort((a, b) => a.localeCompare(b))).toEqual(values);
    expect(options.find((o) => o.value === 'America/Argentina/Buenos_Aires')?.label).toBe('America/Argentina/Buenos Aires (UTC-03:00)');
  });
});
