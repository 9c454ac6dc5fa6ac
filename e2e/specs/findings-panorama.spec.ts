import { expect, type Locator, type Page, test } from '@playwright/test';
import { panoramaSvg, renderJpeg } from '../../apps/server/src/db/demo-media/images.ts';
import { seriousViolations } from '../support/axe.ts';
import {
  apiData,
  createTurbine,
  createUser,
  egeCompanyId,
  type Session,
  signIn,
  superadmin,
  uploadPhotos,
} from '../support/viewer-data.ts';

test.describe.configure({ mode: 'serial' });
// axe is injected as a script tag; the app's CSP (script-src 'self') would refuse it
test.use({ bypassCSP: true });

// Findings on the 360° viewer (DECISIONS §12, issue 14 web item 2): markers in yaw/pitch through Photo Sphere Viewer's
// markers plugin, the mark-finding tool (clicked points, Enter / double-click / Escape), the same form as flat photos.
// The panorama is the demo's own picture (the seed's panoramaSvg), uploaded to a turbine of this spec's own.
let admin: Session;
let operator: Session;
let customer: Session;
let turbineId: number;
let photoId: number;
let seededId: number;

interface Mark {
  finding_id: number;
  severity: number;
  type: string;
  geometry: { space: string; shape: string; points: [number, number][] };
}

const marksOf = (session: Session) => apiData<Mark[]>(session, 'GET', `/turbines/${turbineId}/photos/${photoId}/findings`);

test.beforeAll(async () => {
  test.setTimeout(90_000);
  admin = await superadmin();
  const company = await egeCompanyId(admin);
  turbineId = await createTurbine(admin, company, { code: `E2E-FPANO-${Date.now()}`, turbine_name: 'E2E Panorama Findings', rooms: 2 });
  operator = await createUser(admin, company, 'operator', 'Pelin');
  customer = await createUser(admin, company, 'customer', 'Kaan');
  const manager = await createUser(admin, company, 'company_manager', 'Selin');
  const [photo] = await uploadPhotos(admin, turbineId, { year: 2025, blade: 'B', room: 1 }, [
    { name: 'B1-demo-pano.jpg', bytes: await renderJpeg(panoramaSvg('E2E · B · 1', 40)) },
  ]);
  photoId = photo?.id ?? 0;
  // an existing confirmed finding, as in the demo data: an outline to the right of where the view opens
  const seeded = await apiData<{ id: number; version: number }>(admin, 'POST', `/turbines/${turbineId}/findings`, {
    blade: 'B',
    surface: 'interior',
    room: 1,
    type: 'delamination',
    severity: 3,
    observation: {
      photo_id: photoId,
      geometry: {
        space: 'panorama',
        shape: 'polygon',
        points: [
          [3.6, 0.12],
          [3.85, 0.1],
          [3.83, -0.12],
          [3.58, -0.1],
        ],
      },
    },
  });
  seededId = seeded.id;
  // reviewed by someone other than its author (two-person rule)
  await apiData(manager, 'POST', `/turbines/${turbineId}/findings/${seededId}/status`, { to: 'confirmed', version: seeded.version });
});

async function open360(page: Page, session: Session, options: { language?: 'tr' | 'en'; theme?: 'light' | 'dark' } = {}) {
  await signIn(page, session, options);
  await page.goto(`/dashboard/turbine/${turbineId}/360-view`);
  await expect(page.getByTestId('panorama-stage')).toHaveAttribute('data-load-stage', 'original', { timeout: 15_000 });
}

const sphere = (page: Page) => page.getByTestId('panorama-sphere');
const markers = (page: Page) => page.getByTestId('finding-marker');

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no bounding box');
  return box;
}

/** Where a click at (x, y) of the viewer lands on the sphere, in the stored convention (yaw from the image's left edge),
 *  as the view opens (on the image's centre, yaw π, pitch 0, vertical field of view 90°): an independent check of the
 *  yaw/pitch the viewer reports and the web turns. */
function expectedYawPitch(view: { x: number; y: number; width: number; height: number }, x: number, y: number): [number, number] {
  const focal = view.height / 2; // tan(45°) = 1
  const dx = x - (view.x + view.width / 2);
  const dy = y - (view.y + view.height / 2);
  const yaw = Math.PI + Math.atan2(dx, focal);
  return [yaw, Math.atan2(-dy, Math.hypot(dx, focal))];
}

