import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  apiLogin,
  apiUploadPhotos,
  asInputFiles,
  createTurbine,
  deleteTurbine,
  pcdFile,
  photoFile,
  type Session,
  signInPage,
  throttleUploads,
} from '../support/turbine-fixtures.ts';

// Pictures of the turbine detail page for a person to look at, not assertions:
// SHOTS_DIR=/tmp/shots-turbine E2E_PORT=4304 npx playwright test turbine-detail-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR;
test.describe.configure({ mode: 'serial' });

const YEAR = new Date().getFullYear();
const VARIANTS = [
  { language: 'tr', theme: 'light' },
  { language: 'en', theme: 'light' },
  { language: 'tr', theme: 'dark' },
  { language: 'en', theme: 'dark' },
] as const;

let admin: Session;
let full = 0;
let empty = 0;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS_DIR ?? '.', { recursive: true });
  admin = await apiLogin(request, 'superadmin@windscope.example');
  const operator = await apiLogin(request, 'operator@ege.example');
  full = (await createTurbine(request, admin, operator.user.company_id, 'SHOT')).id;
  empty = (await createTurbine(request, admin, operator.user.company_id, 'EMPTY')).id;
  const blade = [];
  for (let i = 0; i < 8; i++) blade.push(await photoFile(`blade_root_${i + 1}.jpg`, { width: 800, height: 600, hue: i * 30 }));
  await apiUploadPhotos(request, admin, full, { room: 1, year: YEAR, blade: 'A' }, blade.slice(0, 4));
  await apiUploadPhotos(request, admin, full, { room: 4, year: YEAR - 1, blade: 'B' }, blade.slice(4));
  await apiUploadPhotos(request, admin, full, { year: YEAR, blade: 'A', category: 'drone' }, [
    await photoFile('drone_tower_1.jpg', { width: 900, height: 600, hue: 200 }),
    await photoFile('drone_tower_2.jpg', { width: 900, height: 600, hue: 230 }),
  ]);
  await apiUploadPhotos(request, operator, full, { year: YEAR, blade: 'C', category: 'operator' }, [
    await photoFile('operator_hub_1.png', { width: 700, height: 500, hue: 20 }),
  ]);
  await apiUploadPhotos(request, admin, full, { year: YEAR, blade: 'B', category: 'robot' }, [
    await photoFile('robot_crawl_1.jpg', { width: 700, height: 500, hue: 100 }),
    pcdFile('scan_cloud_1.pcd'),
  ]);
  const form = new FormData();
  form.append('year', String(YEAR));
  for (const name of ['annual_inspection.pdf', 'blade_repair_notes.pdf']) {
    form.append('reports', new File([Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`)], name, { type: 'application/pdf' }));
  }
  await request.post(`/api/turbines/${full}/reports`, { headers: { Authorization: `Bearer ${admin.token}` }, multipart: form });
});

test.afterAll(async ({ request }) => {
  await deleteTurbine(request, admin, full);
  await deleteTurbine(request, admin, empty);
});

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

for (const { language, theme } of VARIANTS) {
  test(`turbine detail in ${language}, ${theme}`, async ({ browser }) => {
    test.setTimeout(180_000);
    const shot = (page: Page, name: string, fullPage = false) =>
      page.screenshot({ path: `${SHOTS_DIR}/${name}-${language}-${theme}.png`, fullPage });
    const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: language === 'tr' ? 'tr-TR' : 'en-GB' });
    const page = await context.newPage();
    await signInPage(page, admin, { language, theme });

    await page.goto(`/dashboard/turbine/${full}`);
    await expect(page.getByTestId('photo-thumbnail').first()).toBeVisible();
    await settle(page);
    await shot(page, 'page', true);

    await page.getByTestId('photo-tile').nth(2).getByRole('button').first().click();
    await expect(page.getByTestId('viewer-image').or(page.getByTestId('viewer-zoom'))).toBeVisible();
    await page.waitForTimeout(500);
    await shot(page, 'viewer');
    await page.keyboard.press('Escape');

    await page.locator('[data-photo-name="scan_cloud_1.pcd"]').getByRole('button').first().click();
    await expect(page.getByTestId('pcd-host')).toHaveAttribute('data-state', 'ready');
    await page.waitForTimeout(500);
    await shot(page, 'viewer-pcd');
    await page.keyboard.press('Escape');

    await page.getByTestId('compare-checkbox').nth(2).check();
    await page.getByTestId('compare-checkbox').nth(4).check();
    await page.getByTestId('all-photos').scrollIntoViewIfNeeded();
    await shot(page, 'compare-ticks');
    await page.getByTestId('compare-button').click();
    await expect(page.getByTestId('compare-pane')).toHaveCount(2);
    await page.waitForTimeout(500);
    await shot(page, 'compare');
    await page.keyboard.press('Escape');

    await page.getByTestId('photo-tile').first().hover();
    await page.getByTestId('photo-tile').first().getByTestId('photo-delete').click();
    await page.waitForTimeout(400);
    await shot(page, 'delete-confirm');
    await page.keyboard.press('Escape');

    // an upload in progress, slowed down so that the bars are half way
    const files = [];
    for (let i = 0; i < 3; i++)
      files.push(await photoFile(`progress_${language}_${theme}_${i}.jpg`, { width: 1600, height: 1200, noise: true }));
    const zone = page.getByTestId('blade-panel-C');
    await page.getByTestId('upload-blade-C-drop-input').setInputFiles(asInputFiles(files));
    await zone.scrollIntoViewIfNeeded();
    await shot(page, 'upload-pending');
    const restore = await throttleUploads(page, 400_000);
    // the zone hands them to the upload manager: review, start, progress (issue 15)
    await zone.getByTestId('upload-blade-C-submit').click();
    const manager = page.getByRole('dialog');
    await expect(manager.getByTestId('review-row')).toHaveCount(3, { timeout: 15_000 });
    await manager.getByRole('button', { name: /^(3 fotoğrafı yüklemeye başla|Start uploading 3 photos)$/ }).click();
    const overall = manager.getByTestId('upload-overall-progress');
    await expect.poll(async () => Number(await overall.getAttribute('data-percent')), { timeout: 20_000 }).toBeGreaterThan(25);
    await shot(page, 'upload-progress');
    await restore();
    await expect(manager.locator('[data-testid="queue-row"][data-state="done"]')).toHaveCount(3, { timeout: 60_000 });
    await page.keyboard.press('Escape');

    // errors under an upload zone
    await page.getByTestId('upload-blade-A-drop-input').setInputFiles(asInputFiles([await photoFile('bad name (1).jpg')]));
    await page.getByTestId('blade-panel-A').scrollIntoViewIfNeeded();
    await shot(page, 'upload-name-error');

    await page.goto(`/dashboard/turbine/${empty}`);
    await expect(page.getByTestId('photos-empty')).toBeVisible();
    await page.getByTestId('all-photos').scrollIntoViewIfNeeded();
    await settle(page);
    await shot(page, 'empty');
    await page.getByPlaceholder(/Fotoğraf ara|Search photos/).fill('xyz');
    await shot(page, 'empty-search');

    const customer = await browser.newContext({ viewport: { width: 1366, height: 850 } });
    const customerPage = await customer.newPage();
    await signInPage(customerPage, await apiLogin(page.request, 'customer@ege.example'), { language, theme });
    await customerPage.goto(`/dashboard/turbine/${full}`);
    await expect(customerPage.getByTestId('photo-thumbnail').first()).toBeVisible();
    await settle(customerPage);
    await customerPage.screenshot({ path: `${SHOTS_DIR}/gallery-only-${language}-${theme}.png`, fullPage: true });
    await customer.close();

    const narrow = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const narrowPage = await narrow.newPage();
    await signInPage(narrowPage, admin, { language, theme });
    await narrowPage.goto(`/dashboard/turbine/${full}`);
    await narrowPage.getByTestId('header-menu').click();
    await settle(narrowPage);
    await narrowPage.screenshot({ path: `${SHOTS_DIR}/header-menu-${language}-${theme}.png` });
    await narrow.close();

    await page.goto('/dashboard/turbine/abc');
    await settle(page);
    await shot(page, 'invalid-id');
    await context.close();
  });
}
