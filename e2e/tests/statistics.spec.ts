// Statistics and the mailing export, as a nutritionist uses them in Chromium: patients, consultations and
// completed appointments seeded through the API for March 2026, /estadisticas picked to that month with
// the month and year selects shows the numbers in its tables, the CSV downloads; an empty month says so;
// the news-consent checkbox of the record survives a reload; the patients list exports the contacts CSV.
// Screenshots at 1366×768 and 390×844, light and dark, with axe checks.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, expectAccessible, register, screenshot, screensDir } from './support.js';


async function pickOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The value cell of the row headed `label` in the table of a series. */
function cell(page: Page, title: string, label: string) {
  return page.getByRole('table', { name: `Valores de «${title}»` }).getByRole('row', { name: new RegExp(`^${label}\\b`) }).getByRole('cell').last();
}

async function downloadText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  const path = await file.path();
  return { name: file.suggestedFilename(), text: fs.readFileSync(path!, 'utf8') };
}

async function seedMarch(page: Page) {
  const place = await apiCall<{ id: string }>(page, 'POST', '/locations', { name: 'Consultorio Centro' });
  const service = await apiCall<{ id: string }>(page, 'POST', `/locations/${place.id}/services`, { name: 'Consulta', durationMinutes: 30, priceCents: 1_500_000, currency: 'ARS' });
  const patient = (fields: Record<string, unknown>) => apiCall<{ id: string }>(page, 'POST', '/patients', fields);
  const ana = await patient({ firstName: 'Ana', lastName: 'Gómez', sex: 'f', birthDate: '1990-04-15', startDate: '2026-03-02', email: 'ana@correo.test', mobileAreaCode: '11', mobileNumber: '5555-0001', newsConsent: true });
  const beto = await patient({ firstName: 'Beto', lastName: 'Ruiz', sex: 'm', birthDate: '2000-01-01', startDate: '2026-03-09', email: 'beto@correo.test' });
  await patient({ firstName: 'Carla', lastName: 'Pérez, "Chula"', sex: 'f', birthDate: '1960-06-01', startDate: '2026-03-15', email: 'carla@correo.test', newsConsent: true });
  const consult = (id: string, date: string, weightKg: number, targetWeightKg?: number) =>
    apiCall(page, 'POST', `/patients/${id}/consultations`, { date, time: '10:00', measurements: { weightKg, ...(targetWeightKg ? { targetWeightKg } : {}) } });
  await consult(ana.id, '2026-03-05', 70, 65);
  await consult(ana.id, '2026-03-20', 68);
  await consult(beto.id, '2026-03-10', 80);
  const completed = (patientId: string, start: string) =>
    apiCall(page, 'POST', '/appointments', { patientId, locationId: place.id, serviceId: service.id, start, end: new Date(Date.parse(start) + 1_800_000).toISOString(), status: 'completed', allowOutsideSchedule: true });
  await completed(ana.id, '2026-03-05T13:00:00.000Z');
  await completed(beto.id, '2026-03-10T13:00:00.000Z');
  return { ana, beto };
}