test('an operator marks an outline on the demo panorama; after a reload the marker is on the same yaw/pitch', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await open360(page, operator);
  // the existing finding is drawn, coloured by severity; hovering names it; clicking opens it
  const seeded = page.locator(`[data-testid="finding-marker"][data-finding-id="${seededId}"]`);
  await expect(seeded).toBeVisible();
  await expect(seeded).toHaveAttribute('data-severity', '3');
  await expect(seeded).toHaveAttribute('aria-label', 'Delaminasyon, önem 3 (Orta)');
  await seeded.hover();
  await expect(page.locator('.psv-tooltip')).toContainText('Delaminasyon, önem 3 (Orta)');
  // looking around moves the marker with the picture (dragging left turns the view right)
  const before = await boxOf(seeded);
  const view = await boxOf(sphere(page));
  await page.mouse.move(view.x + view.width / 2, view.y + view.height / 2);
  await page.mouse.down();
  await page.mouse.move(view.x + view.width / 2 - 120, view.y + view.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => (await boxOf(seeded)).x).toBeLessThan(before.x - 60);
  await seeded.click();
  await expect(page.getByTestId('finding-detail')).toHaveAttribute('data-status', 'confirmed');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('finding-drawer')).toBeHidden();

  await page.reload();
  await expect(page.getByTestId('panorama-stage')).toHaveAttribute('data-load-stage', 'original', { timeout: 15_000 });
  await page.getByTestId('finding-mark-toggle').click();
  await expect(page.getByTestId('finding-sphere-bar')).toContainText('Hasara tıklayın');
  const clicks = [
    { x: view.x + view.width / 2 - 160, y: view.y + view.height / 2 - 40 },
    { x: view.x + view.width / 2 - 60, y: view.y + view.height / 2 - 50 },
    { x: view.x + view.width / 2 - 70, y: view.y + view.height / 2 + 50 },
    { x: view.x + view.width / 2 - 170, y: view.y + view.height / 2 + 40 },
  ];
  // clicked in quick succession (within the viewer's own 300 ms double-click window): every point counts
  for (const at of clicks) await page.mouse.click(at.x, at.y);
  await expect(page.getByTestId('finding-sphere-bar')).toHaveAttribute('data-points', String(clicks.length));
  await expect(page.getByTestId('finding-sphere-finish')).toHaveText('Bitir: çerçeve');
  await page.keyboard.press('Enter');

  const form = page.getByTestId('finding-form');
  await expect(page.getByTestId('finding-form-blade')).toHaveValue('B');
  await expect(form.getByLabel('Yüzey')).toHaveValue('İç yüzey');
  await expect(form.getByLabel('Oda')).toHaveValue('1');
  await page.getByTestId('finding-form-type').click();
  await page.getByRole('option', { name: 'Çatlak' }).click();
  await page.getByTestId('finding-form-severity').click();
  await page.getByRole('option', { name: /^4 · Yüksek/ }).click();
  await page.getByTestId('finding-form-save').click();
  await expect(markers(page)).toHaveCount(2);

  const marks = await marksOf(operator);
  const mine = marks.find((m) => m.finding_id !== seededId);
  expect(mine?.geometry.space).toBe('panorama');
  expect(mine?.geometry.shape).toBe('polygon');
  expect(mine?.severity).toBe(4);
  const stored = mine?.geometry.points ?? [];
  expect(stored).toHaveLength(4);
  for (const [i, at] of clicks.entries()) {
    const [yaw, pitch] = expectedYawPitch(view, at.x, at.y);
    expect(stored[i]?.[0]).toBeCloseTo(yaw, 1);
    expect(stored[i]?.[1]).toBeCloseTo(pitch, 1);
  }
  const drawn = page.locator(`[data-testid="finding-marker"][data-finding-id="${mine?.finding_id}"]`);
  await expect(drawn).toBeVisible();
  const drawnBox = await boxOf(drawn);

  // reloaded, the view opens where it did: the marker is where the points were clicked
  await page.reload();
  await expect(page.getByTestId('panorama-stage')).toHaveAttribute('data-load-stage', 'original', { timeout: 15_000 });
  await expect(drawn).toBeVisible();
  await expect(drawn).toHaveAttribute('data-severity', '4');
  const again = await boxOf(drawn);
  const left = Math.min(...clicks.map((c) => c.x));
  const top = Math.min(...clicks.map((c) => c.y));
  expect(Math.abs(again.x - left)).toBeLessThan(6);
  expect(Math.abs(again.y - top)).toBeLessThan(6);
  expect(Math.abs(again.width - drawnBox.width)).toBeLessThan(2);
  expect(await marksOf(operator)).toHaveLength(2);
  // the markers plugin refused nothing (its errors are only logged, the page stays usable)
  expect(errors).toEqual([]);
});

