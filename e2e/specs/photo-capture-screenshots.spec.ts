import { mkdirSync } from 'node:fs';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { type CaptureFixture, makeCaptureFixture, removeCaptureFixture } from '../support/photo-capture-data.ts';
import { signIn } from '../support/viewer-data.ts';

// Pictures of issue 24 item 22 for a person to look at (each also checked by axe): the viewers' headers with capture
// time, position and distance, and the all-photos list sorted by capture date.
// SHOTS_DIR=/tmp/shots-photo-meta E2E_PORT=4206 npm run -w @windscope/e2e test -- photo-capture-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR ?? '.';

const VARIANTS = [
  { language: 'tr', theme: 'light' },
  { language: 'en', theme: 'dark' },
] as const;
const WIDTHS = [769, 1440] as const;

test.use({ bypassCSP: true, timezoneId: 'Europe/Istanbul' });
// the machine may be busy (several servers and browsers share it): a turbine page with its chunks can take a while
const expect = baseExpect.configure({ timeout: 20_000 });

let fixture: CaptureFixture;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  fixture = await makeCaptureFixture('SHOT');
});
test.afterAll(async () => {
  await removeCaptureFixture(fixture);
});

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

for (const { language, theme } of VARIANTS) {
  for (const width of WIDTHS) {
    test(`capture facts and the photo order, ${language} ${theme}, ${width} px`, async ({ page }) => {
      test.setTimeout(90_000);
      mkdirSync(SHOTS_DIR, { recursive: true });
      const shot = async (name: string) => {
        await settle(page);
        await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}-${language}-${theme}.png` });
        expect(await seriousViolations(page), name).toEqual([]);
      };
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, fixture.admin, { language, theme });

      await page.goto(`/dashboard/turbine/${fixture.turbineId}?photoSort=taken&photoDir=asc`);
      await expect(page.getByTestId('photo-tile')).toHaveCount(5);
      await page.getByTestId('all-photos').scrollIntoViewIfNeeded();
      await page.getByTestId('photo-sort').scrollIntoViewIfNeeded();
      await shot('photos-sorted-by-capture');

      await page.getByTestId('photo-tile').nth(2).getByRole('button').first().click();
      await expect(page.getByRole('dialog').getByTestId('capture-distance')).toBeVisible();
      await shot('turbine-viewer-capture');
      await page.keyboard.press('Escape');

      await page.goto(`/turbine/${fixture.turbineId}/drone-photos`);
      await page.getByTestId('photo-item').filter({ hasText: 'drone-a-10.jpg' }).click();
      await expect(page.getByTestId('photo-viewer').getByTestId('capture-distance')).toBeVisible();
      await shot('drone-page-capture');

      await page.goto(`/turbine/${fixture.turbineId}/operator-photos`);
      await expect(page.getByTestId('photo-viewer').getByTestId('capture-distance')).toBeVisible();
      await shot('operator-page-capture');

      await page.goto(`/dashboard/turbine/${fixture.turbineId}/360-view`);
      await expect(page.getByTestId('panorama-stage')).toHaveAttribute('data-load-stage', 'original', { timeout: 20_000 });
      await expect(page.getByTestId('panorama-stage').getByTestId('capture-taken')).toBeVisible();
      await shot('panorama-capture');
    });
  }
}
