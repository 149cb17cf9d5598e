import { describe, expect, it } from 'vitest';
import { matchesQuery, normalizeForSearch } from './page-search';
import { patientSearchProvider } from './search-providers';

describe('page search matching', () => {
  it('ignores case and accents', () => {
    expect(normalizeForSearch('  Estadísticas ')).toBe('estadisticas');
    expect(matchesQuery('ESTADISTICAS', ['Estadísticas', 'Statistics'])).toBe(true);
    expect(matchesQuery('configuracion', ['Configuración'])).toBe(true);
  });

  it('finds a page by either language and needs every word', () => {
    expect(matchesQuery('stat', ['Estadísticas', 'Statistics'])).toBe(true);
    expect(matchesQuery('nuevo plan', ['Nuevo plan', 'New plan'])).toBe(true);
    expect(matchesQuery('nuevo paciente', ['Nuevo plan', 'New plan'])).toBe(false);
    expect(matchesQuery('', ['Inicio'])).toBe(true);
  });

  it('the patient search extension point answers nothing until the patients feature lands', async () => {
    await expect(patientSearchProvider('ana', new AbortController().signal)).resolves.toEqual([]);
  });
});
