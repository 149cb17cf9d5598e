import { describe, expect, it } from 'vitest';
import { scrubBrowserEvent } from './error-reporting';

describe('browser error events', () => {
  it('keep the page path and the account id, and lose queries, bodies and personal fields', () => {
    const event = scrubBrowserEvent({
      request: { url: 'https://almendra.example/ficha?id=abc&q=N%C3%BA%C3%B1ez#x', data: { lastName: 'Núñez' }, headers: { 'User-Agent': 'Chromium', Referer: 'https://almendra.example/pacientes?q=Núñez' } },
      user: { id: 'u-1', email: 'lucia@consultorio.test', ip_address: '{{auto}}' },
      breadcrumbs: [{ category: 'navigation', data: { from: '/pacientes?q=Núñez' }, message: 'Núñez' }],
      transaction: '/ficha?id=abc',
      extra: { note: 'Núñez' },
    });
    expect(event.request).toEqual({ url: 'https://almendra.example/ficha', headers: { 'User-Agent': 'Chromium' } });
    expect(event.user).toEqual({ id: 'u-1' });
    expect(event.transaction).toBe('/ficha');
    expect(JSON.stringify(event)).not.toMatch(/N(ú|%C3%BA)ñez|lucia|abc/);
  });
});
