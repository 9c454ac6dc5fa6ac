import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { type CompareFixture, compareFixture } from '../support/compare-fixture.ts';
import { signIn } from '../support/viewer-data.ts';

test.describe.configure({ mode: 'serial' });
test.use({ bypassCSP: true });

// Year-over-year compare (issue 16 item 3): one blade zone in two years side by side. Panoramas: two Photo Sphere
// Viewers whose direction and zoom follow each other, whichever is dragged; flat photos: one zoom and pan. The findings
// of both years on both sides (the other year's dashed). Reached from a finding, the turbine page and the 360° viewer.
let fx: CompareFixture;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fx = await compareFixture('spec');
});

const stage = (page: Page, side: 'a' | 'b') => page.getByTestId(`compare-stage-${side}`);

async function viewOf(page: Page, side: 'a' | 'b') {
  const element = stage(page, side);
  return {
    yaw: Number(await element.getAttribute('data-yaw')),
    pitch: Number(await element.getAttribute('data-pitch')),
    zoom: Number(await element.getAttribute('data-zoom')),
  };
}

/** The smallest turn between two yaws (across the 0/2π seam). */
const turn = (from: number, to: number) => {
  const d = (((to - from) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  return d > Math.PI ? d - 2 * Math.PI : d;
};

async function drag(page: Page, target: Locator, dx: number, dy: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('no box');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 12 });
  await page.mouse.up();
}

async function openPanoramas(page: Page, language: 'tr' | 'en', query = '') {
  await signIn(page, fx.admin, { language });
  await page.goto(`/dashboard/turbine/${fx.turbineId}/compare${query}`);
  await expect(stage(page, 'a')).toHaveAttribute('data-load-stage', 'original', { timeout: 20_000 });
  await expect(stage(page, 'b')).toHaveAttribute('data-load-stage', 'original', { timeout: 20_000 });
}

