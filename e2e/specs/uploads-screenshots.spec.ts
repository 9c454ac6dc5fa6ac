import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import {
  apiLogin,
  apiUploadPhotos,
  asInputFiles,
  createTurbine,
  deleteTurbine,
  photoFile,
  type Session,
  signInPage,
  throttleUploads,
} from '../support/turbine-fixtures.ts';

// Pictures of the upload manager (review, sending, finished with coverage) and the turbine page's coverage section,
// at 1440 and 769 px in Turkish/light and English/dark, for a person to look at, with axe on each:
// SHOTS_DIR=/tmp/shots-uploads E2E_PORT=4304 npx playwright test uploads-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR ?? '.';
test.describe.configure({ mode: 'serial', timeout: 120_000 });
const YEAR = new Date().getFullYear();
const VARIANTS = [
  { language: 'tr', theme: 'light', width: 1440 },
  { language: 'tr', theme: 'light', width: 769 },
  { language: 'en', theme: 'dark', width: 1440 },
  { language: 'en', theme: 'dark', width: 769 },
] as const;
test.use({ bypassCSP: true });

let admin: Session;
const created: number[] = [];
test.beforeAll(async ({ request }) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  admin = await apiLogin(request, 'superadmin@windscope.example');
});
test.afterAll(async ({ request }) => {
  for (const id of created) await deleteTurbine(request, admin, id);
});

for (const variant of VARIANTS) {
  test(`upload manager, ${variant.language} ${variant.theme} ${variant.width}`, async ({ page, request }) => {
    const operator = await apiLogin(request, 'operator@ege.example');
    const turbine = await createTurbine(request, admin, operator.user.company_id, 'SHOTUP');
    created.push(turbine.id);
    await apiUploadPhotos(request, operator, turbine.id, { year: YEAR, blade: 'A', category: 'drone' }, [
      await photoFile('tower_1.jpg', { width: 600, height: 400 }),
    ]);
    await page.setViewportSize({ width: variant.width, height: 900 });
    await signInPage(page, operator, { language: variant.language, theme: variant.theme });
    await page.goto(`/dashboard/turbine/${turbine.id}`);
    const shot = (name: string) =>
      page.screenshot({ path: path.join(SHOTS_DIR, `uploads-${name}-${variant.language}-${variant.theme}-${variant.width}.png`) });

    const files = [];
    for (const [i, name] of ['B_0001.jpg', 'B_0002.jpg', 'KanatC_0003.jpg', 'blade-A_0004.jpg', 'IMG_0005.jpg', 'IMG_0006.jpg'].entries())
      files.push(await photoFile(name, { width: 1400, height: 1000, noise: true, hue: i * 40 }));
    await page.getByTestId('upload-blade-A-drop-input').setInputFiles(asInputFiles(files));
    // the zone's chosen files, each with its small preview
    await expect(page.getByTestId('pending-file').locator('img')).toHaveCount(6, { timeout: 15_000 });
    await page.getByTestId('pending-files').scrollIntoViewIfNeeded();
    await shot('zone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('upload-blade-A-submit').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('review-row')).toHaveCount(6, { timeout: 15_000 });
    // a bulk correction: the two IMG_ files go to room 2
    await dialog.getByTestId('review-row').nth(4).getByRole('checkbox').check();
    await dialog.getByTestId('review-row').nth(5).getByRole('checkbox').check();
    await dialog.getByTestId('bulk-source').click();
    await page.getByRole('option', { name: variant.language === 'tr' ? '360° oda 2' : '360° room 2', exact: true }).click();
    await dialog.getByTestId('bulk-apply').click();
    await expect(dialog.getByTestId('review-source').nth(5)).toContainText(variant.language === 'tr' ? 'oda 2' : 'room 2');
    await shot('review');
    expect(await seriousViolations(page)).toEqual([]);

    const restore = await throttleUploads(page, 400_000);
    await dialog.getByTestId(`review-start-${turbine.id}`).click();
    await expect(dialog.locator('[data-testid="queue-row"][data-state="sending"]').first()).toBeVisible({ timeout: 15_000 });
    await page.waitForTimeout(2500);
    await shot('sending');
    await restore();
    await expect(dialog.locator('[data-testid="queue-row"][data-state="done"]')).toHaveCount(6, { timeout: 60_000 });
    await expect(dialog.getByTestId(`finished-coverage-${turbine.id}`)).toBeVisible();
    await expect(dialog.getByTestId(`coverage-${turbine.id}-${YEAR}`)).toBeVisible();
    await shot('finished');
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(page.getByTestId('upload-indicator')).toBeVisible();
    const section = page.getByTestId('coverage-section');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByTestId('coverage-matrix')).toBeVisible();
    await section.screenshot({ path: path.join(SHOTS_DIR, `uploads-coverage-${variant.language}-${variant.theme}-${variant.width}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
  });
}
