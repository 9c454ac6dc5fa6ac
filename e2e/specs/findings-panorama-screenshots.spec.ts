import { expect, test } from '@playwright/test';
import { panoramaSvg, renderJpeg } from '../../apps/server/src/db/demo-media/images.ts';
import { apiData, createTurbine, egeCompanyId, superadmin, uploadPhotos } from '../support/viewer-data.ts';
import { inEachLook } from '../support/looks.ts';

// Pictures of the 360° viewer's findings for a person to look at: markers of every severity with a hover text, the
// mark-finding bar with clicked points, the form; 1440 px TR light and 769 px EN dark (SHOTS_DIR set).
const shots = process.env.SHOTS_DIR ?? '/tmp';

test('findings on the 360° viewer: markers, hover, marking bar, form', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await superadmin();
  const turbineId = await createTurbine(admin, await egeCompanyId(admin), {
    code: `E2E-FPS-${Date.now()}`,
    turbine_name: 'E2E Panorama Findings Shots',
  });
  const [photo] = await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', room: 1 }, [
    { name: 'A1-demo-pano.jpg', bytes: await renderJpeg(panoramaSvg('E2E · A · 1', 32)) },
  ]);
  // stored yaw runs from the image's left edge: π is where the view opens
  const outline = (yaw: number, pitch: number) => [
    [yaw - 0.1, pitch + 0.06],
    [yaw + 0.1, pitch + 0.07],
    [yaw + 0.09, pitch - 0.06],
    [yaw - 0.11, pitch - 0.05],
  ];
  const findings = [
    { severity: 1, type: 'contamination', geometry: { space: 'panorama', shape: 'point', points: [[Math.PI - 0.55, 0.3]] } },
    { severity: 2, type: 'erosion', geometry: { space: 'panorama', shape: 'polygon', points: outline(Math.PI - 0.3, -0.15) } },
    { severity: 3, type: 'delamination', geometry: { space: 'panorama', shape: 'polygon', points: outline(Math.PI + 0.35, 0.1) } },
    { severity: 4, type: 'crack', geometry: { space: 'panorama', shape: 'point', points: [[Math.PI + 0.15, -0.35]] } },
    { severity: 5, type: 'bond_line', geometry: { space: 'panorama', shape: 'polygon', points: outline(Math.PI + 0.6, -0.3) } },
  ];
  for (const f of findings) {
    await apiData(admin, 'POST', `/turbines/${turbineId}/findings`, {
      blade: 'A',
      surface: 'interior',
      room: 1,
      type: f.type,
      severity: f.severity,
      observation: { photo_id: photo?.id, geometry: f.geometry },
    });
  }
  await inEachLook(browser, admin, async (page, { width, language, theme }) => {
    await page.goto(`/dashboard/turbine/${turbineId}/360-view`);
    await expect(page.getByTestId('panorama-stage')).toHaveAttribute('data-load-stage', 'original', { timeout: 20_000 });
    await expect(page.getByTestId('finding-marker')).toHaveCount(5);
    const crack = page.locator('[data-testid="finding-marker"][data-severity="4"]');
    await crack.hover();
    await expect(page.locator('.psv-tooltip--visible')).toContainText(language === 'tr' ? 'Çatlak' : 'Crack');
    await page.waitForTimeout(200); // its fade-in
    await page.screenshot({ path: `${shots}/findings-panorama-markers-${width}-${language}-${theme}.png` });

    await page.getByTestId('finding-mark-toggle').click();
    const view = await page.getByTestId('panorama-sphere').boundingBox();
    if (!view) throw new Error('no viewer');
    const cx = view.x + view.width / 2;
    const cy = view.y + view.height / 2;
    for (const [dx, dy] of [
      [-60, 90],
      [20, 80],
      [10, 150],
    ] as const)
      await page.mouse.click(cx + dx, cy + dy);
    await expect(page.getByTestId('finding-sphere-bar')).toHaveAttribute('data-points', '3');
    await page.screenshot({ path: `${shots}/findings-panorama-marking-${width}-${language}-${theme}.png` });
    await page.getByTestId('finding-sphere-finish').click();
    await expect(page.getByTestId('finding-form-save')).toBeVisible();
    await page.screenshot({ path: `${shots}/findings-panorama-form-${width}-${language}-${theme}.png` });
  });
});
