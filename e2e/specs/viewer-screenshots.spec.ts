import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  breakPhotoListing,
  createTurbine,
  createUser,
  egeCompanyId,
  makePanorama,
  makePhoto,
  type Session,
  signIn,
  superadmin,
  uploadPhotos,
} from '../support/viewer-data.ts';

// Pictures of the viewer screens for a person to look at, not assertions:
// SHOTS_DIR=/tmp/shots-viewer E2E_PORT=4305 npx playwright test viewer-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR;

const VARIANTS = [
  { language: 'tr', theme: 'light' },
  { language: 'en', theme: 'light' },
  { language: 'tr', theme: 'dark' },
  { language: 'en', theme: 'dark' },
] as const;

let admin: Session;
let customer: Session;
let turbineId: number;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = await superadmin();
  const company = await egeCompanyId(admin);
  turbineId = await createTurbine(admin, company, { code: `E2E-SHOT-${Date.now()}`, turbine_name: 'Bergama RES T-21', rooms: 9 });
  await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', room: 1 }, [
    { name: 'A1-360-1.jpg', bytes: await makePanorama('A1 · 1', 0) },
    { name: 'A1-360-2.jpg', bytes: await makePanorama('A1 · 2', 1) },
    { name: 'A1-360-10.jpg', bytes: await makePanorama('A1 · 10', 2) },
  ]);
  await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', room: 2 }, [
    { name: 'A2-detail.jpg', bytes: await makePhoto('A2 detail') },
  ]);
  await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', category: 'operator' }, [
    { name: 'operator-root-a.jpg', bytes: await makePhoto('root A', 3000, 2000, 1) },
    { name: 'operator-tip-a.jpg', bytes: await makePhoto('tip A', 2000, 3000, 2) },
  ]);
  await uploadPhotos(admin, turbineId, { year: 2024, blade: 'B', category: 'operator' }, [
    { name: 'operator-mid-b.jpg', bytes: await makePhoto('mid B', 2400, 1800, 3) },
  ]);
  await uploadPhotos(admin, turbineId, { year: 2025, blade: 'C', category: 'drone' }, [
    { name: 'drone-overview-c.jpg', bytes: await makePhoto('drone C', 3840, 2160, 4) },
  ]);
  customer = await createUser(admin, company, 'customer', 'Ayla');
  const post = (session: Session, comment: string) =>
    fetch(`${process.env.E2E_BASE ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`}/api/turbines/${turbineId}/comments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ comment }),
    });
  await post(customer, 'Kanat A kök bölgesindeki erozyon için bakım ne zaman planlanıyor?');
  await post(
    admin,
    'Kök bölgesinde 12 cm uzunluğunda yüzey çatlağı görüldü. Bir sonraki bakımda dolgu ve kaplama yapılacak; drone fotoğrafları karşılaştırma için yüklendi ve raporlandı.',
  );
});

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