test('statistics of a month with real data, CSV download, empty month; news consent and the contacts export', async ({ page }) => {
  // Seeding, five axe checks and two downloads in one flow: more than the default minute on a busy machine.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  const { beto } = await seedMarch(page);

  // The menu entry opens the screen; pick March 2026 with the selects.
  await page.getByRole('link', { name: 'Estadísticas' }).first().click();
  await expect(page).toHaveURL(/\/estadisticas/);
  await expect(page.getByRole('heading', { name: 'Estadísticas', level: 1 })).toBeVisible();
  await pickOption(page, 'Año', '2026');
  await pickOption(page, 'Mes', 'Marzo');
  await expect(page).toHaveURL(/anio=2026&mes=3/);

  await expect(cell(page, 'Consultas realizadas', 'Mar')).toHaveText('3');
  await expect(cell(page, 'Pacientes nuevos por mes', 'Mar')).toHaveText('3');
  await expect(cell(page, 'Pacientes nuevos por mes', 'Abr')).toHaveText('0');
  await expect(cell(page, 'Logros', 'Bajaron de peso')).toHaveText('1');
  await expect(cell(page, 'Logros', 'Kilos bajados en total')).toHaveText('2');
  await expect(cell(page, 'Género', 'Femenino')).toHaveText('2');
  await expect(cell(page, 'Género', 'Masculino')).toHaveText('1');
  await expect(cell(page, 'Edades de los pacientes', '60 o más')).toHaveText('1');
  await expect(cell(page, 'Consultas por paciente (CPP)', '2 consultas')).toHaveText('1');
  await expect(page.getByTestId('stats-cpp-average')).toHaveText('1,5');
  await expect(page.getByTestId('stats-billing-total-ARS')).toContainText(/30\.000,00/);
  await expect(page.getByTestId('billing-3-ARS')).toHaveText(/30\.000,00/);
  await expect(page.getByTestId('stats-empty-month')).toHaveCount(0);
  await screenshot(page, 'statistics-01-march-1366-light');
  await expectAccessible(page);

  const csv = await downloadText(page, () => page.getByRole('button', { name: 'Descargar CSV' }).click());
  expect(csv.name).toBe('estadisticas-2026-03.csv');
  const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
  // Columns for an Argentine Excel: ";" between fields and the decimal comma (1,5).
  expect(lines[0]).toBe('serie;clave;valor;moneda');
  expect(lines).toContain('Consultas realizadas;2026-03;3;');
  expect(lines).toContain('Facturación;2026-03;30000;ARS');
  expect(lines).toContain('Consultas por paciente (CPP);Promedio de consultas por paciente;1,5;');

  // Dark theme on the same screen, then a phone.
  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitem', { name: 'Oscuro', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(cell(page, 'Consultas realizadas', 'Mar')).toHaveText('3');
  await screenshot(page, 'statistics-02-march-1366-dark');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'statistics-03-march-390-dark');
  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitem', { name: 'Claro', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await screenshot(page, 'statistics-04-march-390-light');
  await page.getByTestId('stats-billing').screenshot({ path: `${screensDir}/statistics-04b-billing-390-light.png` });
  await page.getByTestId('stats-ages').screenshot({ path: `${screensDir}/statistics-04c-ages-390-light.png` });
  await expectAccessible(page);

  // A month without activity: a clear message and zeros, no blank chart.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/estadisticas?anio=2025&mes=7');
  await expect(page.getByTestId('stats-empty-month')).toHaveText('No hay actividad registrada en Julio 2025: sin consultas, turnos realizados ni pacientes nuevos.');
  await expect(cell(page, 'Consultas realizadas', 'Jul')).toHaveText('0');
  await expect(page.getByTestId('stats-no-data').first()).toHaveText('Sin datos en este período.');
  await screenshot(page, 'statistics-05-empty-month-1366-light');

  // The record keeps the consent to receive news: ticked, saved, still ticked after a reload.
  await page.goto(`/ficha?id=${beto.id}`);
  const consent = page.getByRole('checkbox', { name: 'Consentimiento para recibir novedades por correo' });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await page.getByRole('button', { name: 'Guardar datos personales' }).click();
  await expect(page.getByText('Los datos personales se guardaron.')).toBeVisible();
  await expect(consent).toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Consentimiento para recibir novedades por correo' })).toBeChecked();
  expect((await apiCall<{ newsConsent: boolean }>(page, 'GET', `/patients/${beto.id}`)).newsConsent).toBe(true);
  await screenshot(page, 'statistics-06-record-consent');

  // The patients list exports the contacts of those who agreed (now Ana, Beto and Carla).
  await page.goto('/pacientes');
  await page.getByRole('button', { name: 'Exportar contactos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exportar contactos para tus envíos de correo' });
  await expect(dialog.getByRole('radio', { name: 'Solo quienes aceptan recibir novedades (recomendado)' })).toBeChecked();
  await screenshot(page, 'statistics-07-contacts-export');
  await expectAccessible(page);
  const contacts = await downloadText(page, () => dialog.getByRole('button', { name: 'Descargar CSV' }).click());
  expect(contacts.name).toBe('contactos-pacientes-con-consentimiento.csv');
  expect(contacts.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n')).toEqual([
    'nombre;apellido;email;celular;acepta_novedades',
    'Ana;Gómez;ana@correo.test;11 5555-0001;sí',
    'Carla;"Pérez, ""Chula""";carla@correo.test;;sí',
    'Beto;Ruiz;beto@correo.test;;sí',
  ]);
  await expect(dialog).toBeHidden();
});
