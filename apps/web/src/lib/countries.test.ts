import { describe, expect, it } from 'vitest';
import { countryName, countryOptions, DEFAULT_COUNTRY } from './countries';

describe('countries', () => {
  it('defaults to Argentina and names countries in the interface language', () => {
    expect(DEFAULT_COUNTRY).toBe('AR');
    expect(countryName('AR', 'es-AR')).toBe('Argentina');
    expect(countryName('ES', 'es-AR')).toBe('España');
    expect(countryName('MX', 'en')).toBe('Mexico');
  });

  it('offers Latin America plus Spain, sorted alphabetically', () => {
    const options = countryOptions('es-AR');
    const values = options.map((o) => o.value);
    expect(values).toEqual(expect.arrayContaining(['AR', 'UY', 'CL', 'MX', 'ES', 'BR']));
    expect(values).not.toContain('US');
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('es-AR').compare));
  });
});
