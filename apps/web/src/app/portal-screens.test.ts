import { describe, expect, it } from 'vitest';
import { portalOwns, portalScreenOf } from './portal-screens';

describe('portalScreenOf', () => {
  it('knows the home and the invitation page, in any case and with a trailing slash', () => {
    expect(portalScreenOf('/portal')).toBe('home');
    expect(portalScreenOf('/portal/')).toBe('home');
    expect(portalScreenOf('/Portal')).toBe('home');
    expect(portalScreenOf('/portal/aceptar')).toBe('accept');
    expect(portalScreenOf('/portal/ACEPTAR/')).toBe('accept');
  });

  it('answers any other address under /portal with its not-found screen (a page load would come back to the portal)', () => {
    expect(portalScreenOf('/portal/xyz')).toBe('notFound');
    expect(portalScreenOf('/portal/aceptar/otra')).toBe('notFound');
    expect(portalScreenOf('/portal/plan')).toBe('notFound');
    expect(portalOwns('/portal/xyz')).toBe(true);
  });

  it('leaves every address outside /portal to the professional’s app', () => {
    for (const path of ['/', '/login', '/portales', '/portalx/y', '/inicio/portal']) {
      expect(portalScreenOf(path)).toBeNull();
      expect(portalOwns(path)).toBe(false);
    }
  });
});
