// The patient only ever sees a plan her nutritionist gives her (issue 24): in two browsers, the
// nutritionist publishes a finished plan ("Publicar para el paciente"), the patient reads it on her phone;
// "Crear plan" makes a new, empty plan that does NOT replace it; publishing the new one makes it "Mi plan"
// and the earlier one stays reachable. The portal shows 24-hour times, and its sign-in screen offers the
// invitation code, not the professional's sign-up. Screenshots at 1366×768 and 390×844.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall, expectAccessible, register, screenshot } from './support.js';
import { isoDay, nextMonday } from './appointments-support.js';

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires', reducedMotion: 'reduce' });
  return context.newPage();
}

test('a new plan waits until it is published for the patient; earlier plans stay in her portal', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  const email = `paciente.${Date.now().toString(36)}@e2e.test`;
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Camila', lastName: 'Ibarra', sex: 'f', birthDate: '1992-04-02', email });
  const invite = await apiCall<{ inviteUrl: string }>(page, 'POST', `/patients/${patient.id}/portal-invite`);
  // An appointment at 17:30: the portal must say 17:30, not "05:30 p. m.".
  const place = await apiCall<{ id: string }>(page, 'POST', '/locations', { name: 'Consultorio Centro' });
  await apiCall(page, 'PUT', `/locations/${place.id}/schedule`, { days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ start: '09:00', end: '20:00' }] })) });
  const monday = isoDay(nextMonday());
  await apiCall(page, 'POST', '/appointments', { patientId: patient.id, locationId: place.id, start: new Date(`${monday}T17:30:00-03:00`).toISOString(), end: new Date(`${monday}T18:15:00-03:00`).toISOString() });
  const march = await apiCall<{ id: string }>(page, 'POST', '/plans', {
    type: 1,
    title: 'Plan de marzo',
    patientId: patient.id,
    draft: 0,
    content: { simple: [{ day: 1, meals: [{ slot: 2, text: 'Avena con banana' }] }] },
  });

  // The patient activates her portal on a phone: no plan yet, although one exists and is not a draft.
  const patientPage = await phone(browser);
  await patientPage.goto(invite.inviteUrl.replace(/^https?:\/\/[^/]+/, ''));
  await patientPage.getByTestId('accept-password').fill('clave-de-camila-1');
  await patientPage.getByTestId('accept-submit').click();
  await expect(patientPage).toHaveURL(/\/portal$/);
  await expect(patientPage.getByText(/17:30/)).toBeVisible();
  await expect(patientPage.getByText(/p\.\s?m\./)).toHaveCount(0);
  await expect(patientPage.getByText('Tu nutricionista todavía no publicó un plan para vos.')).toBeVisible();

  // The nutritionist publishes the finished plan for her.
  await page.goto(`/detalle-de-plan?id=${march.id}`);
  await expect(page.getByTestId('plan-patient-visibility')).toHaveText('El paciente todavía no lo ve');
  await page.getByRole('button', { name: 'Publicar para el paciente' }).click();
  await expect(page.getByText('Camila Ibarra ya lo ve en «Mi plan» de su portal.')).toBeVisible();
  await expect(page.getByTestId('plan-patient-visibility')).toHaveText(/^El paciente lo ve desde el \d{2}-\d{2}-\d{4}$/);
  await expect(page.getByRole('button', { name: 'Retirar del portal' })).toBeVisible();
  await screenshot(page, 'portal-plans-01-editor-published');
  await expectAccessible(page);

  await patientPage.reload();
  await patientPage.getByRole('tab', { name: 'Mi plan' }).click();
  await expect(patientPage.getByTestId('portal-plan')).toContainText('Plan de marzo');
  await expect(patientPage.getByTestId('portal-plan')).toContainText('Avena con banana');

  // "Crear plan": a new, empty plan for her. Her portal keeps the finished one.
  await page.goto(`/nuevo-plan?patientId=${patient.id}`);
  await page.getByLabel('Título').fill('Plan de abril');
  await page.getByRole('button', { name: 'Crear plan' }).click();
  await expect(page).toHaveURL(/\/detalle-de-plan\?id=/);
  await expect(page.getByTestId('plan-patient-visibility')).toHaveText('El paciente todavía no lo ve');
  await patientPage.reload();
  await patientPage.getByRole('tab', { name: 'Mi plan' }).click();
  await expect(patientPage.getByTestId('portal-plan')).toContainText('Plan de marzo');
  await expect(patientPage.getByTestId('portal-plan')).not.toContainText('Plan de abril');

  // Published: the April plan is hers, and March stays reachable under "Planes anteriores".
  await page.getByRole('button', { name: 'Publicar para el paciente' }).click();
  await expect(page.getByTestId('plan-patient-visibility')).toHaveText(/^El paciente lo ve desde el/);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'portal-plans-02-editor-published-phone');
  // The record's plans tab tells which plans she has in her portal.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/ficha?id=${patient.id}&tab=planes`);
  await expect(page.getByTestId('plan-in-portal')).toHaveCount(2);
  await screenshot(page, 'portal-plans-02b-record-plans');
  await patientPage.reload();
  await patientPage.getByRole('tab', { name: 'Mi plan' }).click();
  await expect(patientPage.getByTestId('portal-plan')).toContainText('Plan de abril');
  const earlier = patientPage.getByRole('region', { name: 'Planes anteriores' });
  await earlier.getByRole('button', { name: /Plan de marzo/ }).click();
  await expect(patientPage.getByTestId('portal-earlier-plan')).toContainText('Estás viendo un plan anterior');
  await expect(patientPage.getByTestId('portal-plan')).toContainText('Avena con banana');
  await screenshot(patientPage, 'portal-plans-03-earlier-plan-phone');
  await expectAccessible(patientPage);
  await patientPage.getByRole('button', { name: 'Ver mi plan actual' }).click();
  await expect(patientPage.getByTestId('portal-plan')).toContainText('Plan de abril');

  // Signing out lands on the patient's sign-in: her way in is the code, not the professional's sign-up.
  await patientPage.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(patientPage).toHaveURL(/\/login\?para=paciente$/);
  await expect(patientPage.getByRole('heading', { name: 'Ingresá a tu portal de paciente' })).toBeVisible();
  await expect(patientPage.getByText('Creá una cuenta')).toHaveCount(0);
  await expect(patientPage.getByTestId('login-patient-footer').getByRole('link')).toHaveAttribute('href', '/portal/aceptar');
  await screenshot(patientPage, 'portal-plans-04-patient-login-phone');
  await expectAccessible(patientPage);
});
