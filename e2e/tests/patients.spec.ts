// Patients and the clinical record, as a nutritionist uses them in Chromium: the first-patient tour on a
// fresh account, the full new-patient form (with a webcam photo), server-side search with and without
// accents, the place-of-care filter, editing with the unsaved-changes guard, pregnancy follow-up, lab
// results, the reminder opt-out, a 200-row CSV import with 3 bad rows, column mapping of an import with
// unknown headers, JSON and PDF export, the change history, delete and restore. Screenshots + axe per screen.
import { expect, test, type Page } from '@playwright/test';
import { apiCall, expectAccessible, firstPatientPopup, logout, newAccount, register, screenshot } from './support.js';

/** A registered nutritionist who has already put the first-patient popup away ("Ahora no"). */
async function registerWithoutTour(page: Page) {
  return register(page);
}

/** The first-patient popup is up, and the screen's main heading is still uncovered and clickable. */
async function expectPopupBesideScreen(page: Page) {
  await expect(firstPatientPopup(page)).toBeVisible();
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeVisible();
  const box = (await heading.boundingBox())!;
  const covered = await page.evaluate(
    ({ x, y }) => {
      const hit = document.elementFromPoint(x, y);
      return !!hit?.closest('[data-testid="first-patient-popup"]');
    },
    { x: box.x + Math.min(box.width / 2, 40), y: box.y + box.height / 2 },
  );
  expect(covered).toBe(false);
}

async function pickOption(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

function isoDaysAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(d);
}
const display = (iso: string) => iso.split('-').reverse().join('-');

