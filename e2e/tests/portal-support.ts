// A practice with a patient in the portal, for the chat and video specs: the nutritionist on a laptop
// screen (two patients, so the floating chat shows) and Camila signed in to the portal on a phone.
import { expect, type Browser, type Page } from '@playwright/test';
import { apiCall, register } from './support.js';

export async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires', reducedMotion: 'reduce' });
  return context.newPage();
}

/** A practice with two patients, one of them (Camila) in the portal on a phone. */
export async function practiceWithPortalPatient(page: Page, browser: Browser) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  const email = `chat.${Date.now().toString(36)}@e2e.test`;
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Camila', lastName: 'Ibarra', sex: 'f', birthDate: '1992-04-02', email });
  await apiCall(page, 'POST', '/patients', { firstName: 'Tomás', lastName: 'Ríos', sex: 'm', birthDate: '1985-09-30' });
  const invite = await apiCall<{ code: string }>(page, 'POST', `/patients/${patient.id}/portal-invite`);
  const patientPage = await phone(browser);
  await patientPage.goto(`/portal/aceptar?code=${invite.code}`);
  await patientPage.getByTestId('accept-password').fill('clave-de-camila-1');
  await patientPage.getByTestId('accept-submit').click();
  await expect(patientPage).toHaveURL(/\/portal$/);
  return { patientId: patient.id, patientPage };
}
