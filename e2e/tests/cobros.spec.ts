// Cobros in Chromium, as a nutritionist uses it: a completed appointment in the agenda carries the "$"
// mark of not paid yet; from its dialog "Registrar cobro" opens with the service's price, records it and
// the mark goes away; the receipt downloads from the record's "Cobros" tab (read with pdftotext); the
// balance there follows each payment and void (an app dialog, never window.confirm); /estadisticas shows
// the month's income and its CSV opens as columns in an Argentine Excel (";" and decimal commas).
// Screenshots at 1366×768 and 390×844, with axe checks.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, expectAccessible, register, screenshot } from './support.js';

const pad = (n: number) => String(n).padStart(2, '0');

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; file: string }> {
  const pending = page.waitForEvent('download');
  await click();
  const file = await pending;
  return { name: file.suggestedFilename(), file: (await file.path())! };
}

test('a payment recorded from the agenda, its receipt, the balance in the record and the month income', async ({ page }) => {
  test.setTimeout(240_000);
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected browser dialog: ${dialog.message()}`);
  });
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);

  // A place open every day, a $ 15.000 service, a patient and today's 09:00 appointment, attended.
  const place = await apiCall<{ id: string }>(page, 'POST', '/locations', { name: 'Consultorio Centro' });
  await apiCall(page, 'PUT', `/locations/${place.id}/schedule`, { days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [{ start: '08:00', end: '20:00' }] })) });
  const service = await apiCall<{ id: string }>(page, 'POST', `/locations/${place.id}/services`, { name: 'Consulta', durationMinutes: 30, priceCents: 1_500_000, currency: 'ARS' });
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Ana', lastName: 'Gómez', email: 'ana.cobros@correo.test', mobileAreaCode: '11', mobileNumber: '5555-0001' });
  const now = new Date();
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 9, 0);
  const appointment = await apiCall<{ id: string }>(page, 'POST', '/appointments', {
    patientId: patient.id, locationId: place.id, serviceId: service.id, start: start.toISOString(), end: new Date(start.getTime() + 1_800_000).toISOString(), status: 'completed', allowOutsideSchedule: true,
  });
  expect(appointment.id).toBeTruthy();

  // The agenda marks it as not paid yet.
  await page.goto('/citas');
  const event = page.getByTestId('calendar').getByTestId('calendar-event').filter({ hasText: 'Ana Gómez' });
  await expect(event).toBeVisible();
  await expect(event.getByTestId('event-unpaid')).toBeVisible();
  await expect(event.getByRole('img', { name: 'Sin cobrar' })).toBeVisible();
  await screenshot(page, 'cobros-01-agenda-unpaid');

  // Its dialog says so and "Registrar cobro" opens with the service's price.
  await event.click();
  const line = page.getByTestId('appointment-payment');
  await expect(line).toContainText(/Sin cobrar: \$\s15\.000,00/);
  await line.getByRole('button', { name: 'Registrar cobro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar cobro' });
  await expect(dialog.getByLabel('Importe')).toHaveValue('15000');
  await expect(dialog.getByText('Paciente: Ana Gómez')).toBeVisible();
  await dialog.getByLabel('Medio de pago').click();
  await page.getByRole('option', { name: 'Transferencia', exact: true }).click();
  await screenshot(page, 'cobros-02-record-from-agenda');
  await dialog.getByRole('button', { name: 'Registrar cobro' }).click();
  await expect(page.getByText(/Recibo N\.º 0001-00000001 por \$\s15\.000,00\./)).toBeVisible();
  await expect(line).toHaveAttribute('data-state', 'paid');
  await expect(line).toContainText('Cobrado');
  // Recording the payment saved nothing of the appointment itself (no "Cita guardada").
  await expect(page.getByText('Cita guardada')).toHaveCount(0);
  await page.getByRole('dialog', { name: 'Editar cita' }).getByRole('button', { name: 'Cancelar' }).click();
  await expect(event.getByTestId('event-unpaid')).toHaveCount(0);

  // The consultation started from that appointment says it is paid (and would offer "Registrar cobro").
  await page.goto(`/nueva-consulta?paciente=${patient.id}&turno=${appointment.id}`);
  await expect(page.getByTestId('appointment-payment')).toHaveAttribute('data-state', 'paid');

  // The record's "Cobros" tab: the balance is settled, the receipt downloads and says what it is.
  await page.goto(`/ficha?id=${patient.id}&tab=cobros`);
  const balance = page.getByTestId('payments-balance');
  await expect(balance).toContainText('Al día');
  await expect(balance).toContainText(/Consultas realizadas: \$\s15\.000,00 · Cobrado: \$\s15\.000,00/);
  const first = page.getByTestId('payment-row').filter({ hasText: '0001-00000001' });
  await expect(first).toContainText('Transferencia');
  const receipt = await download(page, () => first.getByRole('button', { name: 'Descargar recibo' }).click());
  expect(receipt.name).toBe('recibo-0001-00000001.pdf');
  const text = execFileSync('pdftotext', ['-layout', receipt.file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain('RECIBO');
  expect(text).toContain('N.º 0001-00000001');
  expect(text).toContain('Ana Gómez');
  expect(text).toContain('$ 15.000,00');
  expect(text).toContain('Transferencia');
  expect(text).toContain('Documento no válido como factura.');
  expect(text).toContain('Lic. Valeria Gómez');

  // A second payment typed with a decimal comma leaves credit; voiding it (app dialog) settles again.
  await page.getByRole('button', { name: 'Registrar cobro' }).click();
  const second = page.getByRole('dialog', { name: 'Registrar cobro' });
  await second.getByLabel('Importe').fill('0');
  await second.getByRole('button', { name: 'Registrar cobro' }).click();
  await expect(second.getByText('Escribí un importe mayor que cero, por ejemplo 15.000,50.')).toBeVisible();
  await second.getByLabel('Importe').fill('2.500,50');
  await second.getByLabel('Nota (opcional)').fill('Seña del próximo control');
  await second.getByRole('button', { name: 'Registrar cobro' }).click();
  await expect(second).toBeHidden();
  await expect(balance).toContainText('Saldo a favor');
  await expect(balance).toContainText(/\$\s2\.500,50/);
  await expectAccessible(page);
  await screenshot(page, 'cobros-03-record-tab');

  const secondRow = page.getByTestId('payment-row').filter({ hasText: '0001-00000002' });
  await secondRow.getByRole('button', { name: 'Anular cobro' }).click();
  const confirm = page.getByRole('dialog', { name: 'Anular cobro' });
  await expect(confirm).toContainText('0001-00000002');
  await confirm.getByRole('button', { name: 'Anular' }).click();
  await expect(secondRow).toContainText('Anulado');
  await expect(balance).toContainText('Al día');
  await page.reload();
  await expect(page.getByTestId('payment-row')).toHaveCount(2);
  await expect(page.getByTestId('payments-balance')).toContainText('Al día');

  // /estadisticas: the month's income, collected and billed, and its CSV for a Spanish Excel.
  await page.goto('/estadisticas');
  const income = page.getByTestId('stats-income');
  await expect(income.getByTestId('income-month-collected')).toHaveText(/\$\s15\.000,00/);
  await expect(income.getByTestId('income-month-billed')).toHaveText(/\$\s15\.000,00/);
  await expect(income.getByTestId(`income-row-${now.getMonth() + 1}`)).toContainText(/\$\s15\.000,00/);
  const csv = await download(page, () => income.getByRole('button', { name: 'Exportar CSV' }).click());
  expect(csv.name).toBe(`ingresos-${now.getFullYear()}.csv`);
  const lines = fs.readFileSync(csv.file, 'utf8').replace('\uFEFF', '').trim().split('\r\n');
  expect(lines[0]).toBe('Mes;Cobrado;Facturado;Efectivo;Transferencia;Mercado Pago;Tarjeta de débito/crédito;Obra social/prepaga;Moneda');
  expect(lines[now.getMonth() + 1]).toBe(`${now.getFullYear()}-${pad(now.getMonth() + 1)};15000,00;15000,00;0,00;15000,00;0,00;0,00;0,00;ARS`);
  await expectAccessible(page);
  await screenshot(page, 'cobros-04-statistics');

  // On a phone: the record's tab and the dialog fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/ficha?id=${patient.id}&tab=cobros`);
  await expect(page.getByTestId('payments-balance')).toBeVisible();
  await screenshot(page, 'cobros-05-record-phone');
  await page.getByRole('button', { name: 'Registrar cobro' }).click();
  await expect(page.getByRole('dialog', { name: 'Registrar cobro' }).getByLabel('Importe')).toBeVisible();
  await screenshot(page, 'cobros-06-dialog-phone');
  // The phone's agenda opens on today's day view: go to the appointment's day (the run may cross midnight).
  await page.goto('/citas');
  await expect(page.getByTestId('calendar')).toBeVisible();
  if (new Date().getDate() !== now.getDate()) await page.getByRole('button', { name: /anterior/i }).first().click();
  await expect(page.getByTestId('calendar').getByTestId('calendar-event').filter({ hasText: 'Ana Gómez' })).toBeVisible();
  await screenshot(page, 'cobros-07-agenda-phone');
});
