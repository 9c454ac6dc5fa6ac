import { expect, type Page, test } from '@playwright/test';
import { exportText } from '../support/downloads.ts';
import {
  apiData,
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

// Findings on flat photos (DECISIONS §12): marking at zoom, the review two-person rule, who sees drafts, export.
let admin: Session;
let operator: Session;
let manager: Session;
let customer: Session;
let turbineId: number;
let photoId: number;
let code: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  admin = await superadmin();
  const company = await egeCompanyId(admin);
  code = `E2E-FND-${Date.now()}`;
  turbineId = await createTurbine(admin, company, { code, turbine_name: 'E2E Findings T-01' });
  operator = await createUser(admin, company, 'operator', 'Oya');
  manager = await createUser(admin, company, 'company_manager', 'Mert');
  customer = await createUser(admin, company, 'customer', 'Cem');
  const [photo] = await uploadPhotos(admin, turbineId, { year: 2025, blade: 'C', category: 'drone' }, [
    { name: 'drone-damage.jpg', bytes: await makePhoto('damage', 1920, 1080, 7) },
  ]);
  photoId = photo?.id ?? 0;
});

async function openDrone(page: Page, session: Session) {
  await signIn(page, session);
  await page.goto(`/turbine/${turbineId}/drone-photos`);
  await expect(page.getByTestId('photo-viewer')).toBeVisible();
  await expect(page.getByTestId('finding-overlay')).toBeVisible();
}

test('an operator marks a rectangle on a drone photo zoomed in; after a reload it is still on the same spot', async ({ page }) => {
  await openDrone(page, operator);
  await page.getByTestId('photo-zoom-zoom-in').click();
  await page.getByTestId('photo-zoom-zoom-in').click();
  await expect(page.getByTestId('photo-zoom')).toHaveAttribute('data-zoom', '2.25');
  await page.getByTestId('finding-mark-toggle').click();

  const overlay = page.getByTestId('finding-overlay');
  const box = (await overlay.boundingBox()) ?? { x: 0, y: 0, width: 1, height: 1 };
  const view = (await page.getByTestId('photo-zoom').boundingBox()) ?? { x: 0, y: 0, width: 1, height: 1 };
  const from = { x: view.x + view.width / 2 - 40, y: view.y + view.height / 2 - 30 };
  const to = { x: from.x + 120, y: from.y + 80 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();

  await expect(page.getByTestId('finding-form-blade')).toHaveValue('C');
  await page.getByTestId('finding-form-severity').click();
  await page.getByRole('option', { name: /^4 · Yüksek/ }).click();
  await expect(page.getByText('Yapısal bütünlük etkileniyor — 30 gün içinde onarım')).toBeVisible();
  await page.getByTestId('finding-form-save').click();
  await expect(page.getByTestId('finding-shape')).toHaveCount(1);

  const expected = [(from.x - box.x) / box.width, (from.y - box.y) / box.height, (to.x - box.x) / box.width, (to.y - box.y) / box.height];
  const marks = await apiData<{ geometry: { points: number[][] } }[]>(operator, 'GET', `/turbines/${turbineId}/photos/${photoId}/findings`);
  expect(marks).toHaveLength(1);
  const stored = marks[0]?.geometry.points.flat() ?? [];
  expect(stored).toHaveLength(4);
  for (const [i, v] of stored.entries()) expect(v).toBeCloseTo(expected[i] ?? -1, 2);

  await page.reload();
  const shape = page.getByTestId('finding-shape');
  await expect(shape).toHaveAttribute('data-severity', '4');
  const shapeBox = (await shape.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  const fitted = (await page.getByTestId('finding-overlay').boundingBox()) ?? { x: 0, y: 0, width: 1, height: 1 };
  expect((shapeBox.x - fitted.x) / fitted.width).toBeCloseTo(expected[0] ?? -1, 1);
  expect((shapeBox.y - fitted.y) / fitted.height).toBeCloseTo(expected[1] ?? -1, 1);
  // zoomed in again, the shape stays on the same fraction of the picture
  await page.getByTestId('photo-zoom-zoom-in').click();
  const zoomedOverlay = (await page.getByTestId('finding-overlay').boundingBox()) ?? { x: 0, y: 0, width: 1, height: 1 };
  const zoomedShape = (await shape.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  expect((zoomedShape.x - zoomedOverlay.x) / zoomedOverlay.width).toBeCloseTo(expected[0] ?? -1, 1);

  // the author cannot confirm their own finding
  await shape.click();
  await expect(page.getByTestId('finding-detail')).toHaveAttribute('data-status', 'draft');
  await expect(page.getByTestId('finding-to-confirmed')).toHaveCount(0);
});

test('a manager confirms the draft; the customer then sees it, but never a draft; export downloads', async ({ page, browser }) => {
  const [mark] = await apiData<{ finding_id: number }[]>(admin, 'GET', `/turbines/${turbineId}/photos/${photoId}/findings`);
  // a second draft, marked by the operator through the API, stays hidden from the customer
  await apiData(operator, 'POST', `/turbines/${turbineId}/findings`, {
    blade: 'A',
    surface: 'LE',
    type: 'crack',
    severity: 2,
    observation: { photo_id: photoId, geometry: { space: 'flat', shape: 'point', points: [[0.1, 0.1]] } },
  });

  await signIn(page, manager);
  await page.goto(`/dashboard/turbine/${turbineId}`);
  const section = page.getByTestId('findings-section');
  await expect(section.getByTestId('finding-row')).toHaveCount(2);
  await section.locator(`[data-finding-id="${mark?.finding_id}"]`).getByTestId('finding-open').click();
  await page.getByTestId('finding-to-confirmed').click();
  await expect(page.getByTestId('finding-detail')).toHaveAttribute('data-status', 'confirmed');
  await expect(page.getByTestId('finding-history')).toContainText('Durum değişti');
  // by the keyboard: the success toast may sit over the drawer's close button (and a pointer resting on it keeps it)
  await page.getByRole('button', { name: 'Kapat' }).first().press('Enter');
  await expect(page.getByTestId('finding-count-4')).toHaveText('Yüksek: 1');

  // both exports carry the confirmed finding (and the draft, for staff) in the user's language
  for (const format of ['csv', 'xlsx'] as const) {
    const download = page.waitForEvent('download');
    await page.getByTestId('findings-export').click();
    await page.getByTestId(`findings-export-all-${format}`).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`\\.${format}$`));
    const text = await exportText(file);
    expect(text).toContain(code);
    expect(text).toContain('Yüksek');
    expect(text).toContain('Onaylandı');
    expect(text).toContain('Taslak');
  }

  const context = await browser.newContext();
  const customerPage = await context.newPage();
  await signIn(customerPage, customer, { language: 'en' });
  await customerPage.goto(`/dashboard/turbine/${turbineId}`);
  const rows = customerPage.getByTestId('findings-section').getByTestId('finding-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-status', 'confirmed');
  await expect(rows.first().getByTestId('severity-chip')).toHaveText('4 · High');
  // the customer's export, in English, has the confirmed finding and no draft
  const download = customerPage.waitForEvent('download');
  await customerPage.getByTestId('findings-export').click();
  await customerPage.getByTestId('findings-export-all-csv').click();
  const csv = await exportText(await download);
  expect(csv).toContain(`${mark?.finding_id},${code},C,`);
  expect(csv).toContain('High');
  expect(csv).toContain('Confirmed');
  expect(csv).not.toContain('Draft');
  await context.close();
});
