// Children and adolescents assessed with the WHO (issue 26), as a nutritionist sees it: a 4-year-old and a
// 12-year-old, each with three consultations (two through the API, the third typed in the form). The
// consultation's panel shows the WHO indicators (z, percentile, classification) and never an adult BMI
// category, the energy requirement says it is the IOM 2005 paediatric one, the form asks how the height was
// measured and (under 5) the head circumference; the record draws the patient's points over the WHO curves
// (SD or percentile lines), at 1366×768 and 390×844, light and dark; the PDF report prints the indicators.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { assessGrowth } from '../../packages/domain/src/growth/index.js';
import { expectAccessible, register, screensDir, screenshot } from './support';
import { apiSession, ensureDir, isoDaysAgo, pdfToText } from './consultations-support';

const es = (value: number, decimals: number) =>
  new Intl.NumberFormat('es-AR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
// As the app writes a z-score since 7d07375 (screen and PDF alike): the true minus sign (U+2212), '+' for a
// positive one, and no sign on a value that rounds to zero.
const z = (value: number) => {
  const text = es(Math.abs(value), 2);
  if (Number(value.toFixed(2)) === 0) return text;
  return `${value > 0 ? '+' : '\u2212'}${text}`;
};

function localToday(): string {
  return isoDaysAgo(0);
}

/** The growth panel's table stays inside its card, and the page does not scroll sideways. */
async function expectPanelFits(page: Page, width: number) {
  const panel = page.getByTestId('growth-panel');
  const panelBox = (await panel.boundingBox())!;
  const tableBox = (await panel.locator('table').boundingBox())!;
  expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(panelBox.x + panelBox.width + 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function checkIndicator(page: Page, key: string, expected: { z: number; percentile: number }, label: string) {
  const row = page.locator(`[data-testid="growth-panel"] [data-indicator="${key}"]`);
  await expect(row.locator('[data-z]')).toHaveText(z(expected.z));
  await expect(row.locator('[data-percentile]')).toHaveText(`P${es(expected.percentile, 1)}`);
  await expect(row.locator('[data-classification]')).toHaveText(label);
}

test('a 4-year-old: WHO 2006 panel with head circumference and position, growth charts, PDF', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const account = await register(page);
  const api = await apiSession(baseURL!, account.email, account.password);
  const birthDate = isoDaysAgo(4 * 365 + 30);
  const patient = await api.call<{ id: string }>('POST', '/api/v1/patients', { firstName: 'Tomás', lastName: 'Ríos', sex: 'm', birthDate });
  await api.call('POST', `/api/v1/patients/${patient.id}/consultations`, {
    date: isoDaysAgo(240),
    time: '10:00',
    measuredLying: false,
    measurements: { weightKg: 14.6, heightCm: 97.5, girthsCm: { head: 49.6 } },
  });
  await api.call('POST', `/api/v1/patients/${patient.id}/consultations`, {
    date: isoDaysAgo(120),
    time: '10:00',
    measuredLying: false,
    measurements: { weightKg: 15.9, heightCm: 100.2, girthsCm: { head: 49.9 } },
  });
  await api.dispose();

  await page.goto(`/nueva-consulta?paciente=${patient.id}`);
  await expect(page.getByRole('heading', { name: 'Nueva consulta', level: 1 })).toBeVisible();
  await page.getByLabel('Peso (kg)', { exact: true }).fill('17,8');
  await page.getByLabel('Talla (cm)', { exact: true }).fill('103,4');
  await page.getByText('De pie', { exact: true }).click();
  await page.getByLabel('Perímetro cefálico (cm)').fill('50,2');

  const expected = assessGrowth({ sex: 'm', birthDate, date: localToday(), weightKg: 17.8, heightCm: 103.4, measuredLying: false, headCircumferenceCm: 50.2 });
  expect(expected.reference).toBe('who2006');
  const panel = page.getByTestId('growth-panel');
  await expect(panel).toContainText('Patrones de crecimiento infantil OMS 2006 (0 a 5 años)');
  await expect(panel).toContainText(`Edad: ${expected.ageDays} días`);
  const labels: Record<string, string> = {
    normal: 'Normal', possibleRiskOfOverweight: 'Posible riesgo de sobrepeso', overweight: 'Sobrepeso', obesity: 'Obesidad',
    possibleGrowthProblem: 'Posible problema de crecimiento', wasting: 'Emaciación', stunting: 'Baja talla',
  };
  for (const key of ['weightForAge', 'heightForAge', 'bmiForAge', 'weightForHeight', 'headCircumferenceForAge'] as const) {
    const value = expected.indicators[key]!;
    await checkIndicator(page, key, value, labels[value.classification]!);
  }
  // Never the adult BMI category for a child; the energy requirement is the paediatric one.
  await expect(page.locator('[data-derived="bmi"] [data-category]')).toHaveCount(0);
  await expect(page.locator('[data-energy-method="iom2005"]')).toHaveText('Requerimiento estimado para niños y adolescentes (IOM 2005)');
  await page.setViewportSize({ width: 1366, height: 768 });
  await expectPanelFits(page, 1366);
  await screenshot(page, 'growth-01-four-year-old-form-1366');
  await expectAccessible(page);

  // Bilateral pitting oedema: the WHO does not interpret the weight-based indicators; the panel says why.
  const oedema = page.getByTestId('oedema');
  await expect(page.getByText('Edema bilateral con fóvea', { exact: true })).toBeVisible();
  await oedema.getByText('Sí', { exact: true }).click();
  await expect(panel.locator('[data-indicator]')).toHaveCount(2);
  await expect(panel.locator('[data-indicator="heightForAge"]')).toBeVisible();
  await expect(panel.locator('[data-indicator="headCircumferenceForAge"]')).toBeVisible();
  await expect(page.getByTestId('growth-oedema')).toContainText('la OMS no interpreta los indicadores basados en el peso');
  await oedema.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(screensDir, 'growth-01b-four-year-old-oedema-1366.png') });
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await oedema.scrollIntoViewIfNeeded();
  await expectPanelFits(page, 390);
  await page.screenshot({ path: path.join(screensDir, 'growth-01c-four-year-old-oedema-390.png') });
  await panel.screenshot({ path: path.join(screensDir, 'growth-01d-four-year-old-oedema-panel-390.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await panel.screenshot({ path: path.join(screensDir, 'growth-01e-four-year-old-oedema-panel-390-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 768 });
  await oedema.getByText('No', { exact: true }).click();
  await expect(panel.locator('[data-indicator]')).toHaveCount(5);
  await expect(page.getByTestId('growth-oedema')).toHaveCount(0);

  await page.getByRole('button', { name: 'Guardar consulta' }).click();
  await expect(page).toHaveURL(new RegExp(`/ficha\\?paciente=${patient.id}&tab=consultas`), { timeout: 20_000 });
  const charts = page.getByTestId('growth-charts');
  await expect(charts).toBeVisible();
  for (const kind of ['weightForAge', 'heightForAge', 'weightForHeight', 'bmiForAge', 'headCircumferenceForAge']) {
    await expect(charts.locator(`[data-growth-chart="${kind}"] .recharts-surface`)).toHaveCount(1);
  }
  // Seven SD curves plus the patient's line with its three points.
  const bmiChart = charts.locator('[data-growth-chart="bmiForAge"]');
  await expect(bmiChart.locator('.recharts-line')).toHaveCount(8);
  await expect(bmiChart.locator('.recharts-line-dots circle')).toHaveCount(3);
  const bmi = expected.indicators.bmiForAge!;
  await expect(bmiChart.locator('[data-chart-summary]')).toContainText(`3 mediciones; la última`);
  await expect(bmiChart.locator('[data-chart-summary]')).toContainText(`z ${z(bmi.z)}, P${es(bmi.percentile, 1)}`);
  await charts.scrollIntoViewIfNeeded();
  await screenshot(page, 'growth-02-four-year-old-charts-1366');
  // Percentile lines instead of SD: five curves.
  await page.getByText('Percentiles', { exact: true }).click();
  await expect(bmiChart.locator('.recharts-line')).toHaveCount(6);
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(charts.locator('[data-growth-chart="heightForAge"] .recharts-surface')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'growth-03-four-year-old-charts-390');

  // The PDF report of the saved consultation prints the indicators.
  await page.setViewportSize({ width: 1366, height: 768 });
  const row = page.getByTestId('history-table').locator('tbody tr').first();
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'PDF' }).click();
  const file = path.join(ensureDir(path.join(import.meta.dirname, '..', 'output', 'downloads')), 'growth-4y.pdf');
  await (await download).saveAs(file);
  const text = pdfToText(file);
  expect(text).toContain('Crecimiento (OMS 2006, 0 a 5 años)');
  expect(text).toContain(`Perímetro cefálico para la edad z ${z(expected.indicators.headCircumferenceForAge!.z)}`);
  // The last page draws the WHO curves with the three visits.
  expect(text).toContain('Curvas de crecimiento (OMS)');
  expect(text).toContain('mediciones del paciente hasta esta consulta (3)');
  expect(text).toContain('Perímetro cefálico para la edad (cm)');
});

