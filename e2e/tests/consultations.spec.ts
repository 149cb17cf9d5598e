// Consultations in the browser: a complete consultation for a female athlete (type 2) and for a male generic
// patient, with the live derived values equal to packages/domain's, keyboard rules (comma decimals, Enter
// never submits), the Spanish warnings, saving, the history with evolution charts, somatochart, comparison
// (somatotype included), deletion with confirmation, the PDF report (text read back with pdftotext) and the
// correction of every measurement of a saved consultation. A consultation started from an appointment in
// /citas (pre-filled, linked, the appointment completed), pregnancy data for a type-1 patient without a
// pregnancy record and pre-filled from an open one, and Lee's ethnicity term. axe on every screen.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { computeAnthropometry } from '../../packages/domain/src/index.js';
import { expectAccessible, register, screenshot } from './support';
import { apiSession, ensureDir, isoDaysAgo, pdfToText, setLicenceNumber } from './consultations-support';

const es = (value: number, decimals = 1) =>
  new Intl.NumberFormat('es-AR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);

function ageOn(birth: string, date: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** A delta as the comparison shows it: '+0,4', '-1,2', '0,0'. */
function signed(value: number): string {
  const text = es(value).replace(/^-(0,0)$/, '$1');
  return value > 0 && text !== '0,0' ? `+${text}` : text;
}

const derivedValue = (page: Page, key: string) => page.locator(`[data-derived="${key}"] [data-value]`).first();

const ATHLETE = {
  weightKg: '58,4',
  skinfolds: { triceps: '12', biceps: '5,5', subscapular: '9.8', axillary: '7', pectoral: '6', suprailiac: '11', supraspinale: '8,2', abdominal: '14,5', thigh: '18,3', leg: '10', calf: '9,1' },
  girths: { waist: '66,5', hip: '94', thigh: '54,2', calf: '35,1', armRelaxed: '26,8', armFlexed: '28,9', wrist: '15,1' },
  breadths: { humerus: '6,1', femur: '8,9', wrist: '5' },
};
const SKINFOLD_LABELS: Record<string, string> = {
  triceps: 'Tricipital', biceps: 'Bicipital', subscapular: 'Subescapular', axillary: 'Axilar', pectoral: 'Pectoral', suprailiac: 'Suprailíaco',
  supraspinale: 'Supraespinal', abdominal: 'Abdominal', thigh: 'Muslo', leg: 'Pierna', calf: 'Gemelo (pantorrilla medial)',
};
const GIRTH_LABELS: Record<string, string> = {
  waist: 'Cintura', hip: 'Cadera', thigh: 'Muslo (perímetro)', calf: 'Pantorrilla', armRelaxed: 'Brazo relajado', armFlexed: 'Brazo contraído', wrist: 'Muñeca (perímetro)',
};
const BREADTH_LABELS: Record<string, string> = { humerus: 'Húmero (biepicondilar)', femur: 'Fémur (bicondilar)', wrist: 'Muñeca (biestiloideo)' };

const num = (text: string) => Number(text.replace(',', '.'));
const group = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, num(v)]));

async function fillMeasurements(page: Page, values: typeof ATHLETE) {
  await page.getByLabel('Peso (kg)', { exact: true }).fill(values.weightKg);
  for (const [site, value] of Object.entries(values.skinfolds)) await page.getByLabel(SKINFOLD_LABELS[site]!, { exact: true }).fill(value);
  for (const [site, value] of Object.entries(values.girths)) await page.getByLabel(GIRTH_LABELS[site]!, { exact: true }).fill(value);
  for (const [site, value] of Object.entries(values.breadths)) await page.getByLabel(BREADTH_LABELS[site]!, { exact: true }).fill(value);
}

