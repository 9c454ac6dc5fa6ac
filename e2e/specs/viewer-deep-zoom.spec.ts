import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { inEachLook } from '../support/looks.ts';
import {
  apiData,
  BASE_URL,
  createTurbine,
  createUser,
  egeCompanyId,
  makePhoto,
  type Session,
  signIn,
  superadmin,
  uploadPhotos,
} from '../support/viewer-data.ts';

test.describe.configure({ mode: 'serial' });
// axe's inline script needs the Content-Security-Policy lifted (support/axe.ts)
test.use({ bypassCSP: true });
/** SHOTS_DIR=/tmp/shots-zoom: the axe test also leaves pictures of the viewer at fit and 1:1 for a person to look at */
const SHOTS_DIR = process.env.SHOTS_DIR;

// Deep zoom (DECISIONS §16): one surface for every flat-photo viewer. A large drone photo is drawn from its tile pyramid
// on the turbine page's viewer and its compare, the drone page and its compare, and the year compare; zooming to 1:1
// fetches tiles of the full-size level and never the original; a finding marked at 1:1 (turbine page, drone page) is
// stored in the original's normalised coordinates (§12).
const WIDTH = 4000;
const HEIGHT = 2667;
let operator: Session;
let turbineId: number;
let photoId: number;
/** the same blade's drone photo a year earlier (the compares' other side) */
let earlierId: number;
/** the original's signed URL (its preview and thumbnail share its path, with `v=p` / `v=t`) */
let originalUrl: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const admin = await superadmin();
  const company = await egeCompanyId(admin);
  turbineId = await createTurbine(admin, company, { code: `E2E-DZ-${Date.now()}` });
  operator = await createUser(admin, company, 'operator', 'Deniz');
  const [photo] = await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', category: 'drone' }, [
    { name: 'drone-deep.jpg', bytes: await makePhoto('deep zoom', WIDTH, HEIGHT, 2) },
  ]);
  photoId = photo?.id ?? 0;
  const [earlier] = await uploadPhotos(admin, turbineId, { year: 2024, blade: 'A', category: 'drone' }, [
    { name: 'drone-deep-2024.jpg', bytes: await makePhoto('deep zoom 2024', WIDTH, HEIGHT, 3) },
  ]);
  earlierId = earlier?.id ?? 0;
  const listed = await apiData<{ id: number; urls: { original: string; zoom: string | null } }[]>(
    admin,
    'GET',
    `/turbines/${turbineId}/photos`,
  );
  const urls = listed.find((p) => p.id === photoId)?.urls;
  const earlierZoom = listed.find((p) => p.id === earlierId)?.urls.zoom;
  if (!urls?.zoom || !earlierZoom) throw new Error('a large photo has a Deep Zoom base');
  originalUrl = urls.original;
  // the first ask queues the pyramid ahead of any other; it is made in the background
  for (const base of [urls.zoom, earlierZoom])
    await expect
      .poll(async () => (await fetch(new URL(`${base}pyramid.json`, BASE_URL))).status, { timeout: 90_000, intervals: [500] })
      .toBe(200);
});

/** Every address the page asks for, as path and query. */
function requests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    asked.push(`${url.pathname}${url.search}`);
  });
  return asked;
}
/** levels 0..12 (2^12 >= 4000): 1:1 is level 12; the pyramids (one per photo) whose full-size tiles were asked for */
const fullSizePyramids = (asked: string[]) =>
  new Set(asked.flatMap((path) => /\/([^/]+)\.tiles\/12\/\d+_\d+\.jpeg$/.exec(path)?.[1] ?? []));
/** a stored file asked for as itself, not as its preview or thumbnail (`v=p`, `v=t`): an original */
const originals = (asked: string[]) => asked.filter((path) => path.startsWith('/api/files/') && !/[?&]v=[pt]\b/.test(path));

