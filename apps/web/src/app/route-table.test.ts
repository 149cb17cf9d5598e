import { describe, expect, it } from 'vitest';
import { EDITOR_ROLES } from './guard';
import { ROUTES } from './route-table';

// Seed 1 section 2, aliases included.
const MAIN_LAYOUT = [
  '/inicio', '/pagar', '/pacientes', '/nuevo-paciente', '/ficha', '/nueva-consulta', '/citas', '/citasV2',
  '/plantillas', '/nuevo-plan', '/detalle-de-plan', '/alimentos', '/nuevo-alimento', '/nuevo-request',
  '/option-food', '/detalle-alimento', '/platos', '/detalle-comida/:id', '/nueva-comida', '/editar-comida/:id',
  '/nueva-nota', '/estadisticas', '/marketing', '/configuracion', '/configuracion2', '/gratis', '/cuenta',
  '/mi-cuenta', '/chat', '/novedades', '/ayuda', '/comprar',
];
const FULL_PAGE = [
  '/exitoso', '/gracias', '/video-llamadas', '/comenzar', '/planes', '/activar-cuenta', '/callback', '/login',
  '/pages/login', '/register', '/pages/register', '/forgot-password', '/pages/forgot-password',
  '/pages/reset-password', '/pages/lock-screen', '/pages/error-404', '/error-404', '/pages/error-500',
  '/error-500', '/pages/not-authorized', '/pages/maintenance', '/comingsoon',
];

const byPath = new Map(ROUTES.map((route) => [route.path, route]));

describe('route table', () => {
  it('registers every main-layout route of the spec under the editor rule', () => {
    for (const path of MAIN_LAYOUT) {
      const route = byPath.get(path);
      expect(route, path).toBeDefined();
      expect(route!.layout, path).toBe('main');
      expect(route!.access, path).toEqual({ auth: true, roles: EDITOR_ROLES });
    }
  });

  it('registers every full-page route of the spec', () => {
    for (const path of FULL_PAGE) expect(byPath.get(path)?.layout, path).toBe('full');
  });

  it('has no duplicate paths', () => {
    expect(byPath.size).toBe(ROUTES.length);
  });

  it('shares screens between aliases as the spec says', () => {
    const page = (path: string) => byPath.get(path)!.page;
    expect(page('/citasV2')).toBe(page('/citas'));
    expect(page('/mi-cuenta')).toBe(page('/cuenta'));
    expect(page('/comprar')).toBe(page('/planes'));
    expect(page('/activar-cuenta')).toBe(page('/pagar'));
    expect(page('/nueva-comida')).toBe(page('/editar-comida/:id'));
    expect(page('/register')).toBe(page('/comenzar'));
    expect(page('/pages/register')).toBe(page('/comenzar'));
    expect(page('/pages/login')).toBe(page('/login'));
    expect(byPath.get('/exitoso')!.props).toEqual({ option: 'exito' });
    expect(byPath.get('/gracias')!.props).toEqual({ option: 'gracias' });
  });

  it('keeps /admin for admins only', () => {
    expect(byPath.get('/admin')!.access).toEqual({ auth: true, roles: ['admin'] });
  });
});
