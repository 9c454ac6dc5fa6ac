import { POLL_INTERVAL_MS } from '@windscope/contract';
import { expect, type Page, test } from '@playwright/test';
import {
  breakPhotoListing,
  createTurbine,
  egeCompanyId,
  makePhoto,
  type Session,
  signIn,
  superadmin,
  uploadPhotos,
} from '../support/viewer-data.ts';

// Operator and drone photo pages (spec §2): one screen, two categories, on a turbine of its own.
let admin: Session;
let turbineId: number;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  admin = await superadmin();
  const company = await egeCompanyId(admin);
  turbineId = await createTurbine(admin, company, { code: `E2E-PH-${Date.now()}`, turbine_name: 'E2E Photos T-02' });
  await uploadPhotos(admin, turbineId, { year: 2024, blade: 'B', category: 'operator' }, [
    { name: 'op-blade-b.jpg', bytes: await makePhoto('B 2024', 2400, 1800, 1) },
  ]);
  await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', category: 'operator' }, [
    { name: 'op-blade-a.jpg', bytes: await makePhoto('A 2025', 3200, 2400, 2) },
    { name: 'op-blade-a-2.jpg', bytes: await makePhoto('A 2025 #2', 1600, 1200, 3) },
  ]);
  await uploadPhotos(admin, turbineId, { year: 2025, blade: 'C', category: 'drone' }, [
    { name: 'drone-c.jpg', bytes: await makePhoto('drone C', 1920, 1080, 4) },
  ]);
});

async function openCategory(page: Page, category: 'operator' | 'drone') {
  await signIn(page, admin);
  await page.goto(`/turbine/${turbineId}/${category}-photos`);
  await expect(page.getByTestId('photo-viewer')).toBeVisible();
}

test('lists the category with year and blade filters, a count line and name, blade, year, size per thumbnail', async ({ page }) => {
  await openCategory(page, 'operator');
  await expect(page.getByRole('heading', { name: 'Operatör Fotoğrafları' })).toBeVisible();
  await expect(page.getByTestId('photo-count')).toHaveText('3 fotoğraf');
  const items = page.getByTestId('photo-item');
  await expect(items).toHaveCount(3);
  for (const meta of await page.getByTestId('photo-item-meta').allTextContents())
    expect(meta).toMatch(/^Kanat [ABC] · 20\d\d · (\d+,\d MB|\d+ KB)$/);
  await expect(page.getByTestId('photo-item-name')).toContainText(['op-blade-a-2.jpg', 'op-blade-a.jpg', 'op-blade-b.jpg']);

  await page.getByTestId('filter-blade').getByText('B', { exact: true }).click();
  await expect(items).toHaveCount(1);
  await expect(page.getByTestId('photo-count')).toHaveText('3 fotoğraftan 1 tanesi gösteriliyor');
  await expect(page.getByTestId('viewer-photo-name')).toHaveText('op-blade-b.jpg');
  await page.getByTestId('filter-year').selectOption('2025');
  await expect(page.getByTestId('photos-empty')).toContainText('Seçili filtrelere uygun fotoğraf bulunamadı.');
  await page.getByTestId('filter-blade').getByText('Tümü').click();
  await expect(items).toHaveCount(2);

  await expect(page.getByTestId('back-to-turbine')).toHaveAttribute('href', `/dashboard/turbine/${turbineId}`);
});

test('the drone page shows only drone photos, in its own colour', async ({ page }) => {
  await openCategory(page, 'drone');
  await expect(page.getByRole('heading', { name: 'Drone Fotoğrafları' })).toBeVisible();
  await expect(page.getByTestId('photo-item')).toHaveCount(1);
  await expect(page.getByTestId('viewer-photo-name')).toHaveText('drone-c.jpg');
  const colour = (category: string) =>
    page.evaluate((c) => {
      const element = document.querySelector(`[data-category="${c}"]`) as HTMLElement | null;
      return element ? getComputedStyle(element).getPropertyValue('--category-color') : '';
    }, category);
  expect(await colour('drone')).toBe('#4c6ef5'); // Mantine indigo 6
  await page.goto(`/turbine/${turbineId}/operator-photos`);
  await expect(page.getByTestId('photo-viewer')).toBeVisible();
  expect(await colour('operator')).toBe('#fd7e14'); // Mantine orange 6
});

