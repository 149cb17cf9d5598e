// The record shows what is stored: defects a nutritionist found and that each of these tests reproduced
// before its fix. Ticked pathological conditions stay ticked after save and after a reload (they used to
// be saved but shown empty, so a second click removed them); a lab result without a reference range is
// never shown as normal; a common analyte typed by hand gets its default adult range.
import { expect, test, type Page } from '@playwright/test';
import { apiCall, expectAccessible, register, screenshot } from './support.js';

async function openRecordWithoutTour(page: Page) {
  await register(page);
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Rosa', lastName: 'Quiroga', sex: 'f', birthDate: '1970-02-14', heightCm: 158 });
  await page.goto(`/ficha?id=${patient.id}`);
  await expect(page.getByTestId('record-name')).toHaveText('Rosa Quiroga');
  return patient;
}

test('ticked pathological conditions show ticked after save and after reload, and unticking sticks too', async ({ page }) => {
  const patient = await openRecordWithoutTour(page);
  const section = page.getByRole('button', { name: 'Antecedentes patológicos' });
  await section.click();
  const diabetes = page.getByRole('checkbox', { name: 'Diabetes' });
  const hypertension = page.getByRole('checkbox', { name: 'Hipertensión' });
  await expect(diabetes).not.toBeChecked();
  await diabetes.check();
  await hypertension.check();
  await expect(diabetes).toBeChecked();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Los antecedentes se guardaron.')).toBeVisible();
  await expect(diabetes).toBeChecked();
  await expect(hypertension).toBeChecked();
  const stored = await apiCall<{ conditions: Record<string, boolean> }>(page, 'GET', `/patients/${patient.id}/background`);
  expect(stored.conditions).toMatchObject({ diabetes: true, hypertension: true });

  await page.reload();
  await section.click();
  await expect(diabetes).toBeChecked();
  await expect(hypertension).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Anemia' })).not.toBeChecked();
  await screenshot(page, 'record-trust-01-background-after-reload');
  await expectAccessible(page);

  // Unticking one is kept as well: a second click no longer removes a condition that only looked empty.
  await hypertension.uncheck();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Los antecedentes se guardaron.')).toBeVisible();
  await page.reload();
  await section.click();
  await expect(diabetes).toBeChecked();
  await expect(hypertension).not.toBeChecked();
});

test('a lab result without a reference range says so, and a typed common analyte gets its default range', async ({ page }) => {
  await openRecordWithoutTour(page);
  await page.getByRole('button', { name: 'Análisis de laboratorio' }).click();
  const analyte = page.getByRole('combobox', { name: 'Análisis', exact: true });
  const labs = page.getByTestId('labs-table');

  // An analyte outside the catalogue, no range written: neither "En rango" nor any colour of normal.
  await analyte.fill('Homocisteína');
  await page.getByLabel('Valor', { exact: true }).fill('12');
  await page.getByRole('button', { name: 'Agregar resultado' }).click();
  const homocysteine = labs.getByRole('row', { name: /Homocisteína/ });
  await expect(homocysteine).toContainText('Sin rango de referencia');
  await expect(homocysteine).not.toContainText('En rango');
  await expect(homocysteine.getByTestId('lab-no-range')).toBeVisible();

  // Total cholesterol typed by hand (no option picked): leaving the field offers the ATP III default.
  await analyte.fill('Colesterol total');
  await page.keyboard.press('Escape');
  await page.getByLabel('Valor', { exact: true }).click();
  await expect(page.getByLabel('Máximo de referencia')).toHaveValue('199');
  await expect(page.getByLabel('Unidad')).toHaveValue('mg/dL');
  // The default is only a default: the nutritionist writes the range her lab printed.
  await page.getByLabel('Máximo de referencia').fill('190');
  await page.getByLabel('Valor', { exact: true }).fill('232');
  await page.getByRole('button', { name: 'Agregar resultado' }).click();
  const cholesterol = labs.getByRole('row', { name: /Colesterol total/ });
  await expect(cholesterol).toContainText('≤ 190');
  await expect(cholesterol).toContainText('Alto');
  await expect(cholesterol.getByTestId('lab-out-of-range')).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Análisis de laboratorio' }).click();
  await expect(labs.getByRole('row', { name: /Homocisteína/ })).toContainText('Sin rango de referencia');
  await expect(labs.getByRole('row', { name: /Colesterol total/ })).toContainText('Alto');
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await labs.scrollIntoViewIfNeeded();
    await screenshot(page, `record-trust-02-labs-${width}`);
  }
  await expectAccessible(page);
});

