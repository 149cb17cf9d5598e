// Meal plans in the browser: meal slots in Configuración › Comidas, a formula plan for a patient with
// live totals against the consultation's target, copying a day, saving, PDF, email and WhatsApp; a simple
// template with search, duplicate and delete; an exchange plan's portions grid; and one plan of each type
// built for a patient with a consultation, published, duplicated to a second patient through the
// "Duplicar…" dialog, downloaded as a branded PDF (logo from Mi cuenta, licence number) whose text is
// checked with pdftotext and whose pages are rendered with pdftoppm into e2e/output/screens.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, expectAccessible, lastEmailTo, register, screensDir, screenshot } from './support';
import { apiSession, isoDaysAgo, pdfToText, setLicenceNumber } from './consultations-support';

/**
 * Types in a meal's picker, picks the option once that search has answered and, for a food, waits for it
 * to be fetched (the editor adds it then), so the next pick never races the previous one.
 */
async function pickFood(page: Page, meal: string, search: string, option: RegExp, kind: 'food' | 'dish' = 'food') {
  const picker = page.getByLabel(`Agregar alimento a ${meal}`, { exact: true }).first();
  await picker.fill(search);
  const choice = page.getByRole('option', { name: option }).first();
  await expect(async () => {
    // A re-render that reset the field (or closed its dropdown) is met as a person would: type again, click.
    if ((await picker.inputValue()) !== search) await picker.fill(search);
    if (!(await choice.isVisible())) await picker.click();
    await expect(choice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const fetched =
    kind === 'food' ? page.waitForResponse((r) => /^\/api\/v1\/foods\/[^/]+$/.test(new URL(r.url()).pathname) && r.status() === 200) : null;
  await choice.click();
  await fetched;
}

/** A new practice with Martín Ruiz (email and mobile) and his consultation; the API session stays open. */
async function practiceWithMartin(page: Page, baseURL: string) {
  const account = await register(page);
  const api = await apiSession(baseURL, account.email, account.password);
  const patient = await api.call<{ id: string }>('POST', '/api/v1/patients', {
    firstName: 'Martín',
    lastName: 'Ruiz',
    sex: 'm',
    birthDate: '1980-11-02',
    email: 'martin.ruiz@e2e.test',
    mobileAreaCode: '11',
    mobileNumber: '4555-0101',
  });
  await api.call('POST', `/api/v1/patients/${patient.id}/consultations`, {
    date: '2026-01-15',
    time: '09:00',
    measurements: { weightKg: 84.2, heightCm: 178 },
  });
  return { api, patient };
}

// A formula plan for a patient: built in the editor (first test), then shared and published (second test,
// on a plan of the same content saved through the API), so neither runs near the minute with two workers.
test('formula plan for a patient: meal slots, live totals vs target, copy day, save', async ({ page, baseURL }) => {
  const { api } = await practiceWithMartin(page, baseURL!);

  // Configuración › Comidas: the defaults follow the slots (Media mañana second, Cena last); rename slot 2,
  // switch Media tarde off.
  await page.goto('/configuracion?tab=comidas');
  await expect(page.getByRole('textbox', { name: 'Nombre de la comida 2' })).toHaveAttribute('placeholder', 'Media mañana');
  await expect(page.getByRole('textbox', { name: 'Nombre de la comida 6' })).toHaveAttribute('placeholder', 'Cena');
  await page.getByRole('textbox', { name: 'Nombre de la comida 2' }).fill('Colación');
  await page.getByRole('switch', { name: 'Habilitar Media tarde' }).click({ force: true });
  await expectAccessible(page);
  await screenshot(page, 'plans-01-meal-slots');
  await page.getByRole('button', { name: 'Guardar comidas' }).click();
  await expect(page.getByText('Comidas guardadas')).toBeVisible();

  // New formula plan for the patient.
  await page.goto('/nuevo-plan');
  await page.getByRole('radio', { name: 'Por fórmula' }).check();
  await page.getByRole('textbox', { name: 'Título' }).fill('Plan semanal de Martín');
  await page.getByLabel('Objetivo', { exact: true }).click();
  await page.getByRole('option', { name: 'Restricción moderada' }).click();
  await page.getByRole('radio', { name: 'Un paciente' }).check();
  await page.getByLabel('Paciente', { exact: true }).fill('Mart');
  await page.getByRole('option', { name: 'Martín Ruiz' }).click();
  await expectAccessible(page);
  await screenshot(page, 'plans-02-new-plan');
  await page.getByRole('button', { name: 'Crear plan' }).click();
  await expect(page).toHaveURL(/\/detalle-de-plan\?id=/);
  await expect(page.getByRole('heading', { name: 'Plan semanal de Martín' })).toBeVisible();
  await expect(page.getByText('Paciente: Martín Ruiz')).toBeVisible();
  // Target: (10×84,2 + 6,25×178 − 5×45 + 5) × 1,55 × 0,85 — the patient is 45 on the test date.
  await expect(page.getByTestId('target-kcal')).toContainText('kcal');
  // The enabled meals only, with the new name.
  await expect(page.getByRole('heading', { name: 'Colación' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Media tarde' })).toHaveCount(0);

  // Whole milk 61 kcal/100 g → 200 g = 122 kcal, updated live as the quantity changes. The picker lists the
  // Argentine "Leche entera" once, not also SR24 01077, the same food under its long name.
  await pickFood(page, 'Desayuno', 'leche entera', /^Leche entera$/);
  const breakfast = page.getByTestId('meal-1');
  await expect(breakfast.getByTestId('meal-total')).toContainText('61 kcal');
  await breakfast.getByRole('textbox', { name: /Cantidad de Leche/ }).fill('200');
  await expect(breakfast.getByTestId('meal-total')).toContainText('122 kcal');
  // 200 g next to what the patient will read: SR24's cup is 244 g, so ≈ ¾ taza.
  await expect(breakfast.getByTestId('household')).toHaveText('≈ ¾ taza');
  await expect(page.getByTestId('day-total')).toContainText('122 kcal');
  // Micronutrient adequacy follows the editor before any save: 200 g of milk give calcium (113 mg/100 g,
  // 226 mg against the RDA of 1.000 mg for a man of 45: 23 %), never a table of "0 %" rows.
  await expect(page.getByTestId('adequacy').locator('[data-nutrient="calciumMg"]')).toContainText('23 %');
  // Quantity fields take digits and one comma only; an empty one is refused.
  const milkQuantity = breakfast.getByRole('textbox', { name: /Cantidad de Leche/ });
  await milkQuantity.fill('2 kg');
  await expect(milkQuantity).toHaveValue('2');
  await milkQuantity.fill('-3');
  await expect(milkQuantity).toHaveValue('3');
  await milkQuantity.fill('');
  await expect(breakfast.getByText('Cantidad inválida')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  // 5 kg of milk in a breakfast: marked, and saving asks first; "Revisar" saves nothing.
  await milkQuantity.fill('5000');
  await expect(breakfast.getByTestId('unusual-amount')).toHaveText('Cantidad inusual');
  await expectAccessible(page);
  let patches = 0;
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/v1/plans/')) patches += 1;
  });
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: '¿Las cantidades son correctas?' });
  await expect(confirm.getByTestId('implausible-lines')).toContainText('Lunes, Desayuno: Leche entera');
  await expect(confirm.getByTestId('implausible-lines')).toContainText('5.000 g (3.050 kcal)');
  await screenshot(page, 'plans-02b-implausible-amount');
  await confirm.getByRole('button', { name: 'Revisar' }).click();
  await expect(confirm).toBeHidden();
  expect(patches).toBe(0);
  await breakfast.getByLabel(/Unidad de Leche/).click();
  await page.getByRole('option', { name: /^taza/ }).click();
  // Changing the unit converted the 5.000 g into tazas (never "5.000 tazas"); she types 1,5.
  await expect(breakfast.getByRole('textbox', { name: /Cantidad de Leche/ })).toHaveValue('20,5');
  await breakfast.getByRole('textbox', { name: /Cantidad de Leche/ }).fill('1,5');
  // 1,5 tazas (SR24 'cup') × 244 g = 366 g → 223,26 kcal.
  await expect(breakfast.getByTestId('meal-total')).toContainText('223 kcal');
  const monday = page.getByTestId('days-table').getByRole('row', { name: /Lunes/ });
  await expect(monday).toContainText('223 kcal');
  await expect(monday.getByTestId('deviation')).toContainText('Por debajo');
  await expect(monday.getByTestId('deviation')).toContainText('−');

  // Copy Monday to Tuesday and Wednesday.
  await page.getByRole('combobox', { name: 'A los días' }).click({ force: true });
  await page.getByRole('option', { name: 'Martes' }).click();
  await page.getByRole('option', { name: 'Miércoles' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Copiar', exact: true }).click();
  await expect(page.getByTestId('days-table').getByRole('row', { name: /Miércoles/ })).toContainText('223 kcal');
  await expect(page.getByTestId('weekly-kcal')).toContainText('223 kcal');
  await expectAccessible(page);
  await screenshot(page, 'plans-03-formula-editor');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Plan guardado')).toBeVisible();
  await page.reload();
  // Micronutrient adequacy for a 45-year-old man (IOM RDA calcium 1.000 mg).
  await expect(page.getByTestId('adequacy').getByRole('row', { name: /Calcio \(mg\)/ })).toContainText('1.000 (RDA)');
  await screenshot(page, 'plans-07-adequacy');
  await page.getByRole('tab', { name: 'Martes' }).click();
  await expect(page.getByTestId('meal-1').getByTestId('meal-total')).toContainText('223 kcal');
  await api.dispose();
});

test('formula plan for a patient: PDF, email, WhatsApp link, back to draft and published, a dish per serving', async ({ page, baseURL }, testInfo) => {
  const { api, patient } = await practiceWithMartin(page, baseURL!);
  // The plan the test above saves: 1½ tazas of whole milk (SR24's cup, 244 g) at breakfast, Monday to Wednesday.
  const milk = await api.call<{ measures: Array<{ position: number; gramWeight: number }> }>('GET', '/api/v1/foods/ar%3Aleche-entera');
  const cup = milk.measures.find((measure) => measure.gramWeight === 244)!.position;
  const breakfastOfMilk = (day: number) => ({ day, meals: [{ slot: 1, items: [{ kind: 'food', id: 'ar:leche-entera', quantity: 1.5, unit: cup }] }] });
  const plan = await api.call<{ id: string }>('POST', '/api/v1/plans', {
    type: 2,
    title: 'Plan semanal de Martín',
    goal: 'restriction-moderate',
    patientId: patient.id,
    content: { formula: [breakfastOfMilk(1), breakfastOfMilk(2), breakfastOfMilk(3)] },
  });
  await page.goto(`/detalle-de-plan?id=${plan.id}`);
  await expect(page.getByRole('heading', { name: 'Plan semanal de Martín' })).toBeVisible();
  await page.getByRole('tab', { name: 'Martes' }).click();
  await expect(page.getByTestId('meal-1').getByTestId('meal-total')).toContainText('223 kcal');

  // PDF.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  const download = await downloadPromise;
  const file = path.join(testInfo.outputDir, 'plan.pdf');
  await download.saveAs(file);
  const text = pdfToText(file);
  expect(text).toContain('Valeria Gómez');
  expect(text).toContain('Paciente: Martín Ruiz');
  expect(text).toContain('Martes');
  // A drink reads in millilitres: 1½ tazas = 366 g = 355 ml (SR24: 1 fl oz of whole milk = 30,5 g).
  expect(text).toContain('Leche entera: 1½ tazas (355 ml)');
  fs.rmSync(file);

  // Email with the PDF attached, and the WhatsApp link.
  await page.getByRole('button', { name: 'Enviar por correo' }).click();
  await expect(page.getByText('Enviamos el PDF a martin.ruiz@e2e.test.')).toBeVisible();
  expect(lastEmailTo('martin.ruiz@e2e.test')?.subject).toContain('Plan semanal de Martín');
  // WhatsApp goes to the patient's mobile (Argentina: 549 + area code + number) with a link to the plan's
  // PDF that opens on a phone without signing in, not the plan pasted as text.
  const whatsapp = page.getByRole('link', { name: 'Compartir por WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/5491145550101\?text=/);
  const message = new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text')!;
  expect(message).toContain('Hola, te comparto tu plan de alimentación «Plan semanal de Martín»');
  expect(message).toMatch(/El enlace abre el PDF hasta el \d{2}-\d{2}-\d{4}\./);
  const sharedUrl = /(https?:\/\/\S+\/api\/v1\/shared-plans\/\S+)/.exec(message)![1]!;
  // Opened as the patient would: a fresh browser context, no session cookie.
  const patientBrowser = await page.context().browser()!.newContext();
  const sharedPdf = await patientBrowser.request.get(sharedUrl);
  expect(sharedPdf.status()).toBe(200);
  expect(sharedPdf.headers()['content-type']).toBe('application/pdf');
  const sharedFile = path.join(testInfo.outputDir, 'shared.pdf');
  fs.writeFileSync(sharedFile, await sharedPdf.body());
  expect(pdfToText(sharedFile)).toContain('Paciente: Martín Ruiz');
  const tampered = await patientBrowser.request.get(sharedUrl.replace(/t=\d+/, 't=1'));
  expect(tampered.status()).toBe(404);
  await patientBrowser.close();

  // A new plan is published (seed 1 §4: the draft flag defaults to false); it can go back to draft,
  // which is kept after a reload, and be published again.
  await expect(page.getByText('Publicado', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Volver a borrador' }).click();
  await expect(page.getByText('El plan volvió a ser un borrador.')).toBeVisible();
  await expect(page.getByText('Borrador', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Borrador', { exact: true })).toBeVisible();
  await expect(page.getByTestId('meal-1').getByTestId('meal-total')).toBeVisible();
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(page.getByText('Publicado', { exact: true })).toBeVisible();

  // A dish of the nutritionist, per serving: lentils 200 g in 2 servings → 116 kcal a serving.
  await api.call('POST', '/api/v1/dishes', { name: 'Guiso de lentejas', servings: 2, ingredients: [{ foodId: 'usda:16070', quantity: 200 }] });
  await page.getByRole('tab', { name: 'Martes' }).click();
  await pickFood(page, 'Almuerzo', 'guiso', /Guiso de lentejas/, 'dish');
  await expect(page.getByTestId('meal-3').getByTestId('meal-total')).toContainText('116 kcal');
  await expect(page.getByTestId('days-table').getByRole('row', { name: /Martes/ })).toContainText('339 kcal');
  await api.dispose();
});

test('templates: a simple template, search, duplicate and delete with confirmation; an exchange plan', async ({ page }) => {
  await register(page);
  await page.goto('/plantillas');
  await expect(page.getByText('Todavía no tenés plantillas.')).toBeVisible();
  await page.getByRole('link', { name: 'Nuevo plan' }).click();
  await page.getByRole('radio', { name: 'Simple' }).check();
  await page.getByRole('button', { name: 'Crear plan' }).click();
  await expect(page.getByText('Escribí un título.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Título' }).fill('Plantilla de verano');
  // Enter in a field does not create anything by accident: the form validates and submits once.
  await page.getByRole('button', { name: 'Crear plan' }).click();
  await expect(page).toHaveURL(/\/detalle-de-plan\?id=/);
  await page.getByRole('textbox', { name: 'Desayuno' }).fill('Té con tostadas integrales');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Plan guardado')).toBeVisible();
  await screenshot(page, 'plans-04-simple-editor');

  await page.goto('/plantillas');
  await expect(page.getByRole('link', { name: 'Plantilla de verano' })).toBeVisible();
  await expect(page.getByText('Publicado', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Duplicar «Plantilla de verano»' }).click();
  const dialog = page.getByRole('dialog', { name: 'Duplicar plan' });
  await dialog.getByRole('radio', { name: 'Como plantilla' }).check();
  await dialog.getByRole('button', { name: 'Duplicar', exact: true }).click();
  await expect(page.getByText('Se creó la plantilla «Plantilla de verano».')).toBeVisible();
  // The copy opens in the editor, as a template with the same content.
  await expect(page.getByText('Plantilla', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Desayuno' })).toHaveValue('Té con tostadas integrales');
  await page.goto('/plantillas');
  await expect(page.getByRole('link', { name: 'Plantilla de verano' })).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Buscar plantillas' }).fill('invierno');
  await expect(page.getByText('Ninguna plantilla coincide con la búsqueda.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Buscar plantillas' }).fill('verano');
  await expect(page.getByRole('link', { name: 'Plantilla de verano' })).toHaveCount(2);
  await expectAccessible(page);
  await screenshot(page, 'plans-05-templates');
  await page.getByRole('button', { name: 'Eliminar «Plantilla de verano»' }).first().click();
  await expect(page.getByRole('dialog', { name: '¿Eliminar el plan?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Plan eliminado')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Plantilla de verano' })).toHaveCount(1);

  // Exchange plan: 2 portions of skim milk at breakfast = 2 × 85,9 kcal (the group's average portion).
  await page.goto('/nuevo-plan');
  await page.getByRole('radio', { name: 'Por intercambios' }).check();
  await page.getByRole('textbox', { name: 'Título' }).fill('Intercambios base');
  await page.getByRole('button', { name: 'Crear plan' }).click();
  await expect(page.getByTestId('exchange-grid')).toBeVisible();
  await page.getByRole('textbox', { name: 'Porciones de Leche y yogur descremados en Desayuno' }).fill('2');
  await expect(page.getByTestId('day-total')).toContainText('172 kcal');
  await page.getByRole('textbox', { name: 'Energía objetivo (opcional)' }).fill('1800');
  await expect(page.getByTestId('days-table').getByRole('row', { name: /Lunes/ }).getByTestId('deviation')).toContainText('Por debajo');
  await page.getByRole('checkbox', { name: 'Descartar Leche y yogur descremados este día' }).check();
  await expect(page.getByTestId('day-total')).toContainText('0 kcal');
  await expectAccessible(page);
  await screenshot(page, 'plans-06-exchange-editor');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Plan guardado')).toBeVisible();
});

/** A small PNG logo (green square with a white band), encoded by hand so the test needs no image library. */
function logoPng(width = 240, height = 120): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const band = y > height * 0.4 && y < height * 0.6 && x > width * 0.15 && x < width * 0.85;
      rows.set(band ? [255, 255, 255] : [47, 111, 79], y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** Renders every page of a PDF to PNG (pdftoppm) under e2e/output/screens; answers the files written. */
function renderPdfPages(file: string, name: string): string[] {
  fs.mkdirSync(screensDir, { recursive: true });
  for (const old of fs.readdirSync(screensDir).filter((f) => f.startsWith(`${name}-`))) fs.rmSync(path.join(screensDir, old));
  execFileSync('pdftoppm', ['-png', '-r', '70', file, path.join(screensDir, name)]);
  return fs.readdirSync(screensDir).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'));
}

test('one plan of each type for a patient with a consultation: publish, duplicate to a second patient, branded PDF', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(150_000);
  const account = await register(page);
  setLicenceNumber(account.email, 'MN 4321');
  const api = await apiSession(baseURL!, account.email, account.password);
  const lucia = await api.call<{ id: string }>('POST', '/api/v1/patients', {
    firstName: 'Lucía',
    lastName: 'Paz',
    sex: 'f',
    birthDate: '1990-04-12',
    mobileAreaCode: '351',
    mobileNumber: '555-0202',
  });
  await api.call('POST', `/api/v1/patients/${lucia.id}/consultations`, { date: isoDaysAgo(7), time: '10:00', measurements: { weightKg: 62, heightCm: 165 } });
  await api.call('POST', '/api/v1/patients', { firstName: 'Tomás', lastName: 'Vera', sex: 'm', birthDate: '1985-06-30' });

  // The logo printed on every PDF, uploaded from Mi cuenta › Perfil.
  await page.goto('/mi-cuenta');
  const logoCard = page.getByTestId('logo-card');
  await expect(logoCard.getByText('Todavía no subiste un logo.')).toBeVisible();
  await logoCard.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(page.getByText('Logo guardado')).toBeVisible();
  await expect(logoCard.getByRole('img', { name: 'Tu logo' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'plans-08-logo');

  const cases = [
    {
      key: 'simple',
      type: 'Simple',
      title: 'Plan simple de Lucía',
      fill: async () => {
        await page.getByRole('textbox', { name: 'Desayuno' }).fill('Yogur con avena y banana');
        await page.getByRole('textbox', { name: 'Almuerzo' }).fill('Milanesa de pollo al horno con ensalada');
      },
      shown: async () => expect(page.getByRole('textbox', { name: 'Desayuno' })).toHaveValue('Yogur con avena y banana'),
      pdf: ['Yogur con avena y banana', 'Milanesa de pollo al horno con ensalada'],
    },
    {
      key: 'formula',
      type: 'Por fórmula',
      title: 'Plan por fórmula de Lucía',
      fill: async () => {
        // The target comes from the consultation (VCT × goal), not typed.
        await expect(page.getByTestId('target-kcal')).not.toContainText('Sin objetivo');
        await pickFood(page, 'Desayuno', 'leche entera', /^Leche entera$/);
        await pickFood(page, 'Almuerzo', 'lentejas hervidas', /Lentejas, hervidas/);
        await expect(page.getByTestId('day-total')).toContainText('177 kcal');
      },
      shown: async () => expect(page.getByTestId('meal-3')).toContainText('Lentejas, hervidas'),
      // The PDF uses the everyday name and the household measure: "Lentejas: ½ taza (100 g)".
      pdf: ['Leche entera', 'Lentejas: ½ taza (100 g)', 'Total del día'],
    },
    {
      key: 'exchange',
      type: 'Por intercambios',
      title: 'Plan por intercambios de Lucía',
      fill: async () => {
        await page.getByRole('textbox', { name: 'Porciones de Leche y yogur descremados en Desayuno' }).fill('1');
        await page.getByRole('textbox', { name: 'Porciones de Pan en Desayuno' }).fill('2');
        await page.getByRole('textbox', { name: 'Porciones de Cereales y legumbres en Almuerzo' }).fill('1,5');
      },
      shown: async () => expect(page.getByRole('textbox', { name: 'Porciones de Pan en Desayuno' })).toHaveValue('2'),
      pdf: ['de Leche y yogur descremados', '2 porciones de Pan', '1,5 porciones de Cereales y legumbres', 'Listas de intercambio', 'Azúcar y dulces'],
    },
  ];

  for (const c of cases) {
    await page.goto(`/nuevo-plan?patientId=${lucia.id}`);
    await expect(page.getByLabel('Paciente', { exact: true })).toHaveValue('Lucía Paz');
    await page.getByRole('radio', { name: c.type }).check();
    await page.getByRole('textbox', { name: 'Título' }).fill(c.title);
    await page.getByRole('button', { name: 'Crear plan' }).click();
    await expect(page.getByRole('heading', { name: c.title })).toBeVisible();
    await expect(page.getByText('Paciente: Lucía Paz')).toBeVisible();
    await c.fill();
    await expect(page.getByRole('link', { name: 'Compartir por WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/5493515550202\?text=.*shared-plans/);
    // Created published (the draft flag defaults to false); saving keeps it so.
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Plan guardado')).toBeVisible();
    await expect(page.getByText('Publicado', { exact: true })).toBeVisible();

    // Duplicate to the second patient through the dialog; the copy opens in the editor.
    await page.getByRole('button', { name: 'Duplicar…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicar plan' });
    await dialog.getByRole('button', { name: 'Duplicar', exact: true }).click();
    await expect(dialog.getByText('Elegí un paciente.')).toBeVisible();
    await dialog.getByLabel('Paciente', { exact: true }).fill('Tom');
    await page.getByRole('option', { name: 'Tomás Vera' }).click();
    if (c.key === 'simple') {
      await expectAccessible(page);
      await screenshot(page, 'plans-09-duplicate-dialog');
    }
    const source = page.url();
    await dialog.getByRole('button', { name: 'Duplicar', exact: true }).click();
    await expect(page.getByText(`Se creó una copia de «${c.title}» para Tomás Vera.`)).toBeVisible();
    await expect(page).not.toHaveURL(source);
    await expect(page.getByText('Paciente: Tomás Vera')).toBeVisible();
    await c.shown();
    await screenshot(page, `plans-10-copy-${c.key}`);

    // The copy's PDF: letterhead, patient, days and meals, and the plan's foods.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    const file = path.join(testInfo.outputDir, `plan-${c.key}.pdf`);
    await (await downloadPromise).saveAs(file);
    const text = pdfToText(file);
    for (const expected of [`${account.firstName} ${account.lastName}`, 'Matrícula: MN 4321', account.email, 'Paciente: Tomás Vera', c.title, 'Lunes', 'Desayuno', 'Almuerzo', ...c.pdf]) {
      expect(text, `${c.key} PDF`).toContain(expected);
    }
    expect(renderPdfPages(file, `plans-pdf-${c.key}`).length).toBeGreaterThan(0);
    fs.rmSync(file);
  }

  // Lucía keeps her three plans in her record.
  await page.goto(`/ficha?id=${lucia.id}&tab=planes`);
  for (const c of cases) await expect(page.getByRole('link', { name: c.title })).toBeVisible();

  // Tomás's record lists his plans 20 a page: three copies plus 20 more make two pages.
  const tomas = await api.call<{ items: { id: string; patientId: string }[] }>('GET', '/api/v1/plans?template=false&q=simple');
  const copy = tomas.items.find((p) => p.patientId !== lucia.id)!;
  for (let i = 0; i < 20; i += 1) await api.call('POST', `/api/v1/plans/${copy.id}/copy`, { patientId: copy.patientId });
  await page.goto(`/ficha?id=${copy.patientId}&tab=planes`);
  const rows = page.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows).toHaveCount(20);
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(rows).toHaveCount(3);
  // The template picker searches all templates by title, not only the first page.
  await page.getByLabel('Desde una plantilla', { exact: true }).fill('verano');
  await expect(page.getByText('No encontramos plantillas')).toBeVisible();
  await page.keyboard.press('Escape');
  await expectAccessible(page);
  await screenshot(page, 'plans-11-patient-plans-page-2');
  await api.dispose();
});

test('a plan typed with everyday Argentine names: each first result is the food meant, and the PDF reads in household measures', async ({ page }, testInfo) => {
  await register(page);
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Rocío', lastName: 'Giménez', sex: 'f', birthDate: '1992-04-10' });
  const plan = await apiCall<{ id: string }>(page, 'POST', '/plans', { type: 2, title: 'Semana de Rocío', patientId: patient.id, content: { formula: [] } });
  await page.goto(`/detalle-de-plan?id=${plan.id}`);
  const lines: Array<[meal: string, typed: string, first: RegExp, grams: string]> = [
    ['Desayuno', 'leche entera', /^Leche entera/, '200'],
    ['Desayuno', 'huevo', /^Huevo entero, crudo/, '100'],
    ['Almuerzo', 'papa', /^Papa, con cáscara, cruda/, '200'],
  ];
  for (const [meal, typed, first, grams] of lines) {
    const picker = page.getByLabel(`Agregar alimento a ${meal}`, { exact: true }).first();
    await picker.fill(typed);
    // The food she meant is the first result, not one further down.
    await expect(page.getByRole('option').first()).toHaveAccessibleName(first, { timeout: 15_000 });
    const fetched = page.waitForResponse((r) => /^\/api\/v1\/foods\/[^/]+$/.test(new URL(r.url()).pathname) && r.status() === 200);
    await page.getByRole('option').first().click();
    await fetched;
    const row = page.getByRole('row', { name: first }).last();
    await row.getByRole('textbox', { name: /^Cantidad de/ }).fill(grams);
  }
  await expect(page.getByTestId('meal-1').getByTestId('household').first()).toHaveText('≈ ¾ taza');
  // A potato is counted: 200 g is 1 unidad mediana (SR24's medium potato, 213 g).
  await expect(page.getByTestId('meal-3').getByTestId('household')).toHaveText('≈ 1 unidad mediana');
  await screenshot(page, 'plans-12-household-measures');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Plan guardado')).toBeVisible();

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  const file = path.join(testInfo.outputDir, 'plan-argentino.pdf');
  await (await downloadPromise).saveAs(file);
  const text = pdfToText(file);
  // Everyday names and household measures next to the grams; never the database's "Papa, con cáscara, cruda".
  // A drink in millilitres (SR24: 1 fl oz of whole milk = 30,5 g), a counted food in units.
  expect(text).toContain('Leche entera: ¾ taza (194 ml)');
  expect(text).toContain('Huevo: 2 grandes (100 g)');
  expect(text).toContain('Papa: 1 unidad mediana (200 g)');
  expect(text).not.toContain('con cáscara, cruda');
  renderPdfPages(file, 'plans-13-household-pdf');
  fs.rmSync(file);
});

test('the plan editor on a phone in dark mode: household hints, the unusual-amount mark and its dialog fit, axe clean', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page);
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Rocío', lastName: 'Giménez', sex: 'f', birthDate: '1992-04-10' });
  const plan = await apiCall<{ id: string }>(page, 'POST', '/plans', {
    type: 2,
    title: 'Semana de Rocío',
    patientId: patient.id,
    content: { formula: [{ day: 1, meals: [{ slot: 1, items: [{ kind: 'food', id: 'ar:leche-entera', quantity: 200, unit: 'g' }, { kind: 'food', id: 'ar:huevo', quantity: 3000, unit: 'g' }] }] }] },
  });
  await page.goto(`/detalle-de-plan?id=${plan.id}`);
  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitem', { name: 'Oscuro', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const breakfast = page.getByTestId('meal-1');
  await expect(breakfast.getByTestId('household').first()).toHaveText('≈ ¾ taza');
  await expect(breakfast.getByTestId('unusual-amount')).toBeVisible();
  await breakfast.scrollIntoViewIfNeeded();
  await screenshot(page, 'plans-14-editor-phone-dark');
  await expectAccessible(page);
  // Nothing scrolls the page sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: '¿Las cantidades son correctas?' });
  await expect(confirm.getByTestId('implausible-lines')).toContainText('Huevo entero, crudo 3.000 g');
  const box = (await confirm.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await screenshot(page, 'plans-15-implausible-phone-dark');
  await confirm.getByRole('button', { name: 'Guardar igual' }).click();
  await expect(page.getByText('Plan guardado')).toBeVisible();
});