test('zooms by buttons and wheel, ×1.5 per step between 0.5 and 5, and pans by dragging only when zoomed in', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    asked.push(`${url.pathname}${url.search}`);
  });
  await openCategory(page, 'operator');
  const viewer = page.getByTestId('photo-zoom');
  const level = async () => Number(((await page.getByTestId('photo-zoom-zoom-level').textContent()) ?? '').replace(/\D/g, ''));
  await expect(viewer).toHaveAttribute('data-zoom', '1');
  // the shown photo (1600 px, no pyramid) is drawn from its preview; the level is against the photo's own pixels
  await expect(viewer).toHaveAttribute('data-source', 'preview');
  // the level is known once the first frame is measured
  await expect.poll(level).toBeGreaterThan(20);
  const fitLevel = await level();
  expect(fitLevel).toBeLessThan(100);

  // at 100 % a drag moves nothing
  const box = await viewer.boundingBox();
  if (!box) throw new Error('no viewer');
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const drag = async (dx: number, dy: number) => {
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + dx, centre.y + dy, { steps: 6 });
    await page.mouse.up();
  };
  await drag(-120, -60);
  await expect(viewer).toHaveAttribute('data-offset', '0,0');

  await page.getByTestId('photo-zoom-zoom-in').click();
  await expect(viewer).toHaveAttribute('data-zoom', '1.5');
  await expect.poll(level).toBeGreaterThanOrEqual(Math.round(fitLevel * 1.5) - 1);
  expect(await level()).toBeLessThanOrEqual(Math.round(fitLevel * 1.5) + 1);
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.wheel(0, -100);
  await expect(viewer).toHaveAttribute('data-zoom', '2.25');
  await drag(-120, -60);
  await expect(viewer).toHaveAttribute('data-offset', '-120,-60');

  // one wheel notch, one step: up to 5, no further (notches 60 ms apart: a wheel's burst within 50 ms is one notch)
  const notch = async (deltaY: number, step: string) => {
    await page.mouse.wheel(0, deltaY);
    await expect(viewer).toHaveAttribute('data-zoom', step);
    await page.waitForTimeout(60);
  };
  for (const step of ['3.375', '5', '5']) await notch(-100, step);
  await expect(page.getByTestId('photo-zoom-zoom-in')).toBeDisabled();
  for (const step of ['3.375', '2.25', '1.5', '1', '0.667', '0.5', '0.5']) await notch(100, step);
  await expect(page.getByTestId('photo-zoom-zoom-out')).toBeDisabled();
  await expect(viewer).toHaveAttribute('data-offset', '0,0');
  await page.getByTestId('photo-zoom-zoom-reset').click();
  await expect(viewer).toHaveAttribute('data-zoom', '1');
  // looked at from fit to 500 %: the picture's own files were asked for as preview or thumbnail (`v=`), never an original
  const files = asked.filter((path) => path.startsWith('/api/files/'));
  expect(files.some((path) => path.includes('v=p'))).toBe(true);
  expect(files.filter((path) => !/[?&]v=[pt]\b/.test(path))).toEqual([]);
});

test('a photo uploaded meanwhile appears within one polling interval, without a reload', async ({ page }) => {
  test.setTimeout(60_000);
  await openCategory(page, 'operator');
  await expect(page.getByTestId('photo-item')).toHaveCount(3);
  await page.evaluate(() => {
    (window as Window & { stillTheSamePage?: boolean }).stillTheSamePage = true;
  });
  const uploadedAt = Date.now();
  await uploadPhotos(admin, turbineId, { year: 2025, blade: 'C', category: 'operator' }, [
    { name: 'op-live-upload.jpg', bytes: await makePhoto('live', 1200, 900, 5) },
  ]);
  await expect(page.getByTestId('photo-item-name').filter({ hasText: 'op-live-upload.jpg' })).toBeVisible({
    timeout: POLL_INTERVAL_MS + 3000,
  });
  expect(Date.now() - uploadedAt).toBeLessThan(POLL_INTERVAL_MS + 3000);
  await expect(page.getByTestId('photo-count')).toHaveText('4 fotoğraf');
  expect(await page.evaluate(() => (window as Window & { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
});

test('compare mode: at most two photos, shown side by side', async ({ page }) => {
  await openCategory(page, 'operator');
  await page.getByTestId('compare-mode').click();
  const boxes = page.getByTestId('compare-checkbox');
  await expect(page.getByTestId('compare-open')).toBeDisabled();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expect(boxes.nth(2)).toBeDisabled();
  await page.getByTestId('compare-open').click();
  const dialog = page.getByTestId('compare-dialog');
  await expect(dialog.getByRole('application')).toHaveCount(2);
  await expect(page.getByTestId('compare-0')).toHaveAttribute('data-zoom', '1');
  await page.getByTestId('compare-0-zoom-in').click();
  await expect(page.getByTestId('compare-0')).toHaveAttribute('data-zoom', '1.5');
  await expect(page.getByTestId('compare-1')).toHaveAttribute('data-zoom', '1');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('an unknown turbine shows the not-found state with a link to the dashboard', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/turbine/987654321/drone-photos');
  await expect(page.getByTestId('turbine-not-found')).toContainText('Türbin bulunamadı');
  await page.getByTestId('turbine-not-found').getByRole('link', { name: 'Türbin listesine dön' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('photos that cannot be loaded: the error and the server message in the stage, then "Tekrar Dene" loads them', async ({ page }) => {
  const listing = await breakPhotoListing(page, turbineId);
  await signIn(page, admin);
  await page.goto(`/turbine/${turbineId}/operator-photos`);
  await expect(page.getByText('Fotoğraflar yüklenirken hata oluştu')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Sunucuda beklenmeyen bir hata oluştu')).toBeVisible();
  expect(listing.failures()).toBeGreaterThan(0);
  await expect(page.getByTestId('photo-item')).toHaveCount(0);
  // no "0 fotoğraf" while nothing is known
  await expect(page.getByTestId('photo-count')).toHaveCount(0);
  listing.heal();
  await page.getByRole('button', { name: 'Tekrar Dene' }).click();
  // (an earlier test of this file may have added a photo)
  await expect(page.getByTestId('photo-item-name').filter({ hasText: 'op-blade-b.jpg' })).toBeVisible();
  await expect(page.getByText('Fotoğraflar yüklenirken hata oluştu')).toHaveCount(0);
  await expect(page.getByTestId('photo-count')).toHaveText(/^\d+ fotoğraf$/);
});
