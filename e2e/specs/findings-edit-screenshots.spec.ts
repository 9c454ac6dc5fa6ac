import { expect, test } from '@playwright/test';
import { apiData, createTurbine, egeCompanyId, makePhoto, signIn, superadmin, uploadPhotos } from '../support/viewer-data.ts';

// Pictures of issue 24 items 1 and 2 for a person to look at: the drawer's edit form, the stale notice with the user's
// entries kept, the export menus of the turbine's findings and of the dashboard; 1440 and 769 px, TR light and EN dark.
const shots = process.env.SHOTS_DIR ?? '/tmp';

test('the finding edit form, the stale notice and the export choices', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await superadmin();
  const code = `E2E-ES-${Date.now()}`;
  const turbineId = await createTurbine(admin, await egeCompanyId(admin), { code, turbine_name: 'E2E Edit Shots' });
  const [photo] = await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', category: 'drone' }, [
    { name: 'edit-shot.jpg', bytes: await makePhoto('edit', 1600, 1000, 5) },
  ]);
  const finding = await apiData<{ id: number }>(admin, 'POST', `/turbines/${turbineId}/findings`, {
    blade: 'A',
    surface: 'LE',
    type: 'crack',
    severity: 3,
    distance_from_root_m: 21.5,
    length_mm: 60,
    notes: 'Crack along the leading edge, coating lifted at both ends.',
    observation: {
      photo_id: photo?.id,
      geometry: {
        space: 'flat',
        shape: 'rectangle',
        points: [
          [0.3, 0.3],
          [0.45, 0.4],
        ],
      },
    },
  });
  for (const [width, language, theme] of [
    [1440, 'tr', 'light'],
    [769, 'tr', 'light'],
    [1440, 'en', 'dark'],
    [769, 'en', 'dark'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, admin, { language, theme });
    const name = (what: string) => `${shots}/finding-${what}-${width}-${language}-${theme}.png`;
    await page.goto(`/dashboard/turbine/${turbineId}`);
    await page.getByTestId('findings-section').locator(`[data-finding-id="${finding.id}"]`).getByTestId('finding-open').click();
    await page.getByTestId('finding-edit').click();
    await page.getByTestId('finding-edit-length').fill('95');
    await page
      .getByTestId('finding-edit-notes')
      .fill(language === 'tr' ? 'Çatlak büyümüş, uç kısımda açılma var.' : 'The crack grew; the tip opened.');
    await page.getByTestId('finding-edit-form').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('edit') });

    const current = await apiData<{ version: number }>(admin, 'GET', `/turbines/${turbineId}/findings/${finding.id}`);
    await apiData(admin, 'PUT', `/turbines/${turbineId}/findings/${finding.id}`, {
      version: current.version,
      severity: 4,
      notes: `Saved meanwhile (${width}, ${language})`,
    });
    await page.getByTestId('finding-edit-save').click();
    await expect(page.getByTestId('finding-edit-stale')).toBeVisible();
    await page.getByTestId('finding-edit-stale').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('stale') });
    await page.getByTestId('finding-edit-load-current').click();
    await expect(page.getByTestId('finding-edit-reapply')).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('stale-loaded') });
    await page.getByTestId('finding-edit-cancel').click();
    await page.keyboard.press('Escape');

    await page.getByTestId('findings-filter-severity').click();
    await page.getByRole('option').last().click();
    await page.getByTestId('findings-export').click();
    await expect(page.getByTestId('findings-export-menu')).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('export-menu') });
    await page.keyboard.press('Escape');

    await page.goto(`/dashboard?q=${code}`);
    await page.getByTestId('dashboard-findings-export').click();
    await expect(page.getByTestId('dashboard-findings-export-menu')).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('dashboard-export-menu') });
    await context.close();
  }
});
