import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { compareFixture } from '../support/compare-fixture.ts';
import { signIn } from '../support/viewer-data.ts';

// Pictures of the year compare (issue 16) for a person to look at: two years of a 360° room side by side with both
// years' findings, and a zoomed flat pair; 1440 px and 769 px, each in TR light and EN dark (SHOTS_DIR set), axe on each.
const shots = process.env.SHOTS_DIR ?? '/tmp';
test.use({ bypassCSP: true });

test('year compare: panoramas and flat photos of two years', async ({ browser }) => {
  test.setTimeout(420_000);
  const fx = await compareFixture('shots');
  for (const [width, language, theme] of [
    [1440, 'tr', 'light'],
    [769, 'en', 'dark'],
    [769, 'tr', 'light'],
    [1440, 'en', 'dark'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, fx.admin, { language, theme });
    await page.goto(`/dashboard/turbine/${fx.turbineId}/compare`);
    for (const side of ['a', 'b'])
      await expect(page.getByTestId(`compare-stage-${side}`)).toHaveAttribute('data-load-stage', 'original', { timeout: 20_000 });
    await expect(page.getByTestId('compare-pane-b').locator('[data-testid="finding-marker"]')).toHaveCount(3);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/year-compare-panorama-${width}-${language}-${theme}.png` });
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/dashboard/turbine/${fx.turbineId}/compare?blade=A&zone=drone`);
    await expect(page.getByTestId('compare-flat-a')).toBeVisible();
    await page.getByTestId('compare-flat-a-zoom-in').click();
    await expect(page.getByTestId('compare-flat-b')).toHaveAttribute('data-zoom', '1.5');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/year-compare-flat-${width}-${language}-${theme}.png` });
    expect(await seriousViolations(page)).toEqual([]);

    // the zone picker open: years per zone, zones without photos disabled
    await page.getByTestId('compare-zone').click();
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${shots}/year-compare-zones-${width}-${language}-${theme}.png` });
    await context.close();
  }
});
