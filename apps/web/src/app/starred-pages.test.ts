import { describe, expect, it } from 'vitest';
import { orderByStarred, STARRED_PAGES_LIMIT, toggleStarred } from './starred-pages';

const paths = (n: number) => Array.from({ length: n }, (_, i) => `/pagina-${i}`);

describe('starred pages', () => {
  it('stars and unstars a page', () => {
    expect(toggleStarred(['/citas'], '/pacientes')).toEqual({ status: 'starred', starred: ['/citas', '/pacientes'] });
    expect(toggleStarred(['/citas', '/pacientes'], '/citas')).toEqual({ status: 'unstarred', starred: ['/pacientes'] });
  });

  it('refuses an eleventh star but still lets a page be unstarred at the limit', () => {
    const full = paths(STARRED_PAGES_LIMIT);
    expect(STARRED_PAGES_LIMIT).toBe(10);
    expect(toggleStarred(full, '/otra')).toEqual({ status: 'limit', starred: full });
    expect(toggleStarred(full, '/pagina-3')).toMatchObject({ status: 'unstarred' });
    expect(toggleStarred(paths(9), '/otra')).toMatchObject({ status: 'starred' });
  });

  it('lists starred pages first, in starring order, and drops unknown paths', () => {
    const pages = ['/inicio', '/pacientes', '/citas', '/platos'].map((path) => ({ path }));
    const { starred, others } = orderByStarred(pages, ['/platos', '/ya-no-existe', '/pacientes']);
    expect(starred.map((p) => p.path)).toEqual(['/platos', '/pacientes']);
    expect(others.map((p) => p.path)).toEqual(['/inicio', '/citas']);
  });
});