/** Draws a rectangle from `from` to `to` (pixels off the viewer's centre) with the marking tool on, saves it with
 *  severity 3, and answers the stored points of the new finding. */
async function markAtCentre(page: Page, viewer: Locator, from: { x: number; y: number }, to: { x: number; y: number }) {
  const before = await apiData<{ finding_id: number }[]>(operator, 'GET', `/turbines/${turbineId}/photos/${photoId}/findings`);
  await page.getByTestId('finding-mark-toggle').click();
  const view = (await viewer.boundingBox()) ?? { x: 0, y: 0, width: 1, height: 1 };
  const centre = { x: view.x + view.width / 2, y: view.y + view.height / 2 };
  await page.mouse.move(centre.x + from.x, centre.y + from.y);
  await page.mouse.down();
  await page.mouse.move(centre.x + to.x, centre.y + to.y, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('finding-form-blade')).toHaveValue('A');
  await page.getByTestId('finding-form-severity').click();
  await page.getByRole('option', { name: /^3 · Orta/ }).click();
  await page.getByTestId('finding-form-save').click();
  await expect(page.getByTestId('finding-shape')).toHaveCount(before.length + 1);
  const marks = await apiData<{ finding_id: number; geometry: { points: number[][] } }[]>(
    operator,
    'GET',
    `/turbines/${turbineId}/photos/${photoId}/findings`,
  );
  const added = marks.filter((m) => !before.some((b) => b.finding_id === m.finding_id));
  expect(added).toHaveLength(1);
  return added[0]?.geometry.points ?? [];
}

/** at 1:1 about the centre, a screen pixel off the centre is an image pixel off the image's centre: within two pixels */
function expectAtPixels(points: number[][], from: { x: number; y: number }, to: { x: number; y: number }) {
  const [[x0, y0] = [], [x1, y1] = []] = points;
  expect(Math.abs((x0 ?? 0) - (0.5 + from.x / WIDTH)) * WIDTH).toBeLessThan(2);
  expect(Math.abs((y0 ?? 0) - (0.5 + from.y / HEIGHT)) * HEIGHT).toBeLessThan(2);
  expect(Math.abs((x1 ?? 0) - (0.5 + to.x / WIDTH)) * WIDTH).toBeLessThan(2);
  expect(Math.abs((y1 ?? 0) - (0.5 + to.y / HEIGHT)) * HEIGHT).toBeLessThan(2);
}

async function openViewer(page: Page, options: { signedIn?: boolean; name?: RegExp } = {}) {
  if (!options.signedIn) await signIn(page, operator);
  await page.goto(`/dashboard/turbine/${turbineId}`);
  await page
    .locator('[data-testid="photo-tile"][data-photo-name="drone-deep.jpg"]')
    .getByRole('button', { name: options.name ?? /fotoğrafını aç/ })
    .click();
  await expect(page.getByTestId('viewer-zoom')).toHaveAttribute('data-source', 'tiles');
  await expect(page.getByTestId('finding-overlay')).toBeVisible();
}

test('zooming to 1:1 draws tiles of the full-size level and never fetches the original', async ({ page }) => {
  const asked = requests(page);
  await openViewer(page);
  await page.getByTestId('viewer-zoom-one-to-one').click();
  await expect(page.getByTestId('viewer-zoom')).toHaveAttribute('data-image-zoom', '1.000');
  await expect(page.getByTestId('viewer-zoom-zoom-level')).toHaveText('%100');
  await expect.poll(() => asked.filter((path) => /\.tiles\/12\/\d+_\d+\.jpeg$/.test(path)).length).toBeGreaterThan(2);
  // the picture's own files seen: the preview at most (the list's thumbnails too), never the original
  expect(asked.some((path) => path.startsWith('/api/files/'))).toBe(true);
  // and twice beyond, no further
  await page.getByRole('application', { name: /drone-deep\.jpg/ }).focus();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('+');
  await expect(page.getByTestId('viewer-zoom')).toHaveAttribute('data-image-zoom', '2.000');
  await page.keyboard.press('0');
  await expect.poll(async () => Number(await page.getByTestId('viewer-zoom').getAttribute('data-image-zoom'))).toBeLessThan(0.5);
  // file URLs are signed per sign-in (DECISIONS §17): the original is its path without a derived image's `v=`
  const originalPath = originalUrl.split('?')[0] ?? '';
  expect(asked.filter((path) => path.split('?')[0] === originalPath && !/[?&]v=/.test(path))).toEqual([]);
  expect(originals(asked)).toEqual([]);
});

