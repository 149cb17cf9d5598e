import { describe, expect, it } from 'vitest';
import { BUNDLED_NAMESPACES, LAZY_NAMESPACES } from '../lib/i18n';
import { flatLanguage, resources } from './locale-files';

// Keys here are 'namespace.key.path' (as before the es-AR layer); the voice tests use 'namespace:key'.
const dotted = (flat: Record<string, string>) => Object.fromEntries(Object.entries(flat).map(([key, text]) => [key.replace(':', '.'), text]));
const es = dotted(flatLanguage('es'));
const en = dotted(flatLanguage('en'));
const esAr = dotted(flatLanguage('es-AR'));
const placeholders = (text: string) => [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('every locale file is a namespace i18n bundles or loads on demand', () => {
    expect(Object.keys(resources).sort()).toEqual(['en', 'es', 'es-AR']);
    const namespaces = [...BUNDLED_NAMESPACES, ...LAZY_NAMESPACES].sort();
    expect(Object.keys(resources.es!).sort()).toEqual(namespaces);
    expect(Object.keys(resources.en!).sort()).toEqual(namespaces);
    // es-AR holds overrides only; lib/i18n.ts imports its bundled files, so those must exist.
    for (const namespace of Object.keys(resources['es-AR']!)) expect(namespaces, `es-AR/${namespace}.json`).toContain(namespace);
    for (const namespace of BUNDLED_NAMESPACES) expect(Object.keys(resources['es-AR']!), `es-AR/${namespace}.json`).toContain(namespace);
  });

  it('es-AR overrides only existing es keys, with different text and the same {{placeholders}}', () => {
    expect(Object.keys(esAr).length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const [key, text] of Object.entries(esAr)) {
      const neutral = es[key];
      if (neutral === undefined) problems.push(`${key}: no such key in es (renamed or removed there?)`);
      else if (neutral === text) problems.push(`${key}: same text as es, delete the override`);
      else if (placeholders(neutral).join() !== placeholders(text).join()) problems.push(`${key}: placeholders differ from es`);
      if (!text.trim()) problems.push(`${key}: empty`);
    }
    expect(problems).toEqual([]);
  });

  it('es and en have exactly the same keys and no empty texts', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort());
    for (const [key, text] of [...Object.entries(es), ...Object.entries(en)]) expect(text.trim(), key).not.toBe('');
  });

  it('keeps the Spanish labels the end-to-end flows look for, with English equivalents', () => {
    const pairs: [string, string, string][] = [
      ['auth.register.firstName', 'Nombre', 'First name'],
      ['auth.register.lastName', 'Apellido', 'Last name'],
      ['auth.register.email', 'Correo electrónico', 'Email'],
      ['auth.register.password', 'Contraseña', 'Password'],
      ['auth.register.confirmPassword', 'Confirmar contraseña', 'Confirm password'],
      ['auth.register.country', 'País', 'Country'],
      ['auth.register.submit', 'Crear cuenta', 'Create account'],
      ['auth.login.submit', 'Ingresar', 'Sign in'],
      ['auth.forgot.submit', 'Enviar enlace', 'Send link'],
      ['auth.reset.submit', 'Restablecer contraseña', 'Reset password'],
      ['auth.lock.submit', 'Desbloquear', 'Unlock'],
      ['account.security.currentPassword', 'Contraseña actual', 'Current password'],
      ['account.security.newPassword', 'Nueva contraseña', 'New password'],
      ['account.security.submit', 'Cambiar contraseña', 'Change password'],
      ['account.preferences.save', 'Guardar preferencias', 'Save preferences'],
      ['account.preferences.language', 'Idioma', 'Language'],
      ['account.preferences.theme', 'Tema', 'Theme'],
      ['nav.userMenu.label', 'Menú de usuario', 'User menu'],
      ['nav.userMenu.logout', 'Cerrar sesión', 'Log out'],
      ['nav.userMenu.lock', 'Bloquear pantalla', 'Lock screen'],
      ['common.validation.passwordMismatch', 'Las contraseñas no coinciden. Intenta de nuevo.', "Password doesn't match. Please try again."],
      ['auth.login.alreadyTitle', 'Intento de inicio de sesión', 'Login Attempt'],
      ['auth.login.alreadyMessage', '¡Ya iniciaste sesión!', 'You are already logged in!'],
      ['auth.register.successTitle', 'Cuenta creada', 'Account Created'],
      ['auth.register.successMessage', '¡Te registraste con éxito!', 'You are successfully registered!'],
      ['common.errors.title', 'Error', 'Error'],
    ];
    for (const [key, spanish, english] of pairs) {
      expect(es[key], key).toBe(spanish);
      expect(en[key], key).toBe(english);
    }
  });

  it('navbar controls never reuse the words of form labels (label lookups stay unique)', () => {
    for (const key of ['nav.navbar.switchLocale', 'nav.navbar.appearance', 'common.password.toggle']) {
      expect(es[key]!.toLowerCase(), key).not.toMatch(/idioma|tema|contraseña/);
      expect(en[key]!.toLowerCase(), key).not.toMatch(/language|theme|password/);
    }
  });
});
