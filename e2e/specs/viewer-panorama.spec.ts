import { expect, type Page, test } from '@playwright/test';
import {
  breakPhotoListing,
  createTurbine,
  setTurbineRooms,
  createUser,
  egeCompanyId,
  makePanorama,
  makePhoto,
  pictureStats,
  type Session,
  signIn,
  superadmin,
  uploadPhotos,
} from '../support/viewer-data.ts';

// The 360° viewer (spec §2 Panoramic viewer) on a turbine of its own with real 2:1 panoramas.
let admin: Session;
let customer: Session;
let turbineId: number;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  admin = await superadmin();
  const company = await egeCompanyId(admin);
  turbineId = await createTurbine(admin, company, { code: `E2E-360-${Date.now()}`, turbine_name: 'E2E Panorama T-01', rooms: 3 });
  // blade A room 1: three panoramas, uploaded out of order; natural order is 1, 2, 10
  await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', room: 1 }, [
    { name: 'A1-pano-10.jpg', bytes: await makePanorama('A1 · 10', 2) },
    { name: 'A1-pano-2.jpg', bytes: await makePanorama('A1 · 2', 1) },
    { name: 'A1-pano-1.jpg', bytes: await makePanorama('A1 · 1', 0) },
  ]);
  // blade A room 2: an ordinary photo, shown flat
  await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', room: 2 }, [{ name: 'A2-flat.jpg', bytes: await makePhoto('A2 flat') }]);
  // blade B room 3: the turbine's room count can no longer go below it (TURBINE_ROOMS_BELOW_USED), so the room list
  // keeps reaching the highest room with photos
  await uploadPhotos(admin, turbineId, { year: 2025, blade: 'B', room: 3 }, [{ name: 'B3-pano.jpg', bytes: await makePanorama('B3', 3) }]);
  await expect(setTurbineRooms(admin, turbineId, 2)).rejects.toThrow(/400 Bu türbinin 3\. odasında fotoğraf veya bulgu var/);
  customer = await createUser(admin, company, 'customer', 'Pano');
});

async function open360(page: Page, session: Session = admin) {
  await signIn(page, session);
  await page.goto(`/dashboard/turbine/${turbineId}/360-view`);
  await expect(page.getByTestId('panorama-stage')).toBeVisible();
}

const stage = (page: Page) => page.getByTestId('panorama-stage');
const counter = (page: Page) => page.getByTestId('panorama-counter');

test('draws the panorama: the WebGL canvas shows the picture, preview then original', async ({ page }) => {
  await open360(page);
  await expect(stage(page)).toHaveAttribute('data-kind', 'sphere');
  await expect(stage(page)).toHaveAttribute('data-load-stage', 'original', { timeout: 15_000 });
  await expect(page.locator('[data-testid="panorama-sphere"] canvas')).toHaveCount(1);
  const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name));
  expect(marks).toContain('windscope:panorama-preview');
  expect(marks).toContain('windscope:panorama-original');

  const first = await page.getByTestId('panorama-sphere').screenshot();
  const stats = await pictureStats(first);
  expect(stats.stdev, 'the canvas is not one flat colour').toBeGreaterThan(25);

  // the next panorama draws different pixels
  await page.keyboard.press('ArrowRight');
  await expect(stage(page)).toHaveAttribute('data-load-stage', 'original', { timeout: 15_000 });
  const second = await page.getByTestId('panorama-sphere').screenshot();
  expect(second.equals(first)).toBe(false);
});

test('lists the room in natural order, auto-selects the first, and wraps with arrows, buttons and counter', async ({ page }) => {
  await open360(page);
  await expect(page.getByTestId('panorama-heading')).toHaveText('Kanat Seçimi ve Fotoğraflar');
  const names = page.getByTestId('panorama-photo');
  await expect(names).toHaveText(['A1-pano-1.jpg', 'A1-pano-2.jpg', 'A1-pano-10.jpg']);
  await expect(page.getByTestId('panorama-count')).toHaveText('3 fotoğraf');
  await expect(counter(page)).toHaveText('1 / 3');
  await expect(names.nth(0)).toHaveAttribute('aria-current', 'true');

  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('2 / 3');
  await expect(names.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('panorama-photo-name')).toHaveText('A1-pano-2.jpg');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('1 / 3');
  await page.keyboard.press('ArrowLeft');
  await expect(counter(page)).toHaveText('3 / 3');
  await expect(page.getByTestId('panorama-photo-name')).toHaveText('A1-pano-10.jpg');
  await page.getByTestId('panorama-next').click();
  await expect(counter(page)).toHaveText('1 / 3');
  await page.getByTestId('panorama-previous').click();
  await expect(counter(page)).toHaveText('3 / 3');
  await names.nth(1).click();
  await expect(counter(page)).toHaveText('2 / 3');
});

