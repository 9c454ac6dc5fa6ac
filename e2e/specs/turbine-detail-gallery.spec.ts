import { expect, type Page, test } from '@playwright/test';
import {
  apiLogin,
  apiUploadPhotos,
  createTurbine,
  deleteTurbine,
  pcdFile,
  photoFile,
  type Session,
  signInPage,
} from '../support/turbine-fixtures.ts';

// The all-photos list, the viewer, comparison and delete (spec §2, §4, §5), on a turbine this spec fills through the API.
const YEAR = new Date().getFullYear();
let admin: Session;
let turbineId = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  admin = await apiLogin(request, 'superadmin@windscope.example');
  const operator = await apiLogin(request, 'operator@ege.example');
  const turbine = await createTurbine(request, admin, operator.user.company_id, 'GAL');
  turbineId = turbine.id;
  // uploaded oldest first: the list shows newest first
  await apiUploadPhotos(request, admin, turbineId, { room: 1, year: YEAR - 1, blade: 'A' }, [
    await photoFile('old_blade_1.jpg', { hue: 10 }),
    await photoFile('old_blade_2.jpg', { hue: 40 }),
  ]);
  await apiUploadPhotos(request, admin, turbineId, { room: 2, year: YEAR, blade: 'B' }, [
    await photoFile('root_scan_1.jpg', { hue: 80 }),
    pcdFile('cloud_1.pcd'),
  ]);
  await apiUploadPhotos(request, admin, turbineId, { year: YEAR, blade: 'A', category: 'drone' }, [
    await photoFile('drone_view_1.jpg', { hue: 120 }),
  ]);
  await apiUploadPhotos(request, operator, turbineId, { year: YEAR, blade: 'C', category: 'operator' }, [
    await photoFile('operator_view_1.png', { hue: 160 }),
  ]);
  await apiUploadPhotos(request, admin, turbineId, { year: YEAR, blade: 'B', category: 'robot' }, [
    await photoFile('robot_view_1.jpg', { hue: 200 }),
  ]);
});

test.afterAll(async ({ request }) => {
  await deleteTurbine(request, admin, turbineId);
});

async function openAsAdmin(page: Page, photos: number | null = 7) {
  await signInPage(page, admin);
  await page.goto(`/dashboard/turbine/${turbineId}`);
  if (photos !== null) await expect(page.getByTestId('photo-count')).toHaveText(`${photos} fotoğraf`);
  else await expect(page.getByTestId('photo-tile').first()).toBeVisible();
}