test('keyboard: Escape cancels, two points make no shape, Enter finishes one point, a focused marker opens with Enter', async ({
  page,
}) => {
  await open360(page, operator, { language: 'en' });
  const bar = page.getByTestId('finding-sphere-bar');
  const view = await boxOf(sphere(page));
  const center = { x: view.x + view.width / 2, y: view.y + view.height / 2 };
  const countBefore = (await marksOf(operator)).length;

  await page.getByTestId('finding-mark-toggle').click();
  await page.mouse.click(center.x - 200, center.y + 100);
  await expect(bar).toHaveAttribute('data-points', '1');
  await expect(page.locator('.ws-draft-marker')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
  await expect(page.locator('.ws-draft-marker')).toHaveCount(0);
  await expect(page.getByTestId('finding-mark-toggle')).toHaveText('Mark finding');

  await page.getByTestId('finding-mark-toggle').click();
  await page.mouse.click(center.x - 200, center.y + 100);
  await expect(bar).toHaveAttribute('data-points', '1');
  await page.mouse.click(center.x - 100, center.y + 120);
  await expect(bar).toHaveAttribute('data-points', '2');
  await expect(bar).toContainText('Two points make no shape');
  await expect(page.getByTestId('finding-sphere-finish')).toBeDisabled();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'New finding' })).toBeHidden();
  await expect(bar).toHaveAttribute('data-points', '2');
  await page.keyboard.press('Backspace');
  await expect(bar).toHaveAttribute('data-points', '1');
  await expect(page.getByTestId('finding-sphere-finish')).toHaveText('Finish: point');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'New finding' })).toBeVisible();
  // Escape closes the form without saving; marking has ended
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'New finding' })).toBeHidden();
  await expect(bar).toBeHidden();
  expect(await marksOf(operator)).toHaveLength(countBefore);

  // a double-click finishes too (one point: its second click is not a second point)
  await page.getByTestId('finding-mark-toggle').click();
  await page.mouse.dblclick(center.x + 150, center.y + 150);
  await expect(page.getByRole('dialog', { name: 'New finding' })).toBeVisible();
  await page.getByTestId('finding-form-save').click();
  await expect(markers(page)).toHaveCount(countBefore + 1);
  const point = (await marksOf(operator)).find((m) => m.geometry.shape === 'point');
  expect(point?.geometry.points).toHaveLength(1);
  const [yaw, pitch] = expectedYawPitch(view, center.x + 150, center.y + 150);
  expect(point?.geometry.points[0]?.[0]).toBeCloseTo(yaw, 1);
  expect(point?.geometry.points[0]?.[1]).toBeCloseTo(pitch, 1);

  // markers are buttons for the keyboard: focused, Enter opens the finding
  const seeded = page.locator(`[data-testid="finding-marker"][data-finding-id="${seededId}"]`);
  await seeded.focus();
  await expect(page.locator('.psv-tooltip')).toContainText('Delamination, severity 3 (Medium)');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('finding-detail')).toHaveAttribute('data-status', 'confirmed');
});

test('a customer sees the confirmed finding but no drafts and no mark tool; the annotation mode still works', async ({ page }) => {
  await open360(page, customer, { language: 'en' });
  await expect(markers(page)).toHaveCount(1);
  await expect(markers(page).first()).toHaveAttribute('data-finding-id', String(seededId));
  await expect(page.getByTestId('finding-mark-toggle')).toHaveCount(0);
  await page.getByTestId('annotation-toggle').click();
  const canvas = page.getByTestId('annotation-canvas');
  const box = await boxOf(canvas);
  await page.mouse.move(box.x + 100, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + 220, box.y + 180, { steps: 4 });
  await page.mouse.up();
  await expect(canvas).toHaveAttribute('data-count', '1');
});

for (const [language, theme] of [
  ['tr', 'light'],
  ['en', 'dark'],
] as const) {
  test(`axe: the viewer with markers and the marking bar has no serious or critical violations (${language}, ${theme})`, async ({
    page,
  }) => {
    await open360(page, operator, { language, theme });
    await expect(markers(page).first()).toBeAttached();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('finding-mark-toggle').click();
    const view = await boxOf(sphere(page));
    await page.mouse.click(view.x + view.width / 2, view.y + view.height / 2 + 80);
    await expect(page.getByTestId('finding-sphere-bar')).toHaveAttribute('data-points', '1');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test.afterAll(async () => {
  for (const mark of await marksOf(admin)) await apiData(admin, 'DELETE', `/turbines/${turbineId}/findings/${mark.finding_id}`);
});