const ATHLETE_BIRTH_DATE = '1998-05-20';
const ATHLETE_EARLIER_MEASUREMENTS = {
  weightKg: 60.1,
  heightCm: 165.2,
  skinfoldsMm: { triceps: 13, subscapular: 10.5, supraspinale: 9, abdominal: 16, thigh: 19, calf: 10 },
  girthsCm: { waist: 68, armFlexed: 28.1, calf: 35 },
  breadthsCm: { humerus: 6.1, femur: 8.9 },
};

/** The athlete, her place and service, and a visit 30 days ago (so the charts and the comparison have two points). */
async function athleteWithEarlierVisit(api: Awaited<ReturnType<typeof apiSession>>) {
  const patient = await api.call<{ id: string }>('POST', '/api/v1/patients', {
    firstName: 'Lucía', lastName: 'Fernández', sex: 'f', birthDate: ATHLETE_BIRTH_DATE, typeId: 2, email: 'lucia.fernandez@e2e.test',
  });
  const location = await api.call<{ id: string }>('POST', '/api/v1/locations', { name: 'Consultorio Palermo' });
  const service = await api.call<{ id: string }>('POST', `/api/v1/locations/${location.id}/services`, { name: 'Control deportivo', durationMinutes: 45 });
  await api.call('POST', `/api/v1/patients/${patient.id}/consultations`, {
    date: isoDaysAgo(30),
    time: '10:00',
    locationId: location.id,
    measurements: ATHLETE_EARLIER_MEASUREMENTS,
  });
  return { patient, location, service };
}

/** The values of today's athlete visit (ATHLETE, height from the earlier visit, activity factor 1.725) by packages/domain. */
function athleteExpected(today: string) {
  return computeAnthropometry({
    sex: 'f',
    ageYears: ageOn(ATHLETE_BIRTH_DATE, today),
    patientTypeId: 2,
    activityFactor: 1.725,
    measurements: {
      weightKg: num(ATHLETE.weightKg),
      heightCm: 165.2,
      skinfoldsMm: group(ATHLETE.skinfolds),
      girthsCm: group(ATHLETE.girths),
      breadthsCm: group(ATHLETE.breadths),
    },
  }).derived;
}

test('female athlete: live values equal the domain, keyboard rules, saved with the summary email', async ({ page, baseURL }) => {
  const account = await register(page);
  const api = await apiSession(baseURL!, account.email, account.password);
  const { patient } = await athleteWithEarlierVisit(api);
  await api.dispose();

  await page.goto(`/nueva-consulta?paciente=${patient.id}`);
  await expect(page.getByRole('heading', { name: 'Nueva consulta', level: 1 })).toBeVisible();
  await expect(page.getByTestId('patient-line')).toContainText('Lucía Fernández');
  await expect(page.getByTestId('patient-line')).toContainText('Deportista');
  // Height comes from the last visit; the place is not chosen yet.
  await expect(page.getByLabel('Talla (cm)', { exact: true })).toHaveValue('165,2');
  await expect(page.getByTestId('form-warnings')).toContainText('No elegiste el lugar de atención de esta consulta.');
  await expect(page.getByLabel('Factor de actividad')).toHaveValue('1,56');

  await fillMeasurements(page, ATHLETE);
  // Letters are filtered out; comma and dot both work.
  await page.getByLabel('Pierna', { exact: true }).fill('1a0');
  await expect(page.getByLabel('Pierna', { exact: true })).toHaveValue('10');
  await page.getByLabel('Factor de actividad').fill('1.725');

  await page.getByRole('combobox', { name: 'Lugar de atención' }).click();
  await page.getByRole('option', { name: 'Consultorio Palermo' }).click();
  await page.getByRole('combobox', { name: 'Servicio' }).click();
  await page.getByRole('option', { name: 'Control deportivo' }).click();
  await expect(page.getByTestId('form-warnings')).toHaveCount(0);

  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  const expected = athleteExpected(today);
  await expect(derivedValue(page, 'bmi')).toHaveText(`${es(expected.bmi!)} kg/m²`);
  await expect(page.locator('[data-derived="bmi"] [data-category]')).toHaveText('Normal');
  await expect(derivedValue(page, 'bodyFatPercent')).toHaveText(`${es(expected.bodyFatPercent!)} %`);
  await expect(derivedValue(page, 'sumSixSkinfoldsMm')).toHaveText(`${es(expected.sumSixSkinfoldsMm!)} mm`);
  await expect(derivedValue(page, 'energyRequirementKcal')).toHaveText(`${es(expected.energyRequirementKcal!, 0)} kcal`);
  await expect(derivedValue(page, 'bmrKcal')).toHaveText(`${es(expected.bmrKcal!, 0)} kcal`);
  await expect(derivedValue(page, 'boneMassKg')).toHaveText(`${es(expected.boneMassKg!)} kg`);
  const s = expected.somatotype!;
  await expect(derivedValue(page, 'somatotype')).toHaveText(`${es(s.endomorphy!)} – ${es(s.mesomorphy!)} – ${es(s.ectomorphy!)}`);

  // Enter never submits the form.
  await page.getByLabel('Peso (kg)', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/nueva-consulta\?paciente=/);
  await page.getByLabel('Nota privada').fill('Buena adherencia al plan.');
  await page.getByLabel('Enviar resumen al paciente por correo').check();
  await screenshot(page, 'consultations-01-athlete-form');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Guardar consulta' }).click();
  await expect(page).toHaveURL(new RegExp(`/ficha\\?paciente=${patient.id}&tab=consultas`));
  await expect(page.getByText('Le enviamos el resumen al paciente.')).toBeVisible();
});