test('a lab form answers every error at once, and a date error asks for the dd-mm-aaaa its field shows', async ({ page }) => {
  await openRecordWithoutTour(page);
  await page.getByRole('button', { name: 'Análisis de laboratorio' }).click();
  const form = page.getByTestId('lab-form');
  const date = form.getByLabel('Fecha del análisis', { exact: true });
  await expect(date).toHaveAttribute('placeholder', 'dd-mm-aaaa');
  // A date the field cannot read, no analyte and no value: three errors in one answer, none in AAAA-MM-DD.
  await date.fill('2026/31/12');
  await page.getByRole('button', { name: 'Agregar resultado' }).click();
  await expect(form.getByText('Escribí la fecha como dd-mm-aaaa.')).toBeVisible();
  await expect(form.getByText('Ingresá el análisis.')).toBeVisible();
  await expect(form.getByText('Ingresá el valor.')).toBeVisible();
  await expect(page.getByText('AAAA-MM-DD')).toHaveCount(0);
  // A future date is reported with the other errors, not in a second round once they are fixed.
  await date.fill('01-01-2099');
  await page.getByRole('button', { name: 'Agregar resultado' }).click();
  await expect(form.getByText('La fecha del análisis no puede ser una fecha futura.')).toBeVisible();
  await expect(form.getByText('Ingresá el análisis.')).toBeVisible();
  await screenshot(page, 'record-trust-05-lab-errors');
  await expectAccessible(page);
  await expect(page.getByTestId('labs-table')).toHaveCount(0);
});

test('the WhatsApp link dials a mobile typed the Argentine way (area code, 15) as 54 9 + area + number', async ({ page }) => {
  await register(page);
  const cases = [
    { mobileAreaCode: '011', mobileNumber: '15 6123-4567', digits: '5491161234567' },
    { mobileAreaCode: '0351', mobileNumber: '15-612-3456', digits: '5493516123456' },
    { mobileAreaCode: '2966', mobileNumber: '15 41-2345', digits: '5492966412345' },
  ];
  for (const [index, c] of cases.entries()) {
    const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', {
      firstName: `Paciente${index}`,
      lastName: 'Movil',
      mobileAreaCode: c.mobileAreaCode,
      mobileNumber: c.mobileNumber,
    });
    await page.goto(`/ficha?id=${patient.id}`);
    await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', new RegExp(`^https://wa\\.me/${c.digits}\\?text=`));
  }
});

test('a new patient form shows every error at once, the future birth date with the others', async ({ page }) => {
  await register(page);
  await page.goto('/nuevo-paciente');
  await page.getByLabel('Apellido', { exact: true }).fill('López');
  await page.getByLabel('Fecha de nacimiento').fill('01-01-2990');
  await page.getByLabel('Correo electrónico').fill('ana@');
  await page.getByRole('button', { name: 'Crear paciente' }).click();
  await expect(page.getByText('La fecha de nacimiento no puede ser una fecha futura.')).toBeVisible();
  await expect(page.getByText('Ingresá un correo electrónico válido.').first()).toBeVisible();
  await screenshot(page, 'record-trust-03-all-errors-at-once');
  await expectAccessible(page);
});

test('a stored province written another way, and a place deleted since, still show in the record after reload', async ({ page }) => {
  await register(page);
  const place = await apiCall<{ id: string }>(page, 'POST', '/locations', { name: 'Consultorio Viejo' });
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', {
    firstName: 'Inés',
    lastName: 'Ruiz',
    province: 'Capital Federal',
    locationId: place.id,
  });
  await apiCall(page, 'DELETE', `/locations/${place.id}`);
  await page.goto(`/ficha?id=${patient.id}`);
  await expect(page.getByTestId('record-name')).toHaveText('Inés Ruiz');
  await expect(page.getByLabel('Provincia', { exact: true })).toHaveValue('Capital Federal');
  await expect(page.getByLabel('Lugar de atención', { exact: true })).toHaveValue('Lugar que ya no está en tu lista');
  await page.reload();
  await expect(page.getByLabel('Provincia', { exact: true })).toHaveValue('Capital Federal');
});
