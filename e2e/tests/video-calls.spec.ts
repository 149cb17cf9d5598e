// Video calls when the other side does not simply talk (issue 24): a declined call says it was declined,
// the page offers to call again (also after the 30 s ended notice, never a blank page), and a muted
// microphone or a camera turned off shows on the other side instead of black frames.
import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot } from './support.js';
import { practiceWithPortalPatient } from './portal-support.js';

test('declined, called again, muted and camera off, ended and still able to call', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { patientId, patientPage } = await practiceWithPortalPatient(page, browser);
  // The page's clock can be moved on to the end of the 30 s notice; until then time flows as usual.
  await page.clock.install();
  await page.goto(`/video-llamadas?paciente=${patientId}`);

  // Declined on the phone: the practice reads that Camila declined, not that nobody answered.
  await page.getByTestId('call-start').click();
  await expect(patientPage.getByTestId('incoming-call')).toBeVisible();
  await patientPage.getByTestId('call-reject').click();
  await expect(page.getByTestId('call-ended')).toContainText('Camila Ibarra rechazó la llamada');
  await screenshot(page, 'video-01-declined');
  await expectAccessible(page);

  // Call again from the notice; this time she answers.
  await page.getByTestId('call-again').click();
  await page.getByTestId('call-start').click();
  await patientPage.getByTestId('call-accept').click();
  await expect(page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'inCall', { timeout: 20_000 });
  await expect(page.getByTestId('remote-muted')).toHaveCount(0);
  await expect(page.getByTestId('remote-camera-off')).toHaveCount(0);

  // She mutes and turns her camera off: the practice sees it said, with her initials instead of black.
  await expect(patientPage.getByTestId('call-screen')).toHaveAttribute('data-phase', 'inCall', { timeout: 20_000 });
  await patientPage.getByTestId('call-mic').click();
  await patientPage.getByTestId('call-camera').click();
  await expect(page.getByTestId('remote-muted')).toHaveText('Camila Ibarra silenció el micrófono');
  await expect(page.getByTestId('remote-camera-off')).toContainText('Camila Ibarra apagó la cámara');
  await expect(patientPage.getByTestId('local-camera-off')).toBeVisible();
  await screenshot(page, 'video-02-remote-muted-camera-off');
  await screenshot(patientPage, 'video-03-own-camera-off-phone');
  // Back on: the marks go away.
  await patientPage.getByTestId('call-mic').click();
  await patientPage.getByTestId('call-camera').click();
  await expect(page.getByTestId('remote-muted')).toHaveCount(0);
  await expect(page.getByTestId('remote-camera-off')).toHaveCount(0);
  // The nutritionist mutes: the phone shows it.
  await page.getByTestId('call-mic').click();
  await expect(patientPage.getByTestId('remote-muted')).toContainText('silenció el micrófono');

  // Hang up; 30 s later the notice goes and the page still offers to call her.
  await page.getByTestId('call-end').click();
  await expect(page.getByTestId('call-ended')).toContainText('Llamada finalizada');
  await page.clock.fastForward(31_000);
  await expect(page.getByTestId('call-ended')).toHaveCount(0);
  await expect(page.getByTestId('call-again')).toHaveText('Llamar a Camila Ibarra');
  await screenshot(page, 'video-04-after-notice');
  await page.getByTestId('call-again').click();
  await expect(page.getByTestId('call-start')).toBeVisible();
  await patientPage.context().close();
});
