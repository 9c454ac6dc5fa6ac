import { expect, test } from '@playwright/test';
import { apiLogin, createTurbine, deleteTurbine, type Session, signInPage } from '../support/turbine-fixtures.ts';

// The all-photos grid with 10,000 photos (issue 5): only the rows near the viewport exist, scrolling stays smooth.
const COUNT = 10_000;
const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAUEBAAAACwAAAAAAQABAAACAkQBADs=';
let admin: Session;
let turbineId = 0;

test.beforeAll(async ({ request }) => {
  admin = await apiLogin(request, 'superadmin@windscope.example');
  const operator = await apiLogin(request, 'operator@ege.example');
  turbineId = (await createTurbine(request, admin, operator.user.company_id, 'VIRT')).id;
});

test.afterAll(async ({ request }) => {
  await deleteTurbine(request, admin, turbineId);
});

function fakePhotos(n: number) {
  const year = new Date().getFullYear();
  const categories = [null, 'drone', 'operator', 'robot'] as const;
  return Array.from({ length: n }, (_, i) => {
    const name = `photo_${String(i).padStart(5, '0')}.jpg`;
    const key = `turbines/${turbineId}/blade/${year}/A/1/${1700000000000 + i}-1-${name}`;
    const date = new Date(Date.UTC(year, 0, 1, 0, 0, i)).toISOString();
    return {
      id: i + 1,
      key,
      url: PIXEL,
      urls: { thumbnail: PIXEL, preview: PIXEL, original: PIXEL, zoom: null },
      originalName: name,
      file_path: key,
      room: (i % 25) + 1,
      blade: (['A', 'B', 'C'] as const)[i % 3],
      category: categories[i % 4],
      year: year - (i % 3),
      month: 1,
      size: 2_000_000 + i,
      width: 6000,
      height: 4000,
      mime_type: 'image/jpeg',
      sha256: 'a'.repeat(64),
      taken_at: null,
      gps: null,
      upload_date: date,
      createdAt: date,
      lastModified: date,
      uploaded_by: 1,
      uploader_name: 'Selin Aydın',
      uploader_email: 'superadmin@windscope.example',
      uploadedBy: { name: 'Selin Aydın' },
    };
  });
}

test('10,000 photos: a few rows in the DOM, smooth scrolling to the last one, filters still instant', async ({ page }) => {
  const body = JSON.stringify({ success: true, data: fakePhotos(COUNT), message: 'ok' });
  await page.route(`**/api/turbines/${turbineId}/photos?view=all`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body }),
  );
  await signInPage(page, admin);
  // the 10,000-photo answer (6 MB) is parsed and checked by the contract's schema before the count shows it: on a slow
  // shared machine that took over 15 s (CI, session 15), so the wait is on the answer, then on the count; the speed of
  // this page is bench:upload's and bench:web's to show, not this test's
  const answered = page.waitForResponse((response) => response.url().includes(`/api/turbines/${turbineId}/photos?view=all`));
  await page.goto(`/dashboard/turbine/${turbineId}`);
  await answered;
  await expect(page.getByTestId('photo-count')).toHaveText('10000 fotoğraf', { timeout: 45_000 });
  const grid = page.getByTestId('photo-grid');
  await grid.scrollIntoViewIfNeeded();
  const mounted = await page.getByTestId('photo-tile').count();
  expect(mounted).toBeGreaterThan(4);
  expect(mounted).toBeLessThan(120);

  // scroll through the whole grid, timing frames
  const frames = await grid.evaluate(async (element) => {
    const times: number[] = [];
    let last = performance.now();
    const steps = 60;
    for (let i = 1; i <= steps; i++) {
      element.scrollTop = (element.scrollHeight * i) / steps;
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)] ?? 0, worst: times[times.length - 1] ?? 0 };
  });
  test
    .info()
    .annotations.push({ type: 'frames', description: `median ${frames.median.toFixed(1)} ms, worst ${frames.worst.toFixed(1)} ms` });
  // a loose bound: CI machines are shared; each step jumps ~28 rows, so every frame mounts a fresh screenful of tiles
  expect(frames.median).toBeLessThan(200);
  await expect(page.locator('[data-photo-name="photo_09999.jpg"]')).toBeVisible();
  expect(await page.getByTestId('photo-tile').count()).toBeLessThan(120);

  // filters over 10,000 photos
  await page.getByPlaceholder('Fotoğraf ara...').fill('photo_0424');
  await expect(page.getByTestId('photo-count')).toHaveText('10 fotoğraf');
  await page.getByPlaceholder('Fotoğraf ara...').fill('');
  await page.getByTestId('filter-type').click();
  await page.getByRole('option', { name: 'Drone', exact: true }).click();
  await expect(page.getByTestId('photo-count')).toHaveText('2500 fotoğraf');

  // the viewer walks the filtered list
  await page
    .getByTestId('photo-tile')
    .first()
    .getByRole('button', { name: /fotoğrafını aç/ })
    .click();
  await expect(page.getByTestId('viewer-counter')).toHaveText('1 / 2500');
  await page.getByTestId('viewer-prev').click();
  await expect(page.getByTestId('viewer-counter')).toHaveText('2500 / 2500');
});