async function confirmDelete(page: Page) {
  await page.getByRole('dialog', { name: 'Fotoğrafı Sil' }).getByRole('button', { name: 'Sil', exact: true }).click();
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the photo grid stays put while the coverage counts load (nothing moves under the pointer)', async ({ page }) => {
  // the counts answer late; until then the coverage section keeps the tables' own shape
  let release = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/turbines/${turbineId}/coverage*`, async (route) => {
    await answered;
    await route.continue();
  });
  await openAsAdmin(page);
  await expect(page.getByTestId('coverage-loading')).toBeVisible();
  const grid = page.getByTestId('photo-tile').first();
  const before = await grid.boundingBox();
  release();
  await expect(page.getByTestId('coverage-matrix')).toBeVisible();
  await expect(page.getByTestId('coverage-loading')).toHaveCount(0);
  const after = await grid.boundingBox();
  expect(before).not.toBeNull();
  expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThanOrEqual(2);
});

test('from the first frame it is drawn, the photo grid never moves while the page loads (a click on a photo opens it)', async ({
  page,
}) => {
  // every frame from the start, the first tile's place on the page (the coverage section above the grid once came in a
  // chunk of its own after the tiles and pushed them 548 px down: a click meant for a photo landed elsewhere)
  await page.addInitScript(() => {
    const places: number[] = [];
    (window as unknown as { tilePlaces: number[] }).tilePlaces = places;
    const started = performance.now();
    const frame = () => {
      const tile = document.querySelector('[data-testid="photo-tile"]');
      if (tile) {
        const y = Math.round(tile.getBoundingClientRect().top + window.scrollY);
        if (places.at(-1) !== y) places.push(y);
      }
      if (performance.now() - started < 30_000) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await openAsAdmin(page);
  await expect(page.getByTestId('coverage-section')).toBeVisible();
  await expect(page.getByTestId('reports-section')).toBeVisible();
  await page.waitForTimeout(1000);
  const places = await page.evaluate(() => (window as unknown as { tilePlaces: number[] }).tilePlaces);
  expect(places.length).toBeGreaterThan(0);
  expect(places).toEqual([places[0]]);
});

test('year, type and text filters narrow the list and the count', async ({ page }) => {
  await openAsAdmin(page);
  const count = page.getByTestId('photo-count');
  const tiles = page.getByTestId('photo-tile');
  // the photos are in (the year filter offers the years they have) before a filter is chosen, as a person would see
  await expect(count).toHaveText('7 fotoğraf');

  await pick(page, 'filter-year', String(YEAR - 1));
  await expect(count).toHaveText('2 fotoğraf');
  await pick(page, 'filter-year', 'Tüm Yıllar');
  await expect(count).toHaveText('7 fotoğraf');

  await pick(page, 'filter-type', 'Kanat');
  await expect(count).toHaveText('4 fotoğraf');
  await pick(page, 'filter-type', 'Drone');
  await expect(count).toHaveText('1 fotoğraf');
  await expect(tiles).toHaveAttribute('data-photo-name', 'drone_view_1.jpg');
  await pick(page, 'filter-type', 'Operatör');
  await expect(tiles).toHaveAttribute('data-photo-name', 'operator_view_1.png');
  await pick(page, 'filter-type', 'Robot');
  await expect(tiles).toHaveAttribute('data-photo-name', 'robot_view_1.jpg');
  await pick(page, 'filter-type', 'Tüm Türler');

  await page.getByPlaceholder('Fotoğraf ara...').fill('ROOT_scan');
  await expect(count).toHaveText('1 fotoğraf');
  await page.getByPlaceholder('Fotoğraf ara...').fill('nothing-like-this');
  await expect(count).toHaveText('0 fotoğraf');
  await expect(page.getByText('Fotoğraf Bulunamadı', { exact: true })).toBeVisible();
  await expect(page.getByText('Arama kriterlerinize uygun fotoğraf bulunamadı.')).toBeVisible();
  await page.getByPlaceholder('Fotoğraf ara...').fill('');
  await expect(count).toHaveText('7 fotoğraf');
});

test('the viewer opens at the clicked photo, wraps around, shows the .pcd in its 3D preview and closes on Escape or the backdrop', async ({
  page,
}) => {
  await openAsAdmin(page);
  const tiles = page.getByTestId('photo-tile');
  const viewer = page.getByRole('dialog');
  const counter = page.getByTestId('viewer-counter');

  await tiles
    .nth(1)
    .getByRole('button', { name: /fotoğrafını aç/ })
    .click();
  await expect(counter).toHaveText('2 / 7');
  const second = await tiles.nth(1).getAttribute('data-photo-name');
  await expect(page.getByTestId('viewer-name')).toHaveText(second ?? '');
  // a drone, operator or robot photo opens in the zoomable picture (with the mark-finding tool), a panorama in the frame
  await expect(page.getByTestId('viewer-image').or(page.getByTestId('viewer-zoom'))).toBeVisible();

  await page.getByTestId('viewer-prev').click();
  await expect(counter).toHaveText('1 / 7');
  await page.getByTestId('viewer-prev').click();
  await expect(counter).toHaveText('7 / 7'); // wraps to the end
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('1 / 7'); // and back to the start
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('7 / 7');

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // the point cloud cannot be previewed
  await page.getByRole('button', { name: 'cloud_1.pcd fotoğrafını aç' }).click();
  await expect(page.getByTestId('pcd-viewer')).toBeVisible();
  await expect(page.getByTestId('pcd-count')).toHaveText('1 nokta');
  // a click on the backdrop closes
  await page.mouse.click(5, 5);
  await expect(viewer).toBeHidden();
});

test('comparison takes exactly two ticked photos; further checkboxes are disabled', async ({ page }) => {
  await openAsAdmin(page);
  const boxes = page.getByTestId('compare-checkbox');
  const compare = page.getByTestId('compare-button');
  await expect(compare).toBeDisabled();
  await boxes.nth(0).check();
  await expect(compare).toBeDisabled();
  await boxes.nth(2).check();
  await expect(compare).toBeEnabled();
  await expect(page.getByText('Karşılaştırma: 2/2 fotoğraf seçildi')).toBeVisible();
  for (const i of [1, 3, 4, 5, 6]) await expect(boxes.nth(i)).toBeDisabled();

  await compare.click();
  const panes = page.getByTestId('compare-pane');
  await expect(panes).toHaveCount(2);
  const first = await page.getByTestId('photo-tile').nth(0).getAttribute('data-photo-name');
  const third = await page.getByTestId('photo-tile').nth(2).getAttribute('data-photo-name');
  await expect(panes.nth(0)).toContainText(first ?? '');
  await expect(panes.nth(1)).toContainText(third ?? '');
  await page.keyboard.press('Escape');
  await expect(panes).toHaveCount(0);

  await boxes.nth(0).uncheck();
  await expect(boxes.nth(1)).toBeEnabled();
  await expect(compare).toBeDisabled();
});

test('delete from the viewer: Escape closes only the confirmation; after delete the index is clamped and lists reload', async ({
  page,
}) => {
  await openAsAdmin(page);
  const tiles = page.getByTestId('photo-tile');
  const counter = page.getByTestId('viewer-counter');
  const last = await tiles.nth(6).getAttribute('data-photo-name');
  await tiles
    .nth(6)
    .getByRole('button', { name: /fotoğrafını aç/ })
    .click();
  await expect(counter).toHaveText('7 / 7');

  await page.getByTestId('viewer-delete').click();
  await expect(page.getByText(`${last} fotoğrafını silmek istediğinizden emin misiniz?`, { exact: false })).toBeVisible();
  await page.keyboard.press('Escape'); // the topmost dialog only
  await expect(page.getByText('fotoğrafını silmek istediğinizden emin misiniz?', { exact: false })).toBeHidden();
  await expect(counter).toHaveText('7 / 7');

  await page.getByTestId('viewer-delete').click();
  await confirmDelete(page);
  await expect(page.getByText('Fotoğraf Silindi')).toBeVisible();
  await expect(page.getByText('Fotoğraf başarıyla silindi.')).toBeVisible();
  await expect(counter).toHaveText('6 / 6'); // clamped to the new last photo
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('photo-count')).toHaveText('6 fotoğraf');
  await expect(page.locator(`[data-photo-name="${last}"]`)).toHaveCount(0);
  await expect(page.getByTestId('turbine-photo-count')).toHaveText('6'); // the turbine reloaded

  // delete from the grid, with the ticked photo dropping out of the comparison
  const name = await tiles.nth(0).getAttribute('data-photo-name');
  await page.getByTestId('compare-checkbox').nth(0).check();
  await tiles.nth(0).hover();
  await tiles.nth(0).getByTestId('photo-delete').click();
  await confirmDelete(page);
  await expect(page.getByTestId('photo-count')).toHaveText('5 fotoğraf');
  await expect(page.locator(`[data-photo-name="${name}"]`)).toHaveCount(0);
  await expect(page.getByText('Karşılaştırma: 0/2 fotoğraf seçildi')).toBeVisible();
});

test('the viewer closes when its last photo is deleted', async ({ page, request }) => {
  const operator = await apiLogin(request, 'operator@ege.example');
  const single = await createTurbine(request, admin, operator.user.company_id, 'ONE');
  try {
    await apiUploadPhotos(request, admin, single.id, { room: 1, year: YEAR, blade: 'A' }, [await photoFile('only_one.jpg')]);
    await signInPage(page, admin);
    await page.goto(`/dashboard/turbine/${single.id}`);
    await page.getByRole('button', { name: 'only_one.jpg fotoğrafını aç' }).click();
    await expect(page.getByTestId('viewer-counter')).toHaveText('1 / 1');
    await page.getByTestId('viewer-delete').click();
    await confirmDelete(page);
    await expect(page.getByTestId('viewer-counter')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Bu türbin için henüz fotoğraf yüklenmemiş.')).toBeVisible();
  } finally {
    await deleteTurbine(request, admin, single.id);
  }
});

test('the cache-clear action reloads the photos and says so', async ({ page }) => {
  await openAsAdmin(page, null);
  const reload = page.waitForRequest((r) => r.method() === 'GET' && r.url().includes(`/api/turbines/${turbineId}/photos`));
  await page.getByTestId('clear-cache').click();
  await reload;
  await expect(page.getByText('Cache Temizlendi')).toBeVisible();
  await expect(page.getByText("Fotoğraf cache'i temizlendi ve veriler yeniden yüklendi.")).toBeVisible();
  await expect(page.getByTestId('photo-count')).not.toHaveText('0 fotoğraf');
});
