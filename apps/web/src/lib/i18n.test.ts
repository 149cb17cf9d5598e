import { afterEach, describe, expect, it } from 'vitest';
import { i18n, intlLocale } from './i18n';

// The es-AR layer at run time: overrides where they exist, the neutral text everywhere else.
describe('i18n languages', () => {
  afterEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('es-AR speaks vos where it has an override and falls back to es for the rest', async () => {
    await i18n.changeLanguage('es-AR');
    expect(i18n.t('patients:tour.title')).toBe('Cargá tu primer paciente');
    expect(i18n.t('patients:list.noMatch')).toBe('Parece que no hay nadie llamado así, probá buscarlo de otra manera');
    expect(i18n.t('auth:login.submit')).toBe('Ingresar');
    expect(i18n.t('nav:pages.patients')).toBe('Pacientes');
    await i18n.changeLanguage('es');
    expect(i18n.t('patients:tour.title')).toBe('Carga tu primer paciente');
    expect(i18n.t('patients:list.noMatch')).toBe('Parece que no hay nadie llamado así, prueba buscarlo de otra manera');
    await i18n.changeLanguage('en');
    expect(i18n.t('patients:tour.title')).toBe('Add your first patient');
  });

  it('formats dates and numbers the Argentine way in both Spanish locales', () => {
    expect(intlLocale('es')).toBe('es-AR');
    expect(intlLocale('es-AR')).toBe('es-AR');
    expect(intlLocale('en')).toBe('en');
    expect(new Intl.NumberFormat(intlLocale('es')).format(12345.5)).toBe('12.345,5');
  });
});