test('a 12-year-old: WHO 2007 panel, charts in light and dark, a missing sex said on screen', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const account = await register(page);
  const api = await apiSession(baseURL!, account.email, account.password);
  const birthDate = isoDaysAgo(12 * 365 + 80);
  const patient = await api.call<{ id: string }>('POST', '/api/v1/patients', { firstName: 'Martina', lastName: 'Sosa', sex: 'f', birthDate });
  await api.call('POST', `/api/v1/patients/${patient.id}/consultations`, { date: isoDaysAgo(300), time: '10:00', measurements: { weightKg: 44.5, heightCm: 146 } });
  await api.call('POST', `/api/v1/patients/${patient.id}/consultations`, { date: isoDaysAgo(150), time: '10:00', measurements: { weightKg: 48.2, heightCm: 149.1 } });
  const noSex = await api.call<{ id: string }>('POST', '/api/v1/patients', { firstName: 'Lola', lastName: 'Paz', birthDate: isoDaysAgo(8 * 365) });
  await api.call('POST', `/api/v1/patients/${noSex.id}/consultations`, { date: isoDaysAgo(10), time: '10:00', measurements: { weightKg: 26, heightCm: 128 } });
  await api.dispose();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/nueva-consulta?paciente=${patient.id}`);
  await page.getByLabel('Peso (kg)', { exact: true }).fill('52');
  await page.getByLabel('Talla (cm)', { exact: true }).fill('151,5');
  const expected = assessGrowth({ sex: 'f', birthDate, date: localToday(), weightKg: 52, heightCm: 151.5 });
  expect(expected.reference).toBe('who2007');
  const panel = page.getByTestId('growth-panel');
  await expect(panel).toContainText('Referencia de crecimiento OMS 2007 (5 a 19 años)');
  // From 10 years the WHO gives no weight-for-age; head circumference is not asked after 5.
  await expect(panel.locator('[data-indicator]')).toHaveCount(2);
  await checkIndicator(page, 'bmiForAge', expected.indicators.bmiForAge!, expected.indicators.bmiForAge!.classification === 'overweight' ? 'Sobrepeso' : 'Normal');
  await expect(page.getByLabel('Perímetro cefálico (cm)')).toHaveCount(0);
  await expect(page.locator('[data-derived="bmi"] [data-category]')).toHaveCount(0);
  await expectPanelFits(page, 390);
  await screenshot(page, 'growth-04-twelve-year-old-form-390');
  await page.getByRole('button', { name: 'Guardar consulta' }).click();
  await expect(page).toHaveURL(new RegExp(`/ficha\\?paciente=${patient.id}&tab=consultas`), { timeout: 20_000 });

  const charts = page.getByTestId('growth-charts');
  await expect(charts.locator('[data-growth-chart]')).toHaveCount(2);
  await expect(charts.locator('[data-growth-chart="bmiForAge"] .recharts-line-dots circle')).toHaveCount(3);
  // From 5 years the age axis reads in whole years, as the WHO's charts and the PDF report (not 105, 195 months).
  await expect(charts.locator('[data-growth-chart="bmiForAge"] svg')).toContainText('Edad (años)');
  const ageAxis = charts.locator('[data-growth-chart="bmiForAge"] .recharts-xAxis-tick-labels');
  await expect(ageAxis.locator('.recharts-cartesian-axis-tick-value').first()).toBeVisible();
  const ticks = (await ageAxis.locator('.recharts-cartesian-axis-tick-value').allTextContents()).map(Number);
  expect(ticks.length).toBeGreaterThanOrEqual(4);
  for (const tick of ticks) expect(Number.isInteger(tick) && tick >= 5 && tick <= 19, `tick ${tick}`).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await charts.scrollIntoViewIfNeeded();
  await screenshot(page, 'growth-05-twelve-year-old-charts-390');
  await charts.screenshot({ path: path.join(import.meta.dirname, '..', 'output', 'screens', 'growth-05b-twelve-year-old-charts-only-390.png') });

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.setViewportSize({ width: 1366, height: 768 });
  await charts.scrollIntoViewIfNeeded();
  await screenshot(page, 'growth-06-twelve-year-old-charts-dark-1366');
  await expectAccessible(page);

  // Without the patient's sex: said, not computed.
  await page.goto(`/ficha?paciente=${noSex.id}&tab=consultas`);
  await expect(page.getByTestId('growth-needs-sex')).toContainText('Falta el sexo del paciente en su ficha');
  await expect(page.getByTestId('growth-charts')).toHaveCount(0);
});