test('switching blade or room selects the first photo; an empty room says so; rooms reach the highest with photos', async ({ page }) => {
  await open360(page);
  const room = page.getByTestId('panorama-room');
  const blade = page.getByTestId('panorama-blade');
  await expect(room.locator('option')).toHaveCount(3);
  await expect(room.locator('option').nth(0)).toHaveText('Oda 1 · Root - WW');

  await page.getByTestId('panorama-photo').nth(2).click();
  await expect(counter(page)).toHaveText('3 / 3');
  await room.selectOption('2');
  await expect(counter(page)).toHaveText('1 / 1');
  await expect(page.getByTestId('panorama-photo').first()).toHaveAttribute('aria-current', 'true');
  await expect(stage(page)).toHaveAttribute('data-kind', 'flat');
  await expect(page.getByTestId('panorama-flat')).toBeVisible();

  await blade.selectOption('B');
  await expect(page.getByTestId('panorama-empty')).toContainText('Bu odada fotoğraf bulunamadı');
  await expect(page.getByTestId('panorama-count')).toHaveText('0 fotoğraf');
  await room.selectOption('3');
  await expect(page.getByTestId('panorama-photo-name')).toHaveText('B3-pano.jpg');
  await expect(stage(page)).toHaveAttribute('data-kind', 'sphere');

  await blade.selectOption('A');
  await room.selectOption('1');
  await expect(counter(page)).toHaveText('1 / 3');
  await expect(page.getByTestId('panorama-photo-name')).toHaveText('A1-pano-1.jpg');
});

test('annotation mode: pen, circle, rectangle and text in red; empty text refused; Delete and Backspace undo', async ({ page }) => {
  await open360(page);
  await expect(stage(page)).toHaveAttribute('data-load-stage', 'original', { timeout: 15_000 });
  await page.getByTestId('annotation-toggle').click();
  // the screen as it is in annotation mode (its red buttons included) before anything is drawn
  const before = await pictureStats(await stage(page).screenshot());
  const canvas = page.getByTestId('annotation-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  const at = (x: number, y: number) => ({ x: box.x + x, y: box.y + y });
  const drag = async (from: { x: number; y: number }, to: { x: number; y: number }, steps = 8) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps });
    await page.mouse.up();
  };

  await page.getByTestId('annotation-tool-rectangle').click();
  await drag(at(150, 150), at(350, 300)); // rectangle 150..350 × 150..300
  await page.getByTestId('annotation-tool-circle').click();
  await drag(at(600, 250), at(680, 250)); // circle radius 80 around (600, 250)
  await page.getByTestId('annotation-tool-pen').click();
  await drag(at(200, 450), at(450, 520), 12);
  await page.getByTestId('annotation-tool-text').click();
  await page.mouse.click(at(500, 450).x, at(500, 450).y);
  await page.getByTestId('annotation-text-input').fill('Çatlak');
  await page.getByTestId('annotation-text-input').press('Enter');
  await expect(canvas).toHaveAttribute('data-count', '4');
  // empty trimmed text is not added
  await page.mouse.click(at(520, 560).x, at(520, 560).y);
  await page.getByTestId('annotation-text-input').fill('    ');
  await page.getByTestId('annotation-text-input').press('Enter');
  await expect(canvas).toHaveAttribute('data-count', '4');
  await expect(page.getByTestId('annotation-count')).toHaveText('4 çizim');

  const drawn = await pictureStats(await stage(page).screenshot());
  expect(drawn.redPixels, 'red strokes are on screen').toBeGreaterThan(before.redPixels + 1500);

  await page.keyboard.press('Delete');
  await expect(canvas).toHaveAttribute('data-count', '3');
  await page.keyboard.press('Backspace');
  await expect(canvas).toHaveAttribute('data-count', '2');

  // select: 8 px outside the rectangle's edge is within its 10 px tolerance; its middle is not a hit
  await page.getByTestId('annotation-tool-select').click();
  await page.mouse.click(at(250, 225).x, at(250, 225).y);
  await page.keyboard.press('Delete');
  await expect(canvas).toHaveAttribute('data-count', '1'); // nothing selected: the last (circle) went
  await page.keyboard.press('Control+z'); // not an undo key: nothing happens
  await expect(canvas).toHaveAttribute('data-count', '1');
  await page.mouse.click(at(142, 225).x, at(142, 225).y);
  await page.keyboard.press('Backspace');
  await expect(canvas).toHaveAttribute('data-count', '0');
  const cleared = await pictureStats(await stage(page).screenshot());
  expect(cleared.redPixels).toBeLessThan(before.redPixels + 300);

  // leaving annotation mode hands the pointer back to the panorama
  await page.getByTestId('annotation-toggle').click();
  await expect(canvas).toHaveCount(0);
});

