import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { mapDrawn, mapTurbines } from '../support/fleet-map.ts';
import { inEachLook } from '../support/looks.ts';
import { superadmin } from '../support/viewer-data.ts';

// Pictures of the dashboard's map view (issue 27 item 2) for a person to look at: 1440 px TR light, 769 px EN dark.
// SHOTS_DIR=/tmp/map-shots E2E_PORT=4186 npx playwright test fleet-map-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR ?? '';

test('the dashboard map view', async ({ browser }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS_DIR, { recursive: true });
  const admin = await superadmin();
  const tag = `SHOTMAP${Date.now().toString(36).toUpperCase()}`;
  const ids = await mapTurbines(admin, tag);
  await inEachLook(
    browser,
    admin,
    async (page, { width, language, theme }) => {
      // the window as it is, the map scrolled to the top: a full-page picture resizes the window, and MapLibre's canvas is
      // cleared by the resize before it is captured
      const shot = async (name: string) => {
        await page
          .getByTestId('fleet-map')
          .evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 80));
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS_DIR}/map-${name}-${width}-${language}-${theme}.png` });
      };
      await page.goto('/dashboard?view=map&sort=health');
      await mapDrawn(page);
      await page.screenshot({ path: `${SHOTS_DIR}/map-top-${width}-${language}-${theme}.png` });
      await shot('fleet');
      await page.locator(`[data-map-list-id="${ids.solo}"]`).click();
      await expect(page.getByTestId('map-popup')).toBeVisible();
      // shown at its own zoom, where it stands alone
      await mapDrawn(page, 1);
      await page.waitForTimeout(300);
      await shot('card');
    },
    { reducedMotion: true },
  );
});