test('two years of a panorama: dragging either viewer turns the other, zoom follows, both years’ findings on both sides (TR)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openPanoramas(page, 'tr');
  // the first zone with two years opens, the latest two years, older on the left; the state is in the address
  await expect(page.getByTestId('compare-page')).toHaveAttribute('data-zone', 'room-1');
  await expect(page.getByTestId('compare-pane-a')).toHaveAttribute('data-year', '2025');
  await expect(page.getByTestId('compare-pane-b')).toHaveAttribute('data-year', '2026');
  await expect(page.getByRole('heading', { name: 'Yıllara göre karşılaştırma' })).toBeVisible();

  // 2025's photo: its own delamination, and 2026's two findings dashed; 2026's: its two, and 2025's one dashed
  const paneA = page.getByTestId('compare-pane-a');
  const paneB = page.getByTestId('compare-pane-b');
  await expect(paneA.locator('[data-testid="finding-marker"]:not([data-other-year])')).toHaveCount(1);
  await expect(paneA.locator('[data-testid="finding-marker"][data-other-year]')).toHaveCount(2);
  await expect(paneB.locator('[data-testid="finding-marker"]:not([data-other-year])')).toHaveCount(2);
  await expect(paneB.locator('[data-testid="finding-marker"][data-other-year]')).toHaveCount(1);
  await expect(paneA.locator(`[data-testid="finding-marker"][data-other-year][data-finding-id="${fx.findings.crack}"]`)).toHaveAttribute(
    'aria-label',
    '2026: Çatlak, önem 4 (Yüksek)',
  );
  await expect(page.getByTestId('compare-legend')).toContainText('Kesikli çizgi, dolgusuz: öbür yılın bulguları');

  // drag the left (2025) viewer: the right one turns with it
  const start = await viewOf(page, 'a');
  await drag(page, page.getByTestId('compare-sphere-a'), -220, 60);
  await expect.poll(async () => Math.abs(turn(start.yaw, (await viewOf(page, 'a')).yaw))).toBeGreaterThan(0.3);
  await expect
    .poll(async () => {
      const [a, b] = [await viewOf(page, 'a'), await viewOf(page, 'b')];
      return Math.abs(turn(a.yaw, b.yaw)) + Math.abs(a.pitch - b.pitch);
    })
    .toBeLessThan(1e-3);
  // the other way round: the right one leads now
  const before = await viewOf(page, 'b');
  await drag(page, page.getByTestId('compare-sphere-b'), 260, -40);
  await expect.poll(async () => Math.abs(turn(before.yaw, (await viewOf(page, 'b')).yaw))).toBeGreaterThan(0.3);
  await expect
    .poll(async () => {
      const [a, b] = [await viewOf(page, 'a'), await viewOf(page, 'b')];
      return Math.abs(turn(a.yaw, b.yaw)) + Math.abs(a.pitch - b.pitch);
    })
    .toBeLessThan(1e-3);
  // zoom with the wheel on the right: the left zooms the same
  const box = await page.getByTestId('compare-sphere-b').boundingBox();
  if (!box) throw new Error('no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const zoomBefore = (await viewOf(page, 'b')).zoom;
  await page.mouse.wheel(0, -400);
  // one wheel step asks for 5 levels more; the viewer eases there frame by frame and, with slow frames, stops a little
  // short (Photo Sphere Viewer's Dynamic decelerates by elapsed time): more than half the step is the wheel's doing
  await expect.poll(async () => (await viewOf(page, 'b')).zoom - zoomBefore).toBeGreaterThan(2.5);
  await expect.poll(async () => Math.abs((await viewOf(page, 'a')).zoom - (await viewOf(page, 'b')).zoom)).toBeLessThan(0.01);

  // the keyboard: a focused pane turns with the arrow keys, the other follows
  const keyed = await viewOf(page, 'a');
  await stage(page, 'a').focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await expect.poll(async () => turn(keyed.yaw, (await viewOf(page, 'a')).yaw)).toBeCloseTo(0.3, 3);
  await expect.poll(async () => Math.abs(turn((await viewOf(page, 'a')).yaw, (await viewOf(page, 'b')).yaw))).toBeLessThan(1e-3);

  // syncing off: the views go their own ways
  // (by the keyboard: the switch is an ordinary focusable control)
  const syncSwitch = page.getByRole('switch', { name: 'Görünümleri birlikte taşı' });
  await syncSwitch.focus();
  await page.keyboard.press('Space');
  await expect(syncSwitch).not.toBeChecked();
  await expect(page).toHaveURL(/sync=0/);
  const held = await viewOf(page, 'b');
  await drag(page, page.getByTestId('compare-sphere-a'), -200, 0);
  await expect.poll(async () => Math.abs(turn(held.yaw, (await viewOf(page, 'a')).yaw))).toBeGreaterThan(0.3);
  expect(Math.abs(turn(held.yaw, (await viewOf(page, 'b')).yaw))).toBeLessThan(1e-3);

  // another photo of 2026 on the right, kept in the address
  await page.getByTestId('compare-photo-b').click();
  await page.getByRole('option', { name: 'a1-2026-02.jpg' }).click();
  await expect(page.getByTestId('compare-pane-b')).toHaveAttribute('data-photo-id', String(fx.panoramas.y2026b));
  await expect(page).toHaveURL(new RegExp(`pb=${fx.panoramas.y2026b}`));
  // reloaded, the choice stays
  await page.reload();
  await expect(stage(page, 'a')).toHaveAttribute('data-load-stage', 'original', { timeout: 20_000 });
  await expect(page.getByTestId('compare-pane-b')).toHaveAttribute('data-photo-id', String(fx.panoramas.y2026b));
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('flat photos of two years: zoom and pan move together (EN)', async ({ page }) => {
  await signIn(page, fx.admin, { language: 'en' });
  await page.goto(`/dashboard/turbine/${fx.turbineId}/compare?blade=A&zone=drone`);
  const left = page.getByTestId('compare-flat-a');
  const right = page.getByTestId('compare-flat-b');
  await expect(left).toBeVisible();
  await expect(page.getByTestId('compare-pane-a')).toHaveAttribute('data-year', '2025');
  await expect(page.getByRole('heading', { name: 'Year-over-year compare' })).toBeVisible();
  // each side: its own erosion solid, the other year's dashed
  await expect(page.getByTestId('compare-pane-a').getByTestId('finding-shape')).toHaveCount(1);
  await expect(page.getByTestId('compare-pane-a').getByTestId('finding-shape-other')).toHaveCount(1);
  await expect(page.getByTestId('compare-pane-b').getByTestId('finding-shape-other')).toHaveAttribute(
    'aria-label',
    '2025: Erosion, severity 2 (Low)',
  );
  await page.getByTestId('compare-flat-a-zoom-in').click();
  await page.getByTestId('compare-flat-a-zoom-in').click();
  await expect(left).toHaveAttribute('data-zoom', '2.25');
  await expect(right).toHaveAttribute('data-zoom', '2.25');
  await drag(page, right, -80, -50);
  await expect.poll(async () => left.getAttribute('data-offset')).not.toBe('0,0');
  // the same offset on both (same-size photos in same-size panes)
  await expect.poll(async () => (await left.getAttribute('data-offset')) === (await right.getAttribute('data-offset'))).toBe(true);
  const [x, y] = ((await right.getAttribute('data-offset')) ?? '').split(',').map(Number);
  expect(x).toBeLessThan(-40);
  expect(y).toBeLessThan(-20);
  // the wheel on the right zooms the left too
  const box = await right.boundingBox();
  if (!box) throw new Error('no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 100);
  await expect(left).toHaveAttribute('data-zoom', '1.5');
  await expect(right).toHaveAttribute('data-zoom', '1.5');
  expect(await seriousViolations(page)).toEqual([]);
  // the other year's shape opens its finding, by the keyboard too
  await page.getByTestId('compare-pane-b').getByTestId('finding-shape-other').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('finding-detail')).toBeVisible();
  await expect(page.getByTestId('finding-drawer')).toContainText(`#${fx.findings.erosion}`);
});

test('reached from a finding, the turbine page and the 360° viewer, with the zone and years chosen', async ({ page }) => {
  await signIn(page, fx.admin, { language: 'en' });
  // the turbine page: its findings section
  await page.goto(`/dashboard/turbine/${fx.turbineId}`);
  await page.getByTestId('turbine-compare-years').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/turbine/${fx.turbineId}/compare$`));
  await expect(page.getByTestId('compare-pane-b')).toHaveAttribute('data-year', '2026');

  // a finding: its zone, its years, the photos it was seen on
  await page.goto(`/dashboard/turbine/${fx.turbineId}`);
  await page.getByTestId('findings-section').getByText('Erosion').first().click();
  await page.getByTestId('finding-compare-years').click();
  await expect(page).toHaveURL(new RegExp(`compare\\?blade=A&zone=drone&a=2025&b=2026&pa=${fx.drones.y2025}&pb=${fx.drones.y2026}`));
  await expect(page.getByTestId('compare-page')).toHaveAttribute('data-zone', 'drone');
  await expect(page.getByTestId('compare-pane-a')).toHaveAttribute('data-photo-id', String(fx.drones.y2025));

  // the 360° viewer: the blade, room and photo on screen, on the right
  await page.goto(`/dashboard/turbine/${fx.turbineId}/360-view`);
  await expect(page.getByTestId('panorama-stage')).toHaveAttribute('data-photo-id', String(fx.panoramas.y2025));
  await page.getByTestId('panorama-compare-years').click();
  await expect(page).toHaveURL(new RegExp(`blade=A&zone=room-1&b=2025&pb=${fx.panoramas.y2025}`));
  await expect(page.getByTestId('compare-pane-b')).toHaveAttribute('data-year', '2025');
  await expect(page.getByTestId('compare-pane-a')).toHaveAttribute('data-year', '2026');
});