test('a rectangle marked at 1:1 is stored in the original’s normalised coordinates', async ({ page }) => {
  await openViewer(page);
  await page.getByTestId('viewer-zoom-one-to-one').click();
  const viewer = page.getByTestId('viewer-zoom');
  await expect(viewer).toHaveAttribute('data-image-zoom', '1.000');
  // at 1:1, zoomed about the centre: the viewer's centre is the image's centre, and a screen pixel is one image pixel
  const from = { x: -100, y: -50 };
  const to = { x: 60, y: 40 };
  expectAtPixels(await markAtCentre(page, viewer, from, to), from, to);

  // fitted again, the shape sits on the same part of the picture
  await page.getByTestId('viewer-zoom-zoom-reset').click();
  await expect.poll(async () => Number(await viewer.getAttribute('data-image-zoom'))).toBeLessThan(0.5);
  const overlay = (await page.getByTestId('finding-overlay').boundingBox()) ?? { x: 0, y: 0, width: 1, height: 1 };
  const shape = (await page.getByTestId('finding-shape').boundingBox()) ?? { x: 0, y: 0, width: 1, height: 1 };
  expect((shape.x - overlay.x) / overlay.width).toBeCloseTo(0.5 - 100 / WIDTH, 2);
  expect((shape.y - overlay.y) / overlay.height).toBeCloseTo(0.5 - 50 / HEIGHT, 2);
});

test('the drone page: 1:1 from tiles, never the original; a rectangle marked at 1:1 lands on the original’s pixels', async ({ page }) => {
  const asked = requests(page);
  await signIn(page, operator);
  await page.goto(`/turbine/${turbineId}/drone-photos`);
  await page
    .getByTestId('photo-item')
    .filter({ hasText: /^drone-deep\.jpg/ })
    .click();
  const viewer = page.getByTestId('photo-zoom');
  await expect(viewer).toHaveAttribute('data-source', 'tiles');
  await expect(page.getByTestId('finding-overlay')).toBeVisible();
  await page.getByTestId('photo-zoom-one-to-one').click();
  await expect(viewer).toHaveAttribute('data-image-zoom', '1.000');
  await expect(page.getByTestId('photo-zoom-zoom-level')).toHaveText('%100');
  await expect.poll(() => fullSizePyramids(asked).size).toBe(1);
  // away from the turbine page's rectangle (which stays drawn, and lets the pointer through while marking)
  const from = { x: 120, y: 70 };
  const to = { x: 200, y: 130 };
  expectAtPixels(await markAtCentre(page, viewer, from, to), from, to);
  // the arrow keys pan the picture at 1:1 (and do not step to the next photo, as they do where nothing pans)
  await page.getByRole('application', { name: /drone-deep\.jpg/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Number((await viewer.getAttribute('data-offset'))?.split(',')[0])).toBeLessThan(-10);
  await expect(page.getByTestId('viewer-photo-name')).toHaveText('drone-deep.jpg');
  await page.keyboard.press('0');
  await expect(viewer).toHaveAttribute('data-zoom', '1');
  await page.getByTestId('photo-zoom-one-to-one').click();
  await expect(viewer).toHaveAttribute('data-image-zoom', '1.000');
  // the wheel steps on from 1:1 up to twice, no further
  const box = (await viewer.boundingBox()) ?? { x: 0, y: 0, width: 1, height: 1 };
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 3; i += 1) {
    await page.mouse.wheel(0, -100);
    await page.waitForTimeout(80);
  }
  await expect(viewer).toHaveAttribute('data-image-zoom', '2.000');
  await expect(page.getByTestId('photo-zoom-zoom-in')).toBeDisabled();
  expect(originals(asked)).toEqual([]);
});

