import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { apiData, apiLogin } from '../support/viewer-data.ts';
import { inEachLook } from '../support/looks.ts';

// Issue 24 item 5: the demo's findings show their damage. Pictures of the demo's Bergama erosion (seen last year and,
// grown, this year) in the finding drawer (evidence crops) and its timeline, and of blade B's drone photo with its
// marks, for a person to look at: 1440 px TR light and 769 px EN dark. Reads the demo data only (changes nothing).
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-demo-damage';
// axe is injected as a script tag
test.use({ bypassCSP: true });

test("the demo's evidence crops, timeline and drone photo show the damage", async ({ browser }) => {
  test.setTimeout(240_000);
  mkdirSync(shots, { recursive: true });
  const admin = await apiLogin('admin@ege.example', 'demo1234');
  const turbines = await apiData<{ id: number; code: string }[]>(admin, 'GET', '/turbines');
  const bergama = turbines.find((t) => t.code === 'EGE-BRG-01')?.id ?? 0;
  const findings = await apiData<{ id: number; type: string; surface: string }[]>(admin, 'GET', `/turbines/${bergama}/findings`);
  const erosion = findings.find((f) => f.type === 'erosion' && f.surface === 'LE');
  expect(erosion).toBeDefined();
  await inEachLook(
    browser,
    admin,
    async (page, { width, language, theme }) => {
      await page.goto(`/dashboard/turbine/${bergama}`);
      await page.getByTestId('findings-section').locator(`[data-finding-id="${erosion?.id}"]`).getByTestId('finding-open').click();
      const drawer = page.getByTestId('finding-detail');
      await expect(drawer).toBeVisible();
      // both sightings' crops loaded
      const crops = drawer.getByTestId('finding-evidence').locator('img');
      await expect(crops).toHaveCount(2);
      await expect.poll(() => crops.evaluateAll((images) => images.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${shots}/demo-crops-${width}-${language}-${theme}.png` });
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByTestId('finding-tab-timeline').click();
      await expect(page.getByTestId('timeline-crops')).toBeVisible({ timeout: 30_000 });
      const timelineCrops = page.getByTestId('timeline-crops').locator('img');
      await expect(timelineCrops).toHaveCount(2);
      await expect
        .poll(() => timelineCrops.evaluateAll((images) => images.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
        .toBe(true);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${shots}/demo-timeline-${width}-${language}-${theme}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      // the drone photos, with the findings' marks over the drawn damage
      await page.goto(`/turbine/${bergama}/drone-photos`);
      await expect(page.getByTestId('finding-overlay')).toBeVisible();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${shots}/demo-drone-${width}-${language}-${theme}.png` });
    },
    { reducedMotion: true },
  );
});
