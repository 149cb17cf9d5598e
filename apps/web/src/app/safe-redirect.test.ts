import { describe, expect, it } from 'vitest';
import { loginRedirect, safeRedirectPath } from './safe-redirect';

describe('safe `to` redirect', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirectPath('/pacientes')).toBe('/pacientes');
    expect(safeRedirectPath('/cuenta?tab=facturacion')).toBe('/cuenta?tab=facturacion');
    expect(safeRedirectPath('/detalle-comida/42#ingredientes')).toBe('/detalle-comida/42#ingredientes');
  });

  it('rejects other origins, protocol-relative and backslash tricks', () => {
    expect(safeRedirectPath('//evil.com')).toBe('/inicio');
    expect(safeRedirectPath('//evil.com/inicio')).toBe('/inicio');
    expect(safeRedirectPath('https://evil.com/x')).toBe('/inicio');
    expect(safeRedirectPath('http:/evil.com')).toBe('/inicio');
    expect(safeRedirectPath('/\\evil.com')).toBe('/inicio');
    expect(safeRedirectPath('javascript:alert(1)')).toBe('/inicio');
    expect(safeRedirectPath('/\t/evil.com')).toBe('/inicio');
    expect(safeRedirectPath('pacientes')).toBe('/inicio');
  });

  it('falls back when there is no target or the target is the login page', () => {
    expect(safeRedirectPath(null)).toBe('/inicio');
    expect(safeRedirectPath('')).toBe('/inicio');
    expect(safeRedirectPath('/login?to=/x')).toBe('/inicio');
    expect(safeRedirectPath('/pages/login')).toBe('/inicio');
    expect(safeRedirectPath('//evil.com', '/otra')).toBe('/otra');
  });

  it('builds the login address with the wanted path encoded', () => {
    expect(loginRedirect('/citas?dia=2025-03-10')).toBe('/login?to=%2Fcitas%3Fdia%3D2025-03-10');
    expect(loginRedirect('//evil.com')).toBe('/login');
  });
});
