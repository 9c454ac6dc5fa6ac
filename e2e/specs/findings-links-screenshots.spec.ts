import { expect, test } from '@playwright/test';
import { apiData, createTurbine, egeCompanyId, makePhoto, superadmin, uploadPhotos } from '../support/viewer-data.ts';
import { inEachLook } from '../support/looks.ts';

// Pictures of linking and the timeline (issue 16) for a person to look at: 1440 px TR light and 769 px EN dark.
const shots = process.env.SHOTS_DIR ?? '/tmp';
const box = (x: number, y: number, w: number, h: number) => ({
  space: 'flat',
  shape: 'rectangle',
  points: [
    [x, y],
    [x + w, y + h],
  ],
});

test('suggestions in the drawer and the mark form, the review screen, the timeline', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await superadmin();
  const turbineId = await createTurbine(admin, await egeCompanyId(admin), { code: `E2E-LS-${Date.now()}`, turbine_name: 'E2E Link Shots' });
  const photos = [];
  for (const [year, category, seed] of [
    [2024, 'operator', 1],
    [2025, 'operator', 2],
    [2026, 'drone', 3],
  ] as const) {
    const [p] = await uploadPhotos(admin, turbineId, { year, blade: 'A', category }, [
      { name: `shot-${year}.jpg`, bytes: await makePhoto(`${year}`, 1600, 1000, seed) },
    ]);
    photos.push(p?.id ?? 0);
  }
  // a crack seen in 2024 and 2025 (growing), and this year's unlinked sighting of it beside an erosion of 2025
  const crack = await apiData<{ id: number }>(admin, 'POST', `/turbines/${turbineId}/findings`, {
    blade: 'A',
    surface: 'LE',
    type: 'crack',
    severity: 2,
    distance_from_root_m: 21,
    observation: { photo_id: photos[0], geometry: box(0.3, 0.3, 0.1, 0.06), length_mm: 45 },
  });
  await apiData(admin, 'POST', `/turbines/${turbineId}/findings/${crack.id}/observations`, {
    photo_id: photos[1],
    geometry: box(0.3, 0.3, 0.16, 0.08),
    severity: 3,
    length_mm: 80,
  });
  await apiData(admin, 'POST', `/turbines/${turbineId}/findings`, {
    blade: 'A',
    surface: 'LE',
    type: 'erosion',
    severity: 2,
    distance_from_root_m: 21.8,
    observation: { photo_id: photos[1], geometry: box(0.6, 0.2, 0.12, 0.1) },
  });
  const later = await apiData<{ id: number }>(admin, 'POST', `/turbines/${turbineId}/findings`, {
    blade: 'A',
    surface: 'LE',
    type: 'crack',
    severity: 4,
    distance_from_root_m: 21.3,
    observation: { photo_id: photos[2], geometry: box(0.28, 0.3, 0.22, 0.1), length_mm: 130 },
  });
  await inEachLook(browser, admin, async (page, { width, language, theme }) => {
    await page.goto(`/dashboard/turbine/${turbineId}`);
    const section = page.getByTestId('findings-section');
    await section.locator(`[data-finding-id="${later.id}"]`).getByTestId('finding-open').click();
    await expect(page.getByTestId('finding-link-suggestions').getByTestId('link-suggestion')).toHaveCount(2);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/links-drawer-${width}-${language}-${theme}.png` });
    await page.keyboard.press('Escape');

    await page.goto(`/dashboard/turbine/${turbineId}/findings-review?year=2026`);
    await expect(page.getByTestId('review-progress')).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/links-review-${width}-${language}-${theme}.png`, fullPage: true });

    await page.goto(`/dashboard/turbine/${turbineId}`);
    await section.locator(`[data-finding-id="${crack.id}"]`).getByTestId('finding-open').click();
    await page.getByTestId('finding-tab-timeline').click();
    await expect(page.locator('.recharts-line')).toHaveCount(2);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${shots}/links-timeline-${width}-${language}-${theme}.png` });
    await page.keyboard.press('Escape');

    await page.goto(`/turbine/${turbineId}/drone-photos`);
    await expect(page.getByTestId('finding-overlay')).toBeVisible();
    await page.getByTestId('finding-mark-toggle').click();
    const view = (await page.getByTestId('photo-zoom').boundingBox()) ?? { x: 0, y: 0, width: 1, height: 1 };
    const from = { x: view.x + view.width / 2 + 60, y: view.y + view.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 80, from.y + 50, { steps: 4 });
    await page.mouse.up();
    await page.getByTestId('finding-form-type').click();
    await page.getByRole('option', { name: language === 'tr' ? 'Çatlak' : 'Crack' }).click();
    await page.getByLabel(language === 'tr' ? 'Kökten uzaklık (m)' : 'Distance from root (m)').fill('21.2');
    await expect(page.getByTestId('mark-link-suggestions').getByTestId('link-suggestion')).toHaveCount(2);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/links-mark-form-${width}-${language}-${theme}.png` });
  });
});