test('f and F11 toggle full screen; the sidebar toggle resizes the viewer', async ({ page }) => {
  await open360(page);
  await expect(stage(page)).toHaveAttribute('data-load-stage', 'original', { timeout: 15_000 });
  await page.keyboard.press('f');
  await expect(stage(page)).toHaveAttribute('data-fullscreen', 'true');
  expect(await page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid'))).toBe('panorama-stage');
  await page.keyboard.press('f');
  await expect(stage(page)).toHaveAttribute('data-fullscreen', 'false');
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
  await page.keyboard.press('F11');
  await expect(stage(page)).toHaveAttribute('data-fullscreen', 'true');
  await page.keyboard.press('F11');
  await expect(stage(page)).toHaveAttribute('data-fullscreen', 'false');

  // the WebGL canvas always fills the viewer: after full screen, and as the sidebar closes and opens
  const canvasWidth = () => page.locator('[data-testid="panorama-sphere"] canvas').evaluate((c) => (c as HTMLCanvasElement).clientWidth);
  const stageWidth = () => stage(page).evaluate((element) => element.clientWidth);
  const viewport = page.viewportSize()?.width ?? 0;
  await expect.poll(canvasWidth).toBe(await stageWidth());
  expect(await stageWidth()).toBeLessThan(viewport - 300);
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('panorama-sidebar')).toHaveAttribute('data-opened', 'false');
  await expect.poll(canvasWidth).toBe(viewport);
  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(canvasWidth).toBeLessThan(viewport - 300);
  await expect.poll(canvasWidth).toBe(await stageWidth());
});

test('customers read "360° Fotoğraf Galerisi"; the header links to turbine management and back to /dashboard', async ({ page }) => {
  await open360(page, customer);
  await expect(page.getByTestId('panorama-heading')).toHaveText('360° Fotoğraf Galerisi');
  await expect(page).toHaveTitle(/360° Fotoğraf Galerisi/);
  await expect(page.getByTestId('turbine-management-link')).toHaveAttribute('href', `/dashboard/turbine/${turbineId}`);
  await page.getByTestId('back-to-dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown turbine shows "Türbin bulunamadı", a non-numeric id "Geçersiz türbin ID", each with a way back', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/dashboard/turbine/987654321/360-view');
  await expect(page.getByTestId('turbine-not-found')).toContainText('Türbin bulunamadı');
  await page.goto('/dashboard/turbine/abc/360-view');
  await expect(page.getByRole('heading', { name: 'Geçersiz türbin ID' })).toBeVisible();
  await page.getByRole('link', { name: 'Türbin listesine dön' }).last().click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('photos that cannot be loaded: the error in the stage in English too, then "Try again" loads them', async ({ page }) => {
  const listing = await breakPhotoListing(page, turbineId);
  await signIn(page, admin, { language: 'en' });
  await page.goto(`/dashboard/turbine/${turbineId}/360-view`);
  await expect(page.getByText('An error occurred while loading photos')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('An unexpected server error occurred')).toBeVisible();
  await expect(page.getByTestId('panorama-count')).toHaveCount(0);
  listing.heal();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(stage(page)).toHaveAttribute('data-kind', 'sphere', { timeout: 15_000 });
  await expect(page.getByText('An error occurred while loading photos')).toHaveCount(0);
  await expect(page.getByTestId('panorama-count')).toHaveText('3 photos');
});