test('both compares of a turbine’s photos and the year compare: 1:1 from tiles, the year pair in step, never an original', async ({
  page,
}) => {
  const asked = requests(page);
  await signIn(page, operator);
  // the drone page's compare: each picture its own zoom
  await page.goto(`/turbine/${turbineId}/drone-photos`);
  await page.getByTestId('compare-mode').click();
  await page.getByTestId('compare-checkbox').nth(0).check();
  await page.getByTestId('compare-checkbox').nth(1).check();
  await page.getByTestId('compare-open').click();
  await expect(page.getByTestId('compare-0')).toHaveAttribute('data-source', 'tiles');
  await expect(page.getByTestId('compare-1')).toHaveAttribute('data-source', 'tiles');
  await page.getByTestId('compare-0-one-to-one').click();
  await expect(page.getByTestId('compare-0')).toHaveAttribute('data-image-zoom', '1.000');
  await expect(page.getByTestId('compare-1')).toHaveAttribute('data-zoom', '1');
  await page.getByTestId('compare-1-one-to-one').click();
  await expect(page.getByTestId('compare-1')).toHaveAttribute('data-image-zoom', '1.000');
  await expect.poll(() => fullSizePyramids(asked).size).toBe(2);
  await page.keyboard.press('Escape');

  // the turbine page's compare; counted from the new page on (the drone page's tiles of both photos at 1:1 may still be
  // asked for until it is left, under load after the Escape)
  await page.goto(`/dashboard/turbine/${turbineId}`);
  const before = asked.length;
  for (const name of ['drone-deep.jpg', 'drone-deep-2024.jpg'])
    await page.locator(`[data-testid="photo-tile"][data-photo-name="${name}"]`).getByTestId('compare-checkbox').check();
  await page.getByTestId('compare-button').click();
  await expect(page.getByTestId('compare-zoom-0')).toHaveAttribute('data-source', 'tiles');
  await page.getByTestId('compare-zoom-1-one-to-one').click();
  await expect(page.getByTestId('compare-zoom-1')).toHaveAttribute('data-image-zoom', '1.000');
  await expect(page.getByTestId('compare-zoom-0')).toHaveAttribute('data-zoom', '1');
  await expect.poll(() => fullSizePyramids(asked.slice(before)).size).toBe(1);
  await page.keyboard.press('Escape');

  // the year compare: one zoom and pan for both years
  await page.goto(`/dashboard/turbine/${turbineId}/compare?blade=A&zone=drone&a=2024&b=2025`);
  const yearStart = asked.length;
  const left = page.getByTestId('compare-flat-a');
  const right = page.getByTestId('compare-flat-b');
  await expect(left).toHaveAttribute('data-source', 'tiles');
  await expect(right).toHaveAttribute('data-source', 'tiles');
  await page.getByTestId('compare-flat-a-one-to-one').click();
  await expect(left).toHaveAttribute('data-image-zoom', '1.000');
  await expect(right).toHaveAttribute('data-image-zoom', '1.000');
  await expect.poll(() => fullSizePyramids(asked.slice(yearStart)).size).toBe(2);
  // the 2025 side keeps the 1:1 rectangles marked above, drawn at 1:1 over the 2024 side dashed
  await expect(page.getByTestId('compare-pane-b').getByTestId('finding-shape')).toHaveCount(2);
  await expect(page.getByTestId('compare-pane-a').getByTestId('finding-shape-other')).toHaveCount(2);
  expect(originals(asked)).toEqual([]);
});