test('first-patient tour on a fresh account creates the patient and opens the record', async ({ page }) => {
  // Four screenshots and an axe check: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  await register(page, newAccount(), undefined, { keepFirstPatientPopup: true });
  const dialog = page.getByRole('dialog', { name: 'Cargá tu primer paciente' });
  await expect(dialog).toBeVisible();
  await screenshot(page, 'patients-01-tour');
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByText('El campo género es obligatorio')).toBeVisible();
  await expect(dialog.getByText('El campo nombre es obligatorio')).toBeVisible();
  await expect(dialog.getByText('El campo apellido es obligatorio')).toBeVisible();
  await screenshot(page, 'patients-02-tour-errors');

  await dialog.getByLabel('Nombre').fill('José');
  await dialog.getByLabel('Apellido').fill('Pérez');
  // Enter in a field does not submit by accident.
  await dialog.getByLabel('Apellido').press('Enter');
  await expect(dialog.getByText('El campo género es obligatorio')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Masculino' }).check();

  // Hold the create call until the animated loading state has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/patients', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('tour-loading')).toBeVisible();
  await screenshot(page, 'patients-03-tour-loading');
  release();

  await expect(page).toHaveURL(/\/ficha\?id=/);
  await expect(page.getByTestId('record-name')).toHaveText('José Pérez');
  await page.unroute('**/api/v1/patients');

  // Back on /inicio: no tour any more, and the recent-patients card links to the record.
  await page.goto('/inicio');
  const recent = page.getByTestId('dashboard-recent-patients');
  await expect(recent.getByRole('link', { name: 'José Pérez' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Cargá tu primer paciente' })).toHaveCount(0);
  await screenshot(page, 'patients-04-dashboard-recent');
  await expectAccessible(page);
  await recent.getByRole('link', { name: 'José Pérez' }).click();
  await expect(page.getByTestId('record-name')).toHaveText('José Pérez');
});

test('the first-patient popup is on every main screen while the practice has no patient', async ({ page }) => {
  // Seven screens, two sizes, each loaded in full: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page, newAccount(), undefined, { keepFirstPatientPopup: true });
  const dialog = firstPatientPopup(page);
  for (const path of ['/citas', '/alimentos', '/plantillas', '/estadisticas', '/pacientes', '/cuenta']) {
    await page.goto(path);
    await expectPopupBesideScreen(page);
  }
  await page.goto('/citas');
  await expect(dialog).toBeVisible();
  await screenshot(page, 'patients-01b-tour-on-citas');
  // On a phone it sits in the page's flow, above the screen: nothing of the screen is under it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => getComputedStyle(el.parentElement!).position)).not.toBe('fixed');
  await screenshot(page, 'patients-01c-tour-on-citas-phone');
  await page.goto('/alimentos');
  await expectPopupBesideScreen(page);
  await page.getByRole('heading', { level: 1 }).first().scrollIntoViewIfNeeded();
  await screenshot(page, 'patients-01d-tour-on-alimentos-phone');
  // The new-patient form is the same invitation: no popup over it.
  await page.goto('/nuevo-paciente');
  await expect(page.getByLabel('Nombre').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Created from the popup on another screen: the record opens and the popup is gone everywhere.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/alimentos');
  await dialog.getByLabel('Nombre').fill('Ana');
  await dialog.getByLabel('Apellido').fill('Ruiz');
  await dialog.getByRole('radio', { name: 'Femenino' }).check();
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('record-name')).toHaveText('Ana Ruiz');
  await page.goto('/citas');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('a dismissed first-patient popup stays away for the account on every screen; another account still gets its own', async ({ page }) => {
  await register(page, newAccount(), undefined, { keepFirstPatientPopup: true });
  const dialog = firstPatientPopup(page);
  await page.goto('/alimentos');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ahora no' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await apiCall<{ firstPatientTour: string }>(page, 'GET', '/me/onboarding')).firstPatientTour).toBe('dismissed');
  for (const path of ['/alimentos', '/citas', '/pacientes']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(dialog).toHaveCount(0);
  }
  await expect(page.getByTestId('patients-empty')).toBeVisible();
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('patients-empty')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The same browser, another practice: the memory is per account, so hers shows.
  await logout(page);
  await register(page, newAccount(), undefined, { keepFirstPatientPopup: true });
  await page.goto('/citas');
  await expect(dialog).toBeVisible();
});

test('full new-patient form with a webcam photo, then search with and without accents and by place', async ({ page }) => {
  await registerWithoutTour(page);
  const place = await apiCall<{ id: string }>(page, 'POST', '/locations', { name: 'Consultorio Palermo' });
  await apiCall(page, 'POST', '/patients', { firstName: 'José', lastName: 'Pérez', sex: 'm' });

  await page.goto('/nuevo-paciente');
  await page.getByLabel('Nombre', { exact: true }).fill('Ana María');
  await page.getByLabel('Apellido', { exact: true }).fill('López');
  await page.getByLabel('Fecha de nacimiento').fill('15-03-1990');
  await expect(page.getByText(/^3\d años$/)).toBeVisible();
  await pickOption(page, 'Sexo', 'Femenino');
  await page.getByLabel('Documento').fill('30123456');
  await page.getByLabel('Teléfono').fill('011 4777-1234');
  await page.getByLabel('Código de área').fill('11');
  await page.getByLabel('Celular').fill('5555-1234');
  await page.getByLabel('Correo electrónico').fill('ana.lopez@example.com');
  await page.getByLabel('Domicilio').fill('Av. Santa Fe 1234');
  await page.getByLabel('Provincia', { exact: true }).fill('Córd');
  await page.getByRole('option', { name: 'Córdoba' }).click();
  await page.getByLabel('Ciudad').fill('Villa Carlos Paz');
  await page.getByLabel('Obra social').fill('OSDE');
  await page.getByLabel('Número de socio').fill('123-456');
  await page.getByLabel('Profesión').fill('Docente');
  await page.getByLabel('Sitio web').fill('https://ana.example.com');
  // Height accepts a comma and drops letters.
  await page.getByLabel('Talla (cm)').fill('165,5cm');
  await expect(page.getByLabel('Talla (cm)')).toHaveValue('165,5');
  await page.getByLabel('Fecha de inicio').fill('01-02-2026');
  await expect(page.getByLabel('Tipo de paciente', { exact: true })).toHaveValue('Genérico');
  await pickOption(page, 'Lugar de atención', 'Consultorio Palermo');
  await pickOption(page, 'Referido por', 'Instagram');
  await page.getByLabel('Motivo de consulta').fill('Quiere ordenar sus comidas.');
  await page.getByLabel('Objetivo').fill('Bajar 5 kg en 6 meses.');

  // Webcam photo (Chromium's fake camera): getUserMedia → canvas snapshot.
  await page.getByRole('button', { name: 'Usar la cámara' }).click();
  const camera = page.getByRole('dialog', { name: 'Tomar una foto' });
  await expect(camera.getByRole('button', { name: 'Tomar foto' })).toBeEnabled();
  await screenshot(page, 'patients-05-webcam');
  await camera.getByRole('button', { name: 'Tomar foto' }).click();
  await expect(page.getByRole('img', { name: 'Foto de Ana María López' })).toHaveAttribute('src', /^blob:/);
  await screenshot(page, 'patients-06-new-patient-form');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Crear paciente' }).click();
  await expect(page).toHaveURL(/\/ficha\?id=/);
  await expect(page.getByTestId('record-name')).toHaveText('Ana María López');
  await expect(page.getByTestId('record-type')).toHaveText('Genérico');
  await expect(page.getByRole('img', { name: 'Foto de Ana María López' })).toHaveAttribute('src', /\/api\/v1\/patients\/.+\/photo\?/);
  const whatsapp = page.getByRole('link', { name: 'WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/5491155551234\?text=Hola%2C%20Ana%20Mar%C3%ADa/);
  await expect(page.getByRole('link', { name: 'Enviar correo' })).toHaveAttribute('href', 'mailto:ana.lopez@example.com');
  await expect(page.getByRole('link', { name: 'Nueva consulta' })).toHaveAttribute('href', /\/nueva-consulta\?paciente=/);
  await expect(page.getByLabel('Ciudad')).toHaveValue('Villa Carlos Paz');
  await expect(page.getByLabel('Talla (cm)')).toHaveValue('165,5');
  await expect(page.getByLabel('Fecha de nacimiento')).toHaveValue('15-03-1990');
  await screenshot(page, 'patients-07-record');
  await expectAccessible(page);

  // Search: server side, 500 ms after typing stops, case- and accent-insensitive.
  await page.goto('/pacientes');
  const table = page.getByTestId('patients-table');
  await expect(table.getByRole('link')).toHaveCount(2);
  await screenshot(page, 'patients-08-list');
  await expectAccessible(page);
  const search = page.getByLabel('Buscar paciente');
  await search.fill('jose');
  await expect(table.getByRole('link', { name: 'Pérez, José' })).toBeVisible();
  await expect(table.getByRole('link')).toHaveCount(1);
  await search.fill('LOPEZ');
  await expect(table.getByRole('link', { name: 'López, Ana María' })).toBeVisible();
  await expect(table.getByRole('link')).toHaveCount(1);
  await search.fill('Zoilo');
  await expect(page.getByText('Parece que no hay nadie llamado así, probá buscarlo de otra manera')).toBeVisible();
  await screenshot(page, 'patients-09-no-match');
  await expectAccessible(page);

  // Filter by place of care.
  await search.fill('');
  await expect(table.getByRole('link')).toHaveCount(2);
  await pickOption(page, 'Lugar de atención', 'Consultorio Palermo');
  await expect(table.getByRole('link')).toHaveCount(1);
  await expect(table.getByRole('link', { name: 'López, Ana María' })).toBeVisible();
  expect(place.id).toBeTruthy();
  await screenshot(page, 'patients-10-filter-place');

  // The navbar search finds patients too.
  await page.getByTestId('open-search').click();
  await page.getByPlaceholder('Buscar páginas…').fill('jose');
  await page.getByText('José Pérez').click();
  await expect(page.getByTestId('record-name')).toHaveText('José Pérez');
});

/** A new practice with Lucía Fernández, whose record is open. */
async function practiceWithLucia(page: Page) {
  await registerWithoutTour(page);
  const patient = await apiCall<{ id: string; version: number }>(page, 'POST', '/patients', {
    firstName: 'Lucía',
    lastName: 'Fernández',
    sex: 'f',
    heightCm: 160,
    birthDate: '1994-06-10',
  });
  await page.goto(`/ficha?id=${patient.id}`);
  await expect(page.getByTestId('record-name')).toHaveText('Lucía Fernández');
  return patient;
}

// The record's editing, pregnancy follow-up, labs, and export/history/trash: four tests on their own
// accounts (one test was near the minute with two workers).
test('edit with the unsaved-changes guard, a reason that grows, the reminder opt-out', async ({ page }) => {
  const patient = await practiceWithLucia(page);

  // Server validation message under the field.
  await page.getByLabel('Correo electrónico').fill('lucia@');
  await page.getByRole('button', { name: 'Guardar datos personales' }).click();
  await expect(page.getByText('Ingresá un correo electrónico válido.').first()).toBeVisible();
  await page.getByLabel('Correo electrónico').fill('lucia@example.com');
  // The error toast (2500 ms) goes away by itself.
  await expect(page.getByText('Revisá los datos ingresados.')).toBeHidden();

  // Unsaved guard: leaving asks, "Seguir editando" stays with the edits, "Salir sin guardar" goes on.
  await page.getByLabel('Ciudad').fill('Rosario');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Pacientes' }).click();
  const guard = page.getByRole('dialog', { name: 'Cambios sin guardar' });
  await expect(guard).toBeVisible();
  await screenshot(page, 'patients-11-unsaved-guard');
  await expectAccessible(page);
  await guard.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(page).toHaveURL(/\/ficha\?id=/);
  await expect(page.getByLabel('Ciudad')).toHaveValue('Rosario');
  await page.getByRole('button', { name: 'Guardar datos personales' }).click();
  await expect(page.getByText('Los datos personales se guardaron.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Ciudad')).toHaveValue('Rosario');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue('lucia@example.com');
  await page.getByLabel('Ciudad').fill('Funes');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Pacientes' }).click();
  await guard.getByRole('button', { name: 'Salir sin guardar' }).click();
  await expect(page).toHaveURL(/\/pacientes$/);
  await page.goto(`/ficha?id=${patient.id}`);
  await expect(page.getByLabel('Ciudad')).toHaveValue('Rosario');

  // "Motivo de consulta" grows with its text, without a scroll bar inside, after saving and reloading too
  // (sized by CSS field-sizing in Chromium, not by script).
  const reason = page.getByLabel('Motivo de consulta');
  const box = (el: HTMLTextAreaElement) => ({ height: Math.round(el.getBoundingClientRect().height), hidden: el.scrollHeight - el.clientHeight });
  const empty = await reason.evaluate(box);
  expect(empty.height).toBeGreaterThanOrEqual(50); // two lines at least (minRows 2)
  const sixLines = ['Control de peso', 'Hipotiroidismo', 'Come fuera 4 veces por semana', 'Duerme 5 horas', 'Sedentaria', 'Quiere bajar 6 kg'].join('\n');
  await reason.fill(sixLines);
  await page.getByRole('button', { name: 'Guardar datos personales' }).click();
  await expect(page.getByText('Los datos personales se guardaron.')).toBeVisible();
  await page.reload();
  await expect(reason).toHaveValue(sixLines);
  const grown = await reason.evaluate(box);
  expect(grown.height).toBeGreaterThan(empty.height + 60);
  expect(grown.hidden).toBeLessThanOrEqual(1);
  await screenshot(page, 'patients-11a-reason-grows');

  // The patient asks not to get appointment reminders by email.
  const optOut = page.getByRole('switch', { name: 'No enviar recordatorios de turnos por correo' });
  await expect(optOut).not.toBeChecked();
  await optOut.click({ force: true });
  await page.getByRole('button', { name: 'Guardar datos personales' }).click();
  await expect(page.getByText('Los datos personales se guardaron.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'No enviar recordatorios de turnos por correo' })).toBeChecked();
  expect((await apiCall<{ remindersOptOut: boolean }>(page, 'GET', `/patients/${patient.id}`)).remindersOptOut).toBe(true);
  await screenshot(page, 'patients-11b-reminders-opt-out');
});

test('pregnancy follow-up: weeks, due date, weight gain, finished into the history', async ({ page }) => {
  await practiceWithLucia(page);

  // Pregnancy: FUM 10 weeks ago → week 10 + 0 days, due date = FUM + 280 days.
  await page.getByRole('button', { name: 'Seguimiento del embarazo' }).click();
  const lmp = isoDaysAgo(70);
  await page.getByLabel('Fecha de última menstruación (FUM)').fill(display(lmp));
  await page.getByLabel('Peso pregestacional (kg)').fill('58,5');
  await page.getByRole('button', { name: 'Iniciar seguimiento' }).click();
  await expect(page.getByTestId('pregnancy-week')).toHaveText('10 semanas y 0 días');
  const due = new Date(`${lmp}T12:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 280);
  await expect(page.getByTestId('pregnancy-due')).toHaveText(display(due.toISOString().slice(0, 10)));
  await page.getByLabel('Peso (kg)').fill('61');
  await page.getByRole('button', { name: 'Agregar peso' }).click();
  const weights = page.getByTestId('pregnancy-weights');
  await expect(weights.getByRole('cell', { name: '+2,5 kg' })).toBeVisible();
  await screenshot(page, 'patients-12-pregnancy');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Finalizar embarazo' }).click();
  const finish = page.getByRole('dialog', { name: 'Finalizar embarazo' });
  await finish.getByRole('button', { name: 'Finalizar' }).click();
  const history = page.getByTestId('pregnancy-history');
  await expect(history.getByRole('cell', { name: display(lmp) })).toBeVisible();
  await expect(history.getByRole('cell', { name: 'Nacimiento' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar seguimiento' })).toBeVisible();
});

test('lab results: the catalogue fills unit and range, out of range is said, edit and delete', async ({ page }) => {
  // Typed right away while the section is still opening: with animations on, as a person has them (the
  // suite's reduced motion opens it in one frame), the list of analytes has to show all the same.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await practiceWithLucia(page);

  // Labs: catalogue suggestion fills unit and range; out of range shows an icon and the word.
  await page.getByRole('button', { name: 'Análisis de laboratorio' }).click();
  await page.getByRole('combobox', { name: 'Análisis', exact: true }).fill('gluc');
  await expect(page.getByRole('option', { name: 'Glucemia en ayunas' })).toBeVisible();
  await page.getByRole('option', { name: 'Glucemia en ayunas' }).click();
  await expect(page.getByLabel('Unidad')).toHaveValue('mg/dL');
  // 100 mg/dL is already impaired fasting glucose (ADA 2024): the last normal value, 99, is the bound.
  await expect(page.getByLabel('Máximo de referencia')).toHaveValue('99');
  await page.getByLabel('Valor', { exact: true }).fill('126');
  await page.getByRole('button', { name: 'Agregar resultado' }).click();
  const labs = page.getByTestId('labs-table');
  await expect(labs.getByRole('row', { name: /Glucemia en ayunas.*126 mg\/dL.*Alto/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Análisis', exact: true }).fill('Hemoglobina');
  await page.getByRole('option', { name: 'Hemoglobina', exact: true }).click();
  // Female range 12–15,5 g/dL.
  await expect(page.getByLabel('Mínimo de referencia')).toHaveValue('12');
  await page.getByLabel('Valor', { exact: true }).fill('13,2');
  await page.getByRole('button', { name: 'Agregar resultado' }).click();
  await expect(labs.getByRole('row', { name: /Hemoglobina.*13,2 g\/dL.*En rango/ })).toBeVisible();
  await screenshot(page, 'patients-13-labs');
  await expectAccessible(page);
  // Edit the glucose back into range, then delete the haemoglobin.
  await page.getByRole('button', { name: 'Editar Glucemia en ayunas' }).click();
  await page.getByLabel('Valor', { exact: true }).fill('92');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(labs.getByRole('row', { name: /Glucemia en ayunas.*92 mg\/dL.*En rango/ })).toBeVisible();
  await expect(labs.getByTestId('lab-out-of-range')).toHaveCount(0);
  await page.getByRole('button', { name: 'Eliminar Hemoglobina' }).click();
  await expect(labs.getByRole('row')).toHaveCount(2);
});

test('export as JSON and PDF, the change history, delete and restore', async ({ page }) => {
  const patient = await practiceWithLucia(page);
  // What the tests above do through the screens, here through the API: the city and the reminder
  // opt-out changed, one lab result.
  const moved = await apiCall<{ version: number }>(page, 'PATCH', `/patients/${patient.id}`, { city: 'Rosario', version: patient.version });
  await apiCall(page, 'PATCH', `/patients/${patient.id}`, { remindersOptOut: true, version: moved.version });
  await apiCall(page, 'POST', `/patients/${patient.id}/labs`, {
    date: isoDaysAgo(0),
    analyte: 'Glucemia en ayunas',
    value: 92,
    unit: 'mg/dL',
    referenceMin: 70,
    referenceMax: 99,
  });
  await page.reload();
  await expect(page.getByLabel('Ciudad')).toHaveValue('Rosario');

  // The plans tab lists the patient's plans (none yet); no notes yet (notes-news-help.spec writes them); export downloads the JSON.
  await page.getByRole('tab', { name: 'Planes' }).click();
  await expect(page.getByText('Este paciente todavía no tiene planes.')).toBeVisible();
  await page.getByRole('tab', { name: 'Notas' }).click();
  await expect(page.getByTestId('notes-empty')).toHaveText('Todavía no hay notas.');
  await page.getByRole('tab', { name: 'Ficha' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar datos' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.json$/);
  const exported = JSON.parse(await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')) as {
    patient: { city: string };
    labResults: unknown[];
  };
  expect(exported.patient.city).toBe('Rosario');
  expect(exported.labResults).toHaveLength(1);
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Resumen en PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('ficha-fernández-lucía.pdf');
  const pdfBytes = await (await import('node:fs/promises')).readFile((await pdf.path())!);
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

  // The change history lists the edits and both exports, newest first.
  await page.getByRole('tab', { name: 'Historial de cambios' }).click();
  const changes = page.getByTestId('patient-history');
  await expect(changes.getByRole('row').nth(1)).toContainText('Exportó: Paciente en PDF');
  await expect(changes.getByRole('row').nth(2)).toContainText('Exportó: Paciente');
  await expect(changes.getByRole('row', { name: /Modificó: Paciente.*No enviar recordatorios de turnos por correo/ })).toBeVisible();
  await expect(changes.getByRole('row', { name: /Modificó: Paciente.*Ciudad/ })).toBeVisible();
  await expect(changes.getByRole('row', { name: /Creó: Análisis de laboratorio/ }).first()).toBeVisible();
  await screenshot(page, 'patients-13b-history');
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Ficha' }).click();

  // Delete (soft) with confirmation, then restore from the trash.
  await page.getByRole('button', { name: 'Eliminar paciente' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar paciente' });
  await screenshot(page, 'patients-14-delete-confirm');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(/\/pacientes$/);
  await expect(page.getByTestId('patients-empty')).toBeVisible();
  await page.getByRole('tab', { name: 'Papelera' }).click();
  const trash = page.getByTestId('patients-table');
  await expect(trash.getByRole('link', { name: 'Fernández, Lucía' })).toBeVisible();
  await screenshot(page, 'patients-15-trash');
  await expectAccessible(page);
  await trash.getByRole('button', { name: 'Restaurar a Fernández, Lucía' }).click();
  await expect(page.getByText('Lucía Fernández volvió a tu lista de pacientes.')).toBeVisible();
  await expect(page.getByText('La papelera está vacía.')).toBeVisible();
  await page.getByRole('tab', { name: 'Pacientes' }).click();
  await expect(page.getByTestId('patients-table').getByRole('link', { name: 'Fernández, Lucía' })).toBeVisible();
});

test('CSV import: dry run of 200 rows shows the 3 bad lines, then imports the rest', async ({ page }) => {
  await registerWithoutTour(page);
  const lines = ['nombre;apellido;fecha de nacimiento;sexo;correo'];
  for (let i = 1; i <= 200; i += 1) {
    const n = String(i).padStart(3, '0');
    lines.push(`Paciente${n};Importado;10-05-1985;f;p${n}@example.com`);
  }
  // Data row k sits on file line k + 1.
  lines[10] = 'Sin;;10-05-1985;f;sin@example.com'; // line 11: no surname
  lines[50] = 'Fecha;Mala;31-02-1990;m;fecha@example.com'; // line 51: 31 February
  lines[150] = 'Correo;Malo;10-05-1985;f;no-es-un-correo'; // line 151: bad email
  const csv = Buffer.from(`${lines.join('\n')}\n`, 'utf8');

  await page.goto('/pacientes');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar pacientes desde un CSV o Excel' });
  await dialog.locator('input[type=file]').setInputFiles({ name: 'pacientes.csv', mimeType: 'text/csv', buffer: csv });
  await dialog.getByRole('button', { name: 'Revisar archivo' }).click();
  await expect(dialog.getByText('Filas leídas: 200. Válidas: 197. Con errores: 3.')).toBeVisible();
  // The recognised columns and a preview of the first 10 rows.
  await expect(dialog.getByLabel('fecha de nacimiento', { exact: true })).toHaveValue('Fecha de nacimiento');
  await expect(dialog.getByTestId('import-preview').getByRole('row')).toHaveCount(11);
  await expect(dialog.getByTestId('import-preview').getByRole('row').filter({ hasText: 'Con errores' })).toHaveCount(1);
  await expect(dialog.getByTestId('import-preview').getByRole('row').filter({ hasText: 'Con errores' })).toContainText('sin@example.com');
  const rejected = dialog.getByTestId('import-rejected');
  await expect(rejected.getByRole('row')).toHaveCount(4);
  for (const line of ['11', '51', '151']) await expect(rejected.getByRole('cell', { name: line, exact: true })).toBeVisible();
  await screenshot(page, 'patients-16-import-dry-run');
  await dialog.getByTestId('import-preview').scrollIntoViewIfNeeded();
  await screenshot(page, 'patients-16b-import-preview');
  await expectAccessible(page);
  // Nothing was saved by the dry run.
  await expect(page.getByTestId('patients-empty')).toBeVisible();

  await dialog.getByRole('button', { name: 'Importar 197 pacientes' }).click();
  await expect(page.getByText('Se importaron 197 pacientes.')).toBeVisible();
  await expect(page.getByText('197 pacientes', { exact: true })).toBeVisible();
  await expect(page.getByTestId('patients-table').getByRole('link')).toHaveCount(20);
  await page.getByRole('button', { name: 'Página siguiente' }).click();
  await expect(page.getByTestId('patients-table').getByRole('link', { name: 'Importado, Paciente025' })).toBeVisible();
  await screenshot(page, 'patients-17-imported');
});

test('import with unknown headers: the nutritionist maps the columns, checks the preview and imports', async ({ page }) => {
  await registerWithoutTour(page);
  const csv = Buffer.from('Nom;Ape;Mail de contacto;Notas\nMarta;Ríos;marta@example.com;vino por Instagram\nPedro;Sosa;no-es-correo;\nInés;Paz;;\n', 'utf8');
  await page.goto('/pacientes');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar pacientes desde un CSV o Excel' });
  await dialog.locator('input[type=file]').setInputFiles({ name: 'agenda.csv', mimeType: 'text/csv', buffer: csv });
  await dialog.getByRole('button', { name: 'Revisar archivo' }).click();
  await expect(dialog.getByTestId('import-missing')).toContainText('Elegí qué columnas tienen estos datos: Nombre, Apellido.');
  await expect(dialog.getByRole('button', { name: /^Importar/ })).toBeDisabled();
  await screenshot(page, 'patients-18-import-mapping-needed');

  const choose = async (column: string, field: string) => {
    await dialog.getByLabel(column, { exact: true }).click();
    await page.getByRole('option', { name: field, exact: true }).click();
  };
  await choose('Nom', 'Nombre');
  await expect(dialog.getByTestId('import-missing')).toContainText('Apellido');
  await choose('Ape', 'Apellido');
  await expect(dialog.getByTestId('import-missing')).toBeHidden();
  await choose('Mail de contacto', 'Correo electrónico');
  await expect(dialog.getByText('Filas leídas: 3. Válidas: 2. Con errores: 1.')).toBeVisible();
  await expect(dialog.getByTestId('import-rejected').getByRole('row', { name: /3.*Correo electrónico: Ingresa un correo electrónico válido\./ })).toBeVisible();
  await expect(dialog.getByText('Columnas ignoradas: Notas')).toBeVisible();
  await screenshot(page, 'patients-19-import-mapped');
  await dialog.getByTestId('import-rejected').scrollIntoViewIfNeeded();
  await screenshot(page, 'patients-19b-import-preview');
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Importar 2 pacientes' }).click();
  await expect(page.getByText('Se importaron 2 pacientes.')).toBeVisible();
  const table = page.getByTestId('patients-table');
  await expect(table.getByRole('link', { name: 'Ríos, Marta' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Paz, Inés' })).toBeVisible();
  await expect(table.getByRole('link')).toHaveCount(2);
});