test('female athlete: history, charts, somatochart, comparison, PDF, deletion and the note', async ({ page, baseURL }) => {
  const account = await register(page);
  setLicenceNumber(account.email, 'MN 4521');
  const api = await apiSession(baseURL!, account.email, account.password);
  const { patient, location, service } = await athleteWithEarlierVisit(api);
  // Today's visit as the form of the test above saves it.
  const today = isoDaysAgo(0);
  await api.call('POST', `/api/v1/patients/${patient.id}/consultations`, {
    date: today,
    time: '11:00',
    locationId: location.id,
    serviceId: service.id,
    note: 'Buena adherencia al plan.',
    activityFactor: 1.725,
    measurements: {
      weightKg: num(ATHLETE.weightKg),
      heightCm: 165.2,
      skinfoldsMm: group(ATHLETE.skinfolds),
      girthsCm: group(ATHLETE.girths),
      breadthsCm: group(ATHLETE.breadths),
    },
  });
  await api.dispose();
  const expected = athleteExpected(today);
  const s = expected.somatotype!;

  // The history (also on the new-consultation screen): two visits, newest first, with the same numbers.
  await page.goto(`/nueva-consulta?paciente=${patient.id}`);
  const rows = page.getByTestId('history-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`${es(expected.bmi!)}`);
  await expect(rows.first()).toContainText(`${es(expected.bodyFatPercent!)} %`);
  await expect(rows.first()).toContainText(`${es(expected.energyRequirementKcal!, 0)} kcal`);
  await expect(rows.first()).toContainText('58,4 kg');
  // Six evolution charts and the somatochart with both points.
  // Five measures have two points and are drawn; one was measured once and is said, not drawn as a lone dot.
  await expect(page.locator('[data-chart] .recharts-surface')).toHaveCount(5);
  await expect(page.getByTestId('single-point')).toHaveCount(1);
  await expect(page.getByTestId('single-point')).toContainText('Una sola medición');
  // The weight axis spans at least 5 kg, so a change of a few hundred grams does not look like a cliff.
  const weightTicks = (
    await page
      .locator('[data-chart="weightKg"] svg text.recharts-cartesian-axis-tick-value')
      .evaluateAll((ticks) => ticks.map((tick) => Number((tick.textContent ?? '').replace(/\./g, '').replace(',', '.'))))
  ).filter(Number.isFinite); // the date ticks of the other axis are not numbers
  expect(Math.max(...weightTicks) - Math.min(...weightTicks)).toBeGreaterThanOrEqual(5);
  await expect(page.getByTestId('somatochart').locator('[data-somato-point]')).toHaveCount(2);
  // Comparison: latest against the previous visit.
  const weightRow = page.getByTestId('compare-table').locator('[data-compare="weightKg"]');
  await expect(weightRow).toContainText('60,1 kg');
  await expect(weightRow).toContainText('58,4 kg');
  await expect(weightRow).toContainText('-1,7 kg');
  // Heath-Carter components side by side, with the server's deltas.
  const earlier = computeAnthropometry({
    sex: 'f',
    ageYears: ageOn(ATHLETE_BIRTH_DATE, isoDaysAgo(30)),
    patientTypeId: 2,
    measurements: ATHLETE_EARLIER_MEASUREMENTS,
  }).derived.somatotype!;
  for (const component of ['endomorphy', 'mesomorphy', 'ectomorphy'] as const) {
    const row = page.getByTestId('compare-table').locator(`[data-compare="${component}"]`);
    await expect(row.locator('td').nth(0)).toHaveText(es(earlier[component]!));
    await expect(row.locator('td').nth(1)).toHaveText(es(s[component]!));
    // The difference of the two figures shown (each rounded to one decimal), never of the unrounded values.
    await expect(row.locator('td').nth(2)).toHaveText(signed(Number(s[component]!.toFixed(1)) - Number(earlier[component]!.toFixed(1))));
  }
  await expect(page.getByTestId('compare-table').locator('[data-compare="mesomorphy"] th')).toHaveText('Mesomorfia');
  await page.getByTestId('history-table').scrollIntoViewIfNeeded();
  await screenshot(page, 'consultations-02-athlete-history');
  await expectAccessible(page);

  // PDF with the bearer token, read back as text.
  const downloadPromise = page.waitForEvent('download');
  await rows.first().getByRole('button', { name: 'PDF' }).click();
  const download = await downloadPromise;
  const file = path.join(ensureDir(path.join(import.meta.dirname, '..', 'output', 'downloads')), download.suggestedFilename());
  await download.saveAs(file);
  const text = pdfToText(file);
  expect(text).toContain('Informe de consulta');
  expect(text).toContain(`Lic. ${account.firstName} ${account.lastName}`);
  expect(text).toContain('Matrícula: MN 4521');
  expect(text).toContain('Lucía Fernández');
  expect(text).toContain(`${es(expected.bmi!)} kg/m² (Normal)`);
  expect(text).toContain(`${es(expected.bodyFatPercent!)} %`);
  expect(text).toContain('Carter (1982) para deportistas');

  // Delete the earlier visit, with confirmation.
  await rows.nth(1).getByRole('button', { name: /Acciones de la consulta/ }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar consulta' });
  await expect(dialog).toContainText('No se puede deshacer.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(rows).toHaveCount(1);

  // Edit the note of the remaining visit (Enter in a text field does not save; the button does).
  await rows.first().getByRole('button', { name: /Acciones de la consulta/ }).click();
  await page.getByRole('menuitem', { name: 'Editar nota' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Nota de la consulta' });
  await noteDialog.getByLabel('Nota privada').fill('Subir proteína en la cena.');
  await noteDialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(noteDialog).toBeHidden();
  await expect(rows.first()).toContainText('Subir proteína en la cena.');
});

const MALE_BIRTH_DATE = '1985-01-10';
const MALE_VALUES = {
  weightKg: '84.2',
  skinfolds: { triceps: '10,5', biceps: '4,2', subscapular: '15', suprailiac: '18', supraspinale: '12,4', abdominal: '24', thigh: '14,6', calf: '8,8' },
  girths: { waist: '92,5', hip: '101', thigh: '57', calf: '38,2', armRelaxed: '32', armFlexed: '34,5' },
  breadths: { humerus: '7,1', femur: '9,9', wrist: '5,8' },
};

test('male generic patient: picker, missing height flagged in Spanish, values equal the domain, saved', async ({ page, baseURL }) => {
  const account = await register(page);
  const api = await apiSession(baseURL!, account.email, account.password);
  const birthDate = MALE_BIRTH_DATE;
  const patient = await api.call<{ id: string }>('POST', '/api/v1/patients', { firstName: 'Martín', lastName: 'Ruiz', sex: 'm', birthDate });
  await api.dispose();

  await page.goto('/nueva-consulta');
  await expectAccessible(page);
  await page.getByRole('combobox', { name: 'Paciente' }).fill('Ruiz');
  await page.getByRole('option', { name: 'Ruiz, Martín' }).click();
  await expect(page).toHaveURL(new RegExp(`paciente=${patient.id}`));
  await expect(page.getByTestId('patient-line')).toContainText('Masculino');
  await expect(page.getByLabel('Factor de actividad')).toHaveValue('1,55');

  await page.getByLabel('Peso (kg)', { exact: true }).fill('84.2');
  await expect(page.getByTestId('form-warnings')).toContainText('Falta la talla: sin ella no se calculan el IMC');
  // One line per cause, naming every value it blocks.
  await expect(page.getByTestId('missing-list').getByRole('listitem').first()).toHaveText(/^IMC, Metabolismo basal, .*: Falta la talla\.$/);
  await screenshot(page, 'consultations-03-male-missing-height');
  await expectAccessible(page);

  const values = MALE_VALUES;
  await fillMeasurements(page, values as typeof ATHLETE);
  await page.getByLabel('Talla (cm)', { exact: true }).fill('178');
  await expect(page.getByTestId('form-warnings')).not.toContainText('Falta la talla');

  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  const expected = computeAnthropometry({
    sex: 'm',
    ageYears: ageOn(birthDate, today),
    patientTypeId: 14,
    measurements: {
      weightKg: 84.2,
      heightCm: 178,
      skinfoldsMm: group(values.skinfolds),
      girthsCm: group(values.girths),
      breadthsCm: group(values.breadths),
    },
  }).derived;
  await expect(derivedValue(page, 'bmi')).toHaveText(`${es(expected.bmi!)} kg/m²`);
  await expect(page.locator('[data-derived="bmi"] [data-category]')).toHaveText('Sobrepeso');
  await expect(derivedValue(page, 'bodyFatPercent')).toHaveText(`${es(expected.bodyFatPercent!)} %`);
  await expect(derivedValue(page, 'energyRequirementKcal')).toHaveText(`${es(expected.energyRequirementKcal!, 0)} kcal`);
  await expect(derivedValue(page, 'skeletalMuscleMassKg')).toHaveText(`${es(expected.skeletalMuscleMassKg!)} kg`);
  await screenshot(page, 'consultations-04-male-form');

  await page.getByRole('button', { name: 'Guardar consulta' }).click();
  await expect(page).toHaveURL(/\/ficha\?paciente=.*&tab=consultas/);
  await page.goto(`/nueva-consulta?paciente=${patient.id}`);
  const rows = page.getByTestId('history-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('84,2 kg');
  await expect(rows.first()).toContainText('Sobrepeso');
  // Height now pre-fills from this visit.
  await expect(page.getByLabel('Talla (cm)', { exact: true })).toHaveValue('178');
  await screenshot(page, 'consultations-05-male-history');
  await expectAccessible(page);
});

test('male generic patient: every measurement of a saved consultation corrected in the same form', async ({ page, baseURL }) => {
  const account = await register(page);
  const api = await apiSession(baseURL!, account.email, account.password);
  const birthDate = MALE_BIRTH_DATE;
  const patient = await api.call<{ id: string }>('POST', '/api/v1/patients', { firstName: 'Martín', lastName: 'Ruiz', sex: 'm', birthDate });
  const values = MALE_VALUES;
  // The consultation the test above saves through the form.
  const today = isoDaysAgo(0);
  await api.call('POST', `/api/v1/patients/${patient.id}/consultations`, {
    date: today,
    time: '11:00',
    measurements: {
      weightKg: 84.2,
      heightCm: 178,
      skinfoldsMm: group(values.skinfolds),
      girthsCm: group(values.girths),
      breadthsCm: group(values.breadths),
    },
  });
  await api.dispose();
  await page.goto(`/nueva-consulta?paciente=${patient.id}`);
  const rows = page.getByTestId('history-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);

  // Correct every measurement of the saved consultation in the same form (PATCH with its version).
  await rows.first().getByRole('button', { name: /Acciones de la consulta/ }).click();
  await page.getByRole('menuitem', { name: 'Editar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/nueva-consulta\\?paciente=${patient.id}&consulta=`));
  await expect(page.getByRole('heading', { name: 'Editar consulta', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Peso (kg)', { exact: true })).toHaveValue('84,2');
  await expect(page.getByLabel('Tricipital', { exact: true })).toHaveValue('10,5');
  await expect(page.getByLabel('Húmero (biepicondilar)', { exact: true })).toHaveValue('7,1');
  await expect(page.getByLabel('Enviar resumen al paciente por correo')).toHaveCount(0);
  await page.getByLabel('Peso (kg)', { exact: true }).fill('83,6');
  await page.getByLabel('Tricipital', { exact: true }).fill('11,5');
  await page.getByLabel('Pantorrilla', { exact: true }).fill('');
  const corrected = computeAnthropometry({
    sex: 'm',
    ageYears: ageOn(birthDate, today),
    patientTypeId: 14,
    measurements: {
      weightKg: 83.6,
      heightCm: 178,
      skinfoldsMm: { ...group(values.skinfolds), triceps: 11.5 },
      girthsCm: { ...group(values.girths), calf: null },
      breadthsCm: group(values.breadths),
    },
  }).derived;
  expect(corrected.skeletalMuscleMassKg).toBeNull();
  await expect(derivedValue(page, 'bodyFatPercent')).toHaveText(`${es(corrected.bodyFatPercent!)} %`);
  await expect(derivedValue(page, 'skeletalMuscleMassKg')).toHaveText('—');
  await screenshot(page, 'consultations-06-male-edit');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL(/\/ficha\?paciente=.*&tab=consultas/);
  await expect(page.getByText('Los cambios de la consulta se guardaron.')).toBeVisible();
  await page.goto(`/nueva-consulta?paciente=${patient.id}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('83,6 kg');
  await expect(rows.first()).toContainText(`${es(corrected.bodyFatPercent!)} %`);
});

test('from an appointment: pre-filled and linked, the appointment completed; pregnancy data; Lee term', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const account = await register(page);
  const api = await apiSession(baseURL!, account.email, account.password);
  const birthDate = '1994-03-15';
  // Type 1 (Embarazo) with no pregnancy record: the form must still ask for FUM and pre-pregnancy weight.
  const patient = await api.call<{ id: string }>('POST', '/api/v1/patients', { firstName: 'Carla', lastName: 'Núñez', sex: 'f', birthDate, typeId: 1 });
  const location = await api.call<{ id: string }>('POST', '/api/v1/locations', { name: 'Consultorio Centro', color: '#fff3bf' });
  const service = await api.call<{ id: string }>('POST', `/api/v1/locations/${location.id}/services`, { name: 'Control prenatal', durationMinutes: 30 });
  const today = isoDaysAgo(0);
  // Today 10:00 in Buenos Aires (UTC−3): the consultation date is never in the future.
  const appointment = await api.call<{ id: string }>('POST', '/api/v1/appointments', {
    locationId: location.id,
    patientId: patient.id,
    serviceId: service.id,
    start: new Date(`${today}T10:00:00-03:00`).toISOString(),
    end: new Date(`${today}T10:30:00-03:00`).toISOString(),
    allowOutsideSchedule: true,
  });

  await page.goto('/citas');
  const event = page.getByTestId('calendar').getByTestId('calendar-event').filter({ hasText: 'Carla Núñez' });
  await event.click();
  const dialog = page.getByRole('dialog', { name: 'Editar cita' });
  await expect(dialog.getByRole('link', { name: 'Ver consulta' })).toHaveCount(0);
  await dialog.getByRole('link', { name: 'Iniciar consulta' }).click();
  await expect(page).toHaveURL(new RegExp(`/nueva-consulta\\?paciente=${patient.id}&turno=${appointment.id}`));
  await expect(page.getByTestId('from-appointment')).toContainText('a las 10:00 en Consultorio Centro');
  await expect(page.getByLabel('Hora', { exact: true })).toHaveValue('10:00');
  await expect(page.getByRole('combobox', { name: 'Lugar de atención' })).toHaveValue('Consultorio Centro');
  await expect(page.getByRole('combobox', { name: 'Servicio' })).toHaveValue('Control prenatal');

  await expect(page.getByRole('region', { name: 'Embarazo' })).toBeVisible();
  await expect(page.getByTestId('form-warnings')).toContainText('Faltan datos del embarazo');
  const lastPeriod = isoDaysAgo(60);
  const [y, m, d] = lastPeriod.split('-');
  await page.getByLabel('Fecha de última menstruación (FUM)').fill(`${d}-${m}-${y}`);
  await page.getByLabel('Fecha de última menstruación (FUM)').press('Tab');
  await page.getByLabel('Peso pregestacional (kg)').fill('57');
  await page.getByLabel('Peso (kg)', { exact: true }).fill('61,2');
  await page.getByLabel('Talla (cm)', { exact: true }).fill('162');
  const skinfolds = { triceps: '16', thigh: '22', calf: '12' };
  const girths = { armRelaxed: '27,5', thigh: '55', calf: '35,5' };
  for (const [site, value] of Object.entries(skinfolds)) await page.getByLabel(SKINFOLD_LABELS[site]!, { exact: true }).fill(value);
  for (const [site, value] of Object.entries(girths)) await page.getByLabel(GIRTH_LABELS[site]!, { exact: true }).fill(value);
  await expect(page.getByTestId('form-warnings')).toHaveCount(0);

  const input = {
    sex: 'f' as const,
    ageYears: ageOn(birthDate, today),
    patientTypeId: 1,
    measurements: { weightKg: 61.2, heightCm: 162, skinfoldsMm: group(skinfolds), girthsCm: group(girths) },
    pregnancy: { preWeightKg: 57, lastMenstrualPeriod: lastPeriod, today },
  };
  const plain = computeAnthropometry(input).derived;
  await expect(derivedValue(page, 'skeletalMuscleMassKg')).toHaveText(`${es(plain.skeletalMuscleMassKg!)} kg`);
  // Lee 2000's ethnicity term: −2 for Asian, in the preview and in what is saved.
  await page.getByRole('combobox', { name: 'Término étnico (Lee 2000)' }).click();
  await page.getByRole('option', { name: '−2 · Asiático' }).click();
  const expected = computeAnthropometry({ ...input, raceTerm: -2 }).derived;
  await expect(derivedValue(page, 'skeletalMuscleMassKg')).toHaveText(`${es(expected.skeletalMuscleMassKg!)} kg`);
  const age = expected.gestationalAge!;
  await expect(derivedValue(page, 'gestationalAge')).toHaveText(`${age.weeks} semanas y ${age.days} días`);
  await expect(derivedValue(page, 'suggestedGestationalGainKg')).toHaveText(
    `${es(expected.suggestedGestationalGainKg!.min)} a ${es(expected.suggestedGestationalGainKg!.max)} kg`,
  );
  await screenshot(page, 'consultations-07-from-appointment');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Guardar consulta' }).click();
  await expect(page).toHaveURL(new RegExp(`/ficha\\?paciente=${patient.id}&tab=consultas`));
  const linked = await api.call<{ status: string; consultationId: string | null }>('GET', `/api/v1/appointments/${appointment.id}`);
  expect(linked.status).toBe('completed');
  const saved = await api.call<{ appointmentId: string; raceTerm: number; derived: typeof expected; pregnancy: unknown }>(
    'GET',
    `/api/v1/consultations/${linked.consultationId}`,
  );
  expect(saved.appointmentId).toBe(appointment.id);
  expect(saved.raceTerm).toBe(-2);
  expect(saved.derived.skeletalMuscleMassKg).toBeCloseTo(expected.skeletalMuscleMassKg!, 10);
  expect(saved.derived.gestationalAge).toEqual(expected.gestationalAge);
  expect(saved.pregnancy).toEqual({ lastMenstrualPeriod: lastPeriod, preGestationalWeightKg: 57 });

  // Back in the agenda the appointment is completed and leads to its consultation.
  await page.goto('/citas');
  await expect(event).toHaveAttribute('data-status', 'completed');
  await expect(event).toContainText('Completada');
  await event.click();
  await expect(dialog.getByRole('link', { name: 'Iniciar consulta' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Marcar como completada' })).toHaveCount(0);
  // The dialog over a full-page capture lands mid-page: capture the viewport with the dialog's actions.
  await dialog.getByRole('link', { name: 'Ver consulta' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ensureDir(path.join(import.meta.dirname, '..', 'output', 'screens')), 'consultations-08-appointment-completed.png') });
  await expectAccessible(page);
  await dialog.getByRole('link', { name: 'Ver consulta' }).click();
  await expect(page).toHaveURL(new RegExp(`/ficha\\?paciente=${patient.id}&tab=consultas`));

  // A patient with an open pregnancy record: FUM and pre-pregnancy weight come pre-filled from it.
  const second = await api.call<{ id: string }>('POST', '/api/v1/patients', { firstName: 'Paula', lastName: 'Ibarra', sex: 'f', birthDate: '1991-07-02' });
  const recordPeriod = isoDaysAgo(70);
  await api.call('POST', `/api/v1/patients/${second.id}/pregnancies`, { lastMenstrualPeriod: recordPeriod, preGestationalWeightKg: 58.5 });
  await page.goto(`/nueva-consulta?paciente=${second.id}`);
  const [ry, rm, rd] = recordPeriod.split('-');
  await expect(page.getByLabel('Fecha de última menstruación (FUM)')).toHaveValue(`${rd}-${rm}-${ry}`);
  await expect(page.getByLabel('Peso pregestacional (kg)')).toHaveValue('58,5');
  await page.getByLabel('Peso (kg)', { exact: true }).fill('62');
  await page.getByLabel('Talla (cm)', { exact: true }).fill('165');
  await expect(page.getByTestId('form-warnings')).not.toContainText('Faltan datos del embarazo');
  await expect(derivedValue(page, 'gestationalAge')).toHaveText('10 semanas y 0 días');
  await page.getByRole('button', { name: 'Guardar consulta' }).click();
  await expect(page).toHaveURL(new RegExp(`/ficha\\?paciente=${second.id}&tab=consultas`));
  const list = await api.call<{ items: Array<{ id: string }> }>('GET', `/api/v1/patients/${second.id}/consultations`);
  const stored = await api.call<{ derived: { gestationalAge: { weeks: number; days: number } }; basis: { preGestationalWeightKg: number } }>(
    'GET',
    `/api/v1/consultations/${list.items[0]!.id}`,
  );
  expect(stored.derived.gestationalAge).toMatchObject({ weeks: 10, days: 0 });
  expect(stored.basis.preGestationalWeightKg).toBe(58.5);
  await api.dispose();
});
