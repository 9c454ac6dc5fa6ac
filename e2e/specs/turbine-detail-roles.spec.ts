import { expectHeaderControlsReachable } from '../support/header-layout.ts';
import { expect, test } from '@playwright/test';
import {
  apiLogin,
  apiUploadPhotos,
  createTurbine,
  deleteTurbine,
  pdfFile,
  photoFile,
  type Session,
  signInPage,
} from '../support/turbine-fixtures.ts';

// Role rules of the turbine detail page (DECISIONS §1, from the contract's can()) and its page states.
const YEAR = new Date().getFullYear();
let admin: Session;
let operator: Session;
let turbineId = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  admin = await apiLogin(request, 'superadmin@windscope.example');
  operator = await apiLogin(request, 'operator@ege.example');
  turbineId = (await createTurbine(request, admin, operator.user.company_id, 'ROLE')).id;
  await apiUploadPhotos(request, admin, turbineId, { room: 1, year: YEAR, blade: 'A' }, [await photoFile('by_admin_1.jpg')]);
  await apiUploadPhotos(request, operator, turbineId, { year: YEAR, blade: 'B', category: 'operator' }, [
    await photoFile('by_operator_1.jpg', { hue: 90 }),
  ]);
  const form = new FormData();
  form.append('year', String(YEAR));
  const pdf = pdfFile('role_report.pdf');
  form.append('reports', new File([new Uint8Array(pdf.buffer)], pdf.name, { type: pdf.mimeType }));
  const answer = await request.post(`/api/turbines/${turbineId}/reports`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    multipart: form,
  });
  expect(answer.status()).toBe(201);
});

test.afterAll(async ({ request }) => {
  await deleteTurbine(request, admin, turbineId);
});

for (const email of ['customer@ege.example', 'viewer@ege.example']) {
  test(`${email.split('@')[0]} sees the gallery only: no upload, no delete`, async ({ page, request }) => {
    await signInPage(page, await apiLogin(request, email));
    await page.goto(`/dashboard/turbine/${turbineId}`);
    await expect(page.getByTestId('photo-count')).toHaveText('2 fotoğraf');
    await expect(page.getByTestId('gallery-only')).toBeVisible();
    await expect(page.getByTestId('view-drone')).toHaveAttribute('href', `/turbine/${turbineId}/drone-photos`);
    await expect(page.getByTestId('view-operator')).toHaveAttribute('href', `/turbine/${turbineId}/operator-photos`);
    await expect(page.getByTestId('blade-section')).toHaveCount(0);
    await expect(page.getByTestId('category-section')).toHaveCount(0);
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
    await expect(page.getByTestId('photo-delete')).toHaveCount(0);
    await expect(page.getByTestId('report-upload')).toHaveCount(0);
    await expect(page.getByTestId('report-generate')).toHaveCount(0);
    await expect(page.getByTestId('report-row')).toHaveCount(1);
    await expect(page.getByTestId('report-download')).toHaveCount(1);
    await expect(page.getByTestId('report-delete')).toHaveCount(0);
    await page
      .getByTestId('photo-tile')
      .first()
      .getByRole('button', { name: /fotoğrafını aç/ })
      .click();
    await expect(page.getByTestId('viewer-counter')).toHaveText('1 / 2');
    await expect(page.getByTestId('viewer-delete')).toHaveCount(0);
  });
}

test('operator uploads, and deletes only its own photos', async ({ page }) => {
  await signInPage(page, operator);
  await page.goto(`/dashboard/turbine/${turbineId}`);
  await expect(page.getByTestId('blade-section')).toBeVisible();
  await expect(page.getByTestId('category-section')).toBeVisible();
  for (const id of ['upload-blade-A', 'upload-blade-B', 'upload-blade-C', 'upload-drone', 'upload-operator', 'upload-robot']) {
    await expect(page.getByTestId(id)).toBeVisible();
  }
  await expect(page.getByTestId('view-drone')).toBeVisible();
  await expect(page.getByTestId('view-operator')).toBeVisible();
  await expect(page.getByTestId('view-robot')).toHaveCount(0);
  await expect(page.locator('[data-photo-name="by_operator_1.jpg"]').getByTestId('photo-delete')).toHaveCount(1);
  await expect(page.locator('[data-photo-name="by_admin_1.jpg"]').getByTestId('photo-delete')).toHaveCount(0);
  await expect(page.getByTestId('report-upload')).toBeVisible();
  await expect(page.getByTestId('report-delete')).toHaveCount(0); // the report is the superadmin's
});

