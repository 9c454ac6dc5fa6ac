import { expect, test } from '@playwright/test';
import { apiData, createTurbine, egeCompanyId, makePhoto, superadmin, uploadPhotos } from '../support/viewer-data.ts';
import { inEachLook } from '../support/looks.ts';

// Pictures of the findings UI for a person to look at: 1440 px TR light and 769 px EN dark (SHOTS_DIR set).
const shots = process.env.SHOTS_DIR ?? '/tmp';

test('findings section, drawer and the drone viewer overlay', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await superadmin();
  const turbineId = await createTurbine(admin, await egeCompanyId(admin), {
    code: `E2E-FS-${Date.now()}`,
    turbine_name: 'E2E Findings Shots',
  });
  const [photo] = await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', category: 'drone' }, [
    { name: 'drone-shot.jpg', bytes: await makePhoto('shot', 1920, 1080, 3) },
  ]);
  for (const [severity, points] of [
    [
      5,
      [
        [0.3, 0.3],
        [0.45, 0.5],
      ],
    ],
    [
      2,
      [
        [0.6, 0.2],
        [0.7, 0.35],
      ],
    ],
  ] as const)
    await apiData(admin, 'POST', `/turbines/${turbineId}/findings`, {
      blade: 'A',
      surface: 'LE',
      type: 'erosion',
      severity,
      distance_from_root_m: 12.5,
      observation: { photo_id: photo?.id, geometry: { space: 'flat', shape: 'rectangle', points } },
    });
  await inEachLook(browser, admin, async (page, { width, language, theme }) => {
    await page.goto(`/dashboard/turbine/${turbineId}`);
    const section = page.getByTestId('findings-section');
    await expect(section.getByTestId('finding-row')).toHaveCount(2);
    await section.screenshot({ path: `${shots}/findings-section-${width}-${language}-${theme}.png` });
    await section.getByTestId('finding-open').first().click();
    await expect(page.getByTestId('finding-detail')).toBeVisible();
    await page.screenshot({ path: `${shots}/findings-drawer-${width}-${language}-${theme}.png` });
    await page.goto(`/turbine/${turbineId}/drone-photos`);
    await expect(page.getByTestId('finding-shape')).toHaveCount(2);
    await page.getByTestId('photo-zoom-zoom-in').click();
    await page.getByTestId('finding-mark-toggle').click();
    await page.screenshot({ path: `${shots}/findings-viewer-${width}-${language}-${theme}.png` });
  });
});
