// A newer deployment while the app is open: once /health answers another version, the tab offers a
// reload ("Más tarde" hides it for that version). The deployment is simulated by answering /health with
// a different version; the 10-minute check is reached with Playwright's clock.
import { expect, test } from '@playwright/test';
import { register, screenshot } from './support.js';

test('an open tab notices a newer deployment and offers a reload', async ({ page }) => {
  await page.clock.install();
  await register(page);
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  await expect(page.getByTestId('new-version')).toHaveCount(0);

  let deployed: string | null = null;
  await page.route('**/api/v1/health', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { version: string };
    deployed ??= `${body.version}-next`;
    await route.fulfill({ response: answer, json: { ...body, version: deployed } });
  });
  await page.clock.fastForward('10:30');

  const notice = page.getByTestId('new-version');
  await expect(notice).toContainText('Hay una versión nueva de Almendra');
  await expect(notice.getByRole('button', { name: 'Recargar ahora' })).toBeVisible();
  await screenshot(page, 'version-check-01-notice');
  await notice.getByRole('button', { name: 'Más tarde' }).click();
  await expect(notice).toHaveCount(0);
});
