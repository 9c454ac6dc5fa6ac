import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { markFinding, moveFinding } from '../support/findings.ts';
import { createTurbine, createUser, egeCompanyId, makePhoto, superadmin, uploadPhotos } from '../support/viewer-data.ts';
import { inEachLook } from '../support/looks.ts';

// Pictures of turbine health on the dashboard (cards and list, filter and counters) and of the mark-finding tool in the
// turbine page's viewer, for a person to look at: 1440 px TR light and 769 px EN dark.
// SHOTS_DIR=/tmp/health-shots E2E_PORT=4282 npx playwright test dashboard-health-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR ?? '';

test('dashboard health and the turbine viewer marking tool', async ({ browser }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS_DIR, { recursive: true });
  const admin = await superadmin();
  const company = await egeCompanyId(admin);
  const turbineId = await createTurbine(admin, company, { code: `E2E-HS-${Date.now()}`, turbine_name: 'Health Shots T-01' });
  // marked by an operator, so that the superadmin may confirm it (two-person rule)
  const author = await createUser(admin, company, 'operator', 'Okan');
  const [photo] = await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', category: 'drone' }, [
    { name: 'drone-health-shot.jpg', bytes: await makePhoto('health', 1920, 1080, 5) },
  ]);
  // an open severity 3 finding, overdue, so the card shows a worst severity, open and overdue counts
  const finding = await markFinding(author, turbineId, photo?.id, [0.3, 0.3, 0.45, 0.5], {
    blade: 'A',
    surface: 'LE',
    type: 'erosion',
    severity: 3,
  });
  await moveFinding(admin, turbineId, finding, 'confirmed', { to: 'repair_planned', due_date: '2001-01-01' });

  await inEachLook(
    browser,
    admin,
    async (page, { width, language, theme }) => {
      const shot = (name: string) => page.screenshot({ path: `${SHOTS_DIR}/health-${name}-${width}-${language}-${theme}.png` });
      for (const view of ['grid', 'list'] as const) {
        await page.goto(`/dashboard?view=${view}&sort=health`);
        await expect(page.getByTestId('turbine-health').first()).toBeVisible();
        await page.waitForTimeout(300);
        await shot(`dashboard-${view}`);
      }
      await page.getByTestId('filter-severity').click();
      await page.waitForTimeout(300);
      await shot('dashboard-filter');
      await page.keyboard.press('Escape');

      await page.goto(`/dashboard/turbine/${turbineId}`);
      await page.getByTestId('photo-tile').first().getByRole('button').first().click();
      await expect(page.getByTestId('finding-shape')).toHaveCount(1);
      await page.getByTestId('viewer-zoom-zoom-in').click();
      await page.getByTestId('finding-mark-toggle').click();
      await page.waitForTimeout(300);
      await shot('turbine-viewer');
    },
    { reducedMotion: true },
  );
});