test('header: partner management for superadmin only, user settings for managers too; a menu on small screens', async ({
  browser,
  request,
}) => {
  const wide = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  const page = await wide.newPage();
  await signInPage(page, admin);
  await page.goto(`/dashboard/turbine/${turbineId}`);
  await expect(page.getByTestId('header-partners')).toBeVisible();
  await expect(page.getByTestId('header-users')).toBeVisible();
  await expect(page.getByTestId('header-turbine-list')).toHaveAttribute('href', '/dashboard');
  const comments = page.getByTestId('comments-toggle');
  await expect(comments).toHaveAttribute('aria-pressed', 'false');
  await comments.click();
  await expect(comments).toHaveAttribute('aria-pressed', 'true');
  await comments.click();
  await expect(comments).toHaveAttribute('aria-pressed', 'false');
  await wide.close();

  const managerContext = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  const managerPage = await managerContext.newPage();
  await signInPage(managerPage, await apiLogin(request, 'admin@ege.example'));
  await managerPage.goto(`/dashboard/turbine/${turbineId}`);
  await expect(managerPage.getByTestId('header-users')).toBeVisible();
  await expect(managerPage.getByTestId('header-partners')).toHaveCount(0);
  await managerContext.close();

  const narrow = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  const small = await narrow.newPage();
  await signInPage(small, await apiLogin(request, 'operator@ege.example'));
  await small.goto(`/dashboard/turbine/${turbineId}`);
  await expect(small.getByTestId('turbine-card')).toBeVisible();
  // what does not fit folds into the header menu; every control stays reachable, partners and users stay hidden
  await expectHeaderControlsReachable(small, ['comments-toggle', 'header-turbine-list']);
  await expect(small.getByTestId('header-partners')).toHaveCount(0);
  await expect(small.getByTestId('header-users')).toHaveCount(0);
  const list = small.locator('header').getByTestId('header-turbine-list');
  if (await list.isVisible()) await list.click();
  else {
    await small.getByTestId('header-menu').click();
    await expect(small.getByRole('menu').getByTestId('header-partners')).toHaveCount(0);
    await expect(small.getByRole('menu').getByTestId('header-users')).toHaveCount(0);
    await small.getByRole('menuitem', { name: 'Türbin Listesi' }).click();
  }
  await expect(small).toHaveURL(/\/dashboard$/);
  await narrow.close();
});

test('page states: invalid id, another company, unknown turbine', async ({ page, request }) => {
  await signInPage(page, await apiLogin(request, 'admin@marmara.example'));
  await page.goto('/dashboard/turbine/abc');
  await expect(page.getByRole('heading', { name: 'Geçersiz türbin ID' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Türbin listesine dön' })).toHaveAttribute('href', '/dashboard');

  await page.goto(`/dashboard/turbine/${turbineId}`); // Ege's turbine: not found for Marmara
  await expect(page.getByRole('heading', { name: 'Türbin bulunamadı' })).toBeVisible();
  await page.goto('/dashboard/turbine/2147480000');
  await expect(page.getByRole('heading', { name: 'Türbin bulunamadı' })).toBeVisible();
});

test('a failing turbine load shows "Hata Oluştu" and "Tekrar Dene" reloads it', async ({ page }) => {
  await signInPage(page, admin);
  let fail = true;
  await page.route(`**/api/turbines/${turbineId}`, (route) =>
    fail
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"code":"INTERNAL","message":"boom"}' })
      : route.continue(),
  );
  await page.goto(`/dashboard/turbine/${turbineId}`);
  await expect(page.getByRole('heading', { name: 'Hata Oluştu' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Türbin bilgileri yüklenirken hata oluştu')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Tekrar Dene' }).click();
  await expect(page.getByTestId('turbine-card')).toBeVisible();
});