for (const { language, theme } of VARIANTS) {
  test(`viewer screens in ${language}, ${theme}`, async ({ page }) => {
    test.setTimeout(90_000);
    mkdirSync(SHOTS_DIR ?? '.', { recursive: true });
    const shot = async (name: string) => {
      await settle(page);
      await page.screenshot({ path: `${SHOTS_DIR}/${name}-${language}-${theme}.png` });
    };
    await signIn(page, admin, { language, theme });

    await page.goto(`/dashboard/turbine/${turbineId}/360-view`);
    await expect(page.getByTestId('panorama-stage')).toHaveAttribute('data-load-stage', 'original', { timeout: 20_000 });
    await shot('panorama');

    await page.getByTestId('annotation-toggle').click();
    const box = await page.getByTestId('annotation-canvas').boundingBox();
    if (!box) throw new Error('no canvas');
    await page.getByTestId('annotation-tool-rectangle').click();
    await page.mouse.move(box.x + 160, box.y + 180);
    await page.mouse.down();
    await page.mouse.move(box.x + 420, box.y + 330, { steps: 5 });
    await page.mouse.up();
    await page.getByTestId('annotation-tool-circle').click();
    await page.mouse.move(box.x + 640, box.y + 300);
    await page.mouse.down();
    await page.mouse.move(box.x + 720, box.y + 300, { steps: 5 });
    await page.mouse.up();
    await page.getByTestId('annotation-tool-text').click();
    await page.mouse.click(box.x + 170, box.y + 345);
    await page.getByTestId('annotation-text-input').fill(language === 'tr' ? 'Yüzey çatlağı' : 'Surface crack');
    await page.getByTestId('annotation-text-input').press('Enter');
    await page.getByTestId('annotation-tool-select').click();
    await page.mouse.click(box.x + 720, box.y + 300);
    await shot('panorama-annotations');
    await page.getByTestId('annotation-toggle').click();

    await page.getByTestId('panorama-room').selectOption('2');
    await expect(page.getByTestId('panorama-flat')).toBeVisible();
    await page.getByTestId('comments-toggle').click();
    await expect(page.getByTestId('comments-list').getByTestId('comment-item')).toHaveCount(2);
    await shot('panorama-flat-comments');
    await page.getByTestId('comments-close').click();

    await page.getByTestId('panorama-room').selectOption('5');
    await page.getByTestId('sidebar-toggle').click();
    await page.waitForTimeout(400);
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('panorama-empty')).toBeVisible();
    await shot('panorama-empty');

    await page.goto(`/turbine/${turbineId}/operator-photos`);
    await expect(page.getByTestId('photo-viewer')).toBeVisible();
    await page.getByTestId('comments-toggle').click();
    await expect(page.getByTestId('comments-list').getByTestId('comment-item')).toHaveCount(2);
    await page.getByTestId('comments-list').getByTestId('comment-toggle').click();
    await page.getByTestId('comment-edit').first().click();
    await shot('operator-comments');
    await page.getByTestId('comments-close').click();

    await page.getByTestId('photo-zoom-zoom-in').click();
    await page.getByTestId('photo-zoom-zoom-in').click();
    await shot('operator-zoomed');

    await page.getByTestId('compare-mode').click();
    await page.getByTestId('compare-checkbox').nth(0).check();
    await page.getByTestId('compare-checkbox').nth(2).check();
    await shot('operator-compare-select');
    await page.getByTestId('compare-open').click();
    await expect(page.getByTestId('compare-dialog').getByRole('application')).toHaveCount(2);
    await shot('operator-compare');
    await page.keyboard.press('Escape');

    await page.goto(`/turbine/${turbineId}/drone-photos`);
    await expect(page.getByTestId('photo-viewer')).toBeVisible();
    await shot('drone');

    await page.goto('/turbine/987654321/drone-photos');
    await expect(page.getByTestId('turbine-not-found')).toBeVisible();
    await shot('not-found');

    await breakPhotoListing(page, turbineId);
    await page.goto(`/turbine/${turbineId}/drone-photos`);
    await expect(page.getByRole('button', { name: language === 'tr' ? 'Tekrar Dene' : 'Try again' })).toBeVisible({ timeout: 15_000 });
    await shot('drone-load-failed');
    await page.goto(`/dashboard/turbine/${turbineId}/360-view`);
    await expect(page.getByRole('button', { name: language === 'tr' ? 'Tekrar Dene' : 'Try again' })).toBeVisible({ timeout: 15_000 });
    await shot('panorama-load-failed');
  });
}

test('customer heading', async ({ page }) => {
  mkdirSync(SHOTS_DIR ?? '.', { recursive: true });
  await signIn(page, customer);
  await page.goto(`/dashboard/turbine/${turbineId}/360-view`);
  await expect(page.getByTestId('panorama-stage')).toHaveAttribute('data-load-stage', 'original', { timeout: 20_000 });
  await page.getByTestId('comments-toggle').click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS_DIR}/panorama-customer-tr-light.png` });
});
