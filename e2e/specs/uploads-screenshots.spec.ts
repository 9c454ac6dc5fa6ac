import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import {
  apiLogin,
  apiUploadPhotos,
  createTurbine,
  deleteTurbine,
  photoFile,
  type Session,
  signInPage,
  throttleUploads,
  writeBadFiles,
  writeFiles,
} from '../support/turbine-fixtures.ts';

// Pictures of the upload zone with two files flagged (issue 24 item 13), the upload manager (review with capture years
// offered, sending, finished with the totals counting the refused files and coverage) and the turbine page's coverage section,
// at 1440 and 769 px in Turkish/light and English/dark, for a person to look at, with axe on each:
// SHOTS_DIR=/tmp/shots-uploads E2E_PORT=4304 npx playwright test uploads-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR ?? '.';
test.describe.configure({ mode: 'serial', timeout: 300_000 });
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

    const folder = mkdtempSync(path.join(tmpdir(), 'ws-shot-files-'));
    const files = [];
    for (const [i, name] of ['B_0001.jpg', 'B_0002.jpg', 'KanatC_0003.jpg', 'blade-A_0004.jpg', 'IMG_0005.jpg', 'IMG_0006.jpg'].entries())
      files.push(
        await photoFile(name, {
          width: 1400,
          height: 1000,
          noise: true,
          hue: i * 40,
          // two photos of last year's campaign: their year is offered, not taken
          ...(i >= 4 ? { takenAt: `${YEAR - 1}:06:1${i} 10:21:33` } : {}),
        }),
      );
    const chosen = [
      ...writeFiles(folder, files),
      ...(await writeBadFiles(folder, { fake: 'IMG_0007_page.jpg', huge: 'DJI_20250614103012_0042_V.JPG' })),
    ];
    await page.getByTestId('upload-blade-A-drop-input').setInputFiles(chosen);
    // the zone's chosen files, each with its small preview; the two bad ones flagged with why
    await expect(page.getByTestId('pending-file').locator('img')).toHaveCount(6, { timeout: 15_000 });
    await expect(page.getByTestId('pending-problem')).toHaveCount(2);
    await page.getByTestId('pending-files').scrollIntoViewIfNeeded();
    // the list at its end: the flagged tiles with their reasons
    await page.getByTestId('pending-files').evaluate((list) => {
      list.scrollTop = list.scrollHeight;
    });
    await shot('zone');
    await page.getByTestId('upload-blade-A-flagged').scrollIntoViewIfNeeded();
    await shot('zone-flagged');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('upload-blade-A-submit').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('review-row')).toHaveCount(6, { timeout: 15_000 });
    await expect(dialog.getByTestId('review-use-taken')).toHaveCount(2, { timeout: 15_000 });
    // a bulk correction: the two IMG_ files go to room 2
    await dialog.getByTestId('review-row').nth(4).getByRole('checkbox').check();
    await dialog.getByTestId('review-row').nth(5).getByRole('checkbox').check();
    await dialog.getByTestId('bulk-source').click();
    await page.getByRole('option', { name: variant.language === 'tr' ? '360° oda 2' : '360° room 2', exact: true }).click();
    await dialog.getByTestId('bulk-apply').click();
    await expect(dialog.getByTestId('review-source').nth(5)).toContainText(variant.language === 'tr' ? 'oda 2' : 'room 2');
    await dialog.getByTestId('review-row').nth(4).scrollIntoViewIfNeeded();
    await shot('review');
    expect(await seriousViolations(page)).toEqual([]);
    // one photo takes its capture year, the other stays in this year
    await dialog.getByTestId('review-use-taken').first().click();
    await expect(dialog.getByTestId('review-use-taken')).toHaveCount(1);

    const restore = await throttleUploads(page, 400_000);
    await dialog.getByTestId(`review-start-${turbine.id}`).click();
    await expect(dialog.locator('[data-testid="queue-row"][data-state="sending"]').first()).toBeVisible({ timeout: 15_000 });
    await page.waitForTimeout(2500);
    await shot('sending');
    await restore();
    await expect(dialog.locator('[data-testid="queue-row"][data-state="done"]')).toHaveCount(6, { timeout: 60_000 });
    await expect(dialog.getByTestId(`finished-coverage-${turbine.id}`)).toBeVisible();
    await expect(dialog.getByTestId(`coverage-${turbine.id}-${YEAR}`)).toBeVisible();
    await expect(dialog.getByTestId('upload-overall-text')).toContainText(
      variant.language === 'tr' ? '8 dosyanın 6 tanesi kaydedildi · 2 reddedildi' : '6 of 8 files stored · 2 refused',
    );
    await shot('finished');
    await dialog.locator('[data-testid="queue-row"][data-state="refused"]').first().scrollIntoViewIfNeeded();
    await shot('totals');
    expect(await seriousViolations(page)).toEqual([]);
    rmSync(folder, { recursive: true, force: true });

    await page.keyboard.press('Escape');
    await expect(page.getByTestId('upload-indicator')).toBeVisible();
    const section = page.getByTestId('coverage-section');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByTestId('coverage-matrix')).toBeVisible();
    await section.screenshot({ path: path.join(SHOTS_DIR, `uploads-coverage-${variant.language}-${variant.theme}-${variant.width}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
  });
}
