// Every route of seed 1 section 2 (aliases included) with its layout and access rule. Pure data:
// router.tsx turns it into react-router routes with lazily loaded screens; tests check coverage.
import { ADMIN_ROLES, EDITOR_ROLES, PATIENT_ROLES, type AccessRule } from './guard';

export type PageKey =
  | 'dashboard'
  | 'payment'
  | 'patients'
  | 'newPatient'
  | 'patientRecord'
  | 'newConsultation'
  | 'appointments'
  | 'templates'
  | 'newPlan'
  | 'planDetail'
  | 'foods'
  | 'newFood'
  | 'foodRequest'
  | 'foodOptions'
  | 'foodDetail'
  | 'dishes'
  | 'dishDetail'
  | 'dishEditor'
  | 'newNote'
  | 'statistics'
  | 'marketing'
  | 'settings'
  | 'referrals'
  | 'account'
  | 'chat'
  | 'news'
  | 'help'
  | 'plans'
  | 'admin'
  | 'success'
  | 'videoCalls'
  | 'register'
  | 'callback'
  | 'login'
  | 'forgotPassword'
  | 'resetPassword'
  | 'lockScreen'
  | 'notFound'
  | 'serverError'
  | 'notAuthorized'
  | 'maintenance'
  | 'comingSoon'
  | 'portal'
  | 'portalAccept';

export interface RouteEntry {
  path: string;
  layout: 'main' | 'full';
  page: PageKey;
  access: AccessRule;
  /** Props of screens shared by several routes (/exitoso vs /gracias, /pagar vs /activar-cuenta). */
  props?: Record<string, string>;
}

const EDITOR: AccessRule = { auth: true, roles: EDITOR_ROLES };
const ADMIN: AccessRule = { auth: true, roles: ADMIN_ROLES };
const PUBLIC: AccessRule = { auth: false };
const SKIP: AccessRule = { auth: true, skipAccessCheck: true };
const PATIENT: AccessRule = { auth: true, roles: PATIENT_ROLES };

const main = (path: string, page: PageKey, props?: Record<string, string>): RouteEntry => ({
  path,
  layout: 'main',
  page,
  access: EDITOR,
  props,
});
const full = (path: string, page: PageKey, access: AccessRule, props?: Record<string, string>): RouteEntry => ({
  path,
  layout: 'full',
  page,
  access,
  props,
});

export const ROUTES: readonly RouteEntry[] = [
  // Main layout: authentication + editor rule.
  main('/inicio', 'dashboard'),
  main('/pagar', 'payment', { mode: 'pay' }),
  main('/pacientes', 'patients'),
  main('/nuevo-paciente', 'newPatient'),
  main('/ficha', 'patientRecord'),
  main('/nueva-consulta', 'newConsultation'),
  main('/citas', 'appointments'),
  main('/citasV2', 'appointments'),
  main('/plantillas', 'templates'),
  main('/nuevo-plan', 'newPlan'),
  main('/detalle-de-plan', 'planDetail'),
  main('/alimentos', 'foods'),
  main('/nuevo-alimento', 'newFood'),
  main('/nuevo-request', 'foodRequest'),
  main('/option-food', 'foodOptions'),
  main('/detalle-alimento', 'foodDetail'),
  main('/platos', 'dishes'),
  main('/detalle-comida/:id', 'dishDetail'),
  main('/nueva-comida', 'dishEditor', { mode: 'new' }),
  main('/editar-comida/:id', 'dishEditor', { mode: 'edit' }),
  main('/nueva-nota', 'newNote'),
  main('/estadisticas', 'statistics'),
  main('/marketing', 'marketing'),
  main('/configuracion', 'settings'),
  main('/configuracion2', 'settings'),
  main('/gratis', 'referrals'),
  main('/cuenta', 'account'),
  main('/mi-cuenta', 'account'),
  main('/chat', 'chat'),
  main('/novedades', 'news'),
  main('/ayuda', 'help'),
  main('/comprar', 'plans', { variant: 'buy' }),
  { path: '/admin', layout: 'main', page: 'admin', access: ADMIN },

  // Full-page layout.
  full('/exitoso', 'success', EDITOR, { option: 'exito' }),
  full('/gracias', 'success', SKIP, { option: 'gracias' }),
  full('/video-llamadas', 'videoCalls', SKIP),
  full('/planes', 'plans', SKIP, { variant: 'plans' }),
  full('/activar-cuenta', 'payment', SKIP, { mode: 'activate' }),
  full('/comenzar', 'register', PUBLIC),
  full('/register', 'register', PUBLIC),
  full('/pages/register', 'register', PUBLIC),
  full('/callback', 'callback', PUBLIC),
  full('/login', 'login', PUBLIC),
  full('/pages/login', 'login', PUBLIC),
  full('/forgot-password', 'forgotPassword', PUBLIC),
  full('/pages/forgot-password', 'forgotPassword', PUBLIC),
  full('/pages/reset-password', 'resetPassword', PUBLIC),
  full('/pages/lock-screen', 'lockScreen', { auth: true, lockScreen: true }),
  full('/pages/error-404', 'notFound', PUBLIC),
  full('/error-404', 'notFound', PUBLIC),
  full('/pages/error-500', 'serverError', PUBLIC),
  full('/error-500', 'serverError', PUBLIC),
  full('/pages/not-authorized', 'notAuthorized', PUBLIC),
  full('/pages/maintenance', 'maintenance', PUBLIC),
  full('/comingsoon', 'comingSoon', PUBLIC),

  // The patient portal (issue 10; not in the spec, whose patients used a separate mobile app).
  full('/portal', 'portal', PATIENT),
  full('/portal/aceptar', 'portalAccept', PUBLIC),
];

export const NOT_FOUND_PATH = '/pages/error-404';
export const ROOT_REDIRECT = '/inicio';