test('every deep-zoom viewer at fit and at 1:1, marking on, has no serious axe violations (1440 px TR light, 769 px EN dark)', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  if (SHOTS_DIR) mkdirSync(SHOTS_DIR, { recursive: true });
  const found: string[] = [];
  await inEachLook(browser, operator, async (page, look) => {
    await openViewer(page, { signedIn: true, name: look.language === 'tr' ? /fotoğrafını aç/ : /^Open drone-deep/ });
    const name = `${look.width}-${look.language}-${look.theme}`;
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/deep-zoom-fit-${name}.png` });
    for (const v of await seriousViolations(page)) found.push(`${name} fit: ${v}`);
    await page.getByTestId('viewer-zoom-one-to-one').click();
    await expect(page.getByTestId('viewer-zoom')).toHaveAttribute('data-image-zoom', '1.000');
    await page.getByTestId('finding-mark-toggle').click();
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/deep-zoom-1to1-marking-${name}.png` });
    for (const v of await seriousViolations(page)) found.push(`${name} 1:1: ${v}`);
    await page.keyboard.press('Escape');

    // the turbine page's compare
    for (const photo of ['drone-deep.jpg', 'drone-deep-2024.jpg'])
      await page.locator(`[data-testid="photo-tile"][data-photo-name="${photo}"]`).getByTestId('compare-checkbox').check();
    await page.getByTestId('compare-button').click();
    await page.getByTestId('compare-zoom-0-one-to-one').click();
    await expect(page.getByTestId('compare-zoom-0')).toHaveAttribute('data-image-zoom', '1.000');
    await expect(page.getByTestId('compare-zoom-1')).toHaveAttribute('data-source', 'tiles');
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/deep-zoom-turbine-compare-${name}.png` });
    for (const v of await seriousViolations(page)) found.push(`${name} turbine compare: ${v}`);
    await page.keyboard.press('Escape');

    // the drone page at 1:1, marking, and its compare
    await page.goto(`/turbine/${turbineId}/drone-photos`);
    await page
      .getByTestId('photo-item')
      .filter({ hasText: /^drone-deep\.jpg/ })
      .click();
    await expect(page.getByTestId('photo-zoom')).toHaveAttribute('data-source', 'tiles');
    await page.getByTestId('photo-zoom-one-to-one').click();
    await expect(page.getByTestId('photo-zoom')).toHaveAttribute('data-image-zoom', '1.000');
    await page.getByTestId('finding-mark-toggle').click();
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/deep-zoom-drone-page-${name}.png` });
    for (const v of await seriousViolations(page)) found.push(`${name} drone page: ${v}`);
    await page.getByTestId('finding-mark-toggle').click();
    await page.getByTestId('compare-mode').click();
    await page.getByTestId('compare-checkbox').nth(0).check();
    await page.getByTestId('compare-checkbox').nth(1).check();
    await page.getByTestId('compare-open').click();
    await expect(page.getByTestId('compare-1')).toHaveAttribute('data-source', 'tiles');
    await page.getByTestId('compare-1-zoom-in').click();
    await expect(page.getByTestId('compare-1')).toHaveAttribute('data-zoom', '1.5');
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/deep-zoom-drone-compare-${name}.png` });
    for (const v of await seriousViolations(page)) found.push(`${name} drone compare: ${v}`);

    // the year compare at 1:1
    await page.goto(`/dashboard/turbine/${turbineId}/compare?blade=A&zone=drone&a=2024&b=2025`);
    await expect(page.getByTestId('compare-flat-b')).toHaveAttribute('data-source', 'tiles');
    await page.getByTestId('compare-flat-b-one-to-one').click();
    await expect(page.getByTestId('compare-flat-a')).toHaveAttribute('data-image-zoom', '1.000');
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/deep-zoom-year-compare-${name}.png` });
    for (const v of await seriousViolations(page)) found.push(`${name} year compare: ${v}`);
  });
  expect(found).toEqual([]);
});
