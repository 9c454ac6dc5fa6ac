import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations, settleTransitions } from '../support/axe.ts';
import { apiLogin, signIn } from '../support/viewer-data.ts';

// Pictures of the campaign screens (issue 17) for a person to look at, with axe on each: the list, the demo campaign's
// board (turbines in several states, waivers), the waiver dialog and the create form, at 1440 and 769 px in
// Turkish/light and English/dark. SHOTS_DIR=/tmp/shots-campaigns E2E_PORT=4203 npx playwright test campaigns-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR ?? '.';
test.describe.configure({ timeout: 120_000 });
test.use({ bypassCSP: true });
const VARIANTS = [
  { language: 'tr', theme: 'light', width: 1440 },
  { language: 'tr', theme: 'light', width: 769 },
  { language: 'en', theme: 'dark', width: 1440 },
  { language: 'en', theme: 'dark', width: 769 },
] as const;

for (const { language, theme, width } of VARIANTS) {
  test(`campaign screens, ${language} ${theme} ${width}`, async ({ page }) => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const shot = (name: string, fullPage = false) =>
      page.screenshot({ path: `${SHOTS_DIR}/campaigns-${name}-${width}-${language}-${theme}.png`, fullPage });
    await page.setViewportSize({ width, height: 900 });
    const manager = await apiLogin('manager@ege.example', 'demo1234');
    await signIn(page, manager, { language, theme });

    await page.goto('/dashboard/campaigns');
    const demo = page.getByTestId('campaign-row').filter({ hasText: `Ege ${new Date().getFullYear()}` });
    await expect(demo).toHaveCount(1);
    await shot('list');
    expect(await seriousViolations(page)).toEqual([]);

    await demo.getByRole('link').click();
    const board = page.getByTestId('campaign-board-table');
    await expect(board.getByTestId('board-row')).toHaveCount(6);
    await expect(board.locator('[data-state="coverage_complete"]').first()).toBeVisible();
    await shot('board', true);
    expect(await seriousViolations(page)).toEqual([]);

    await board.locator('[data-state="coverage_complete"]').first().getByTestId('open-waivers').click();
    await expect(page.getByTestId('waiver-item')).toHaveCount(4);
    await settleTransitions(page);
    await shot('waivers');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('waiver-dialog')).toHaveCount(0);

    await page.goto('/dashboard/campaigns');
    // at 769 px the header's controls fold into its menu
    await expect(page.getByTestId('campaign-row').first()).toBeVisible();
    await expect(page.getByTestId('add-campaign').or(page.getByTestId('header-menu')).first()).toBeVisible();
    if (!(await page.getByTestId('add-campaign').isVisible())) await page.getByTestId('header-menu').click();
    await page.getByTestId('add-campaign').click();
    await page.getByTestId('campaign-select-all').click();
    await page.getByTestId('campaign-method-interior').check();
    await settleTransitions(page);
    await shot('form');
    expect(await seriousViolations(page)).toEqual([]);
    // the start date in the page's language (issue 24 item 26): typed and shown as 14.07.2026 / 14/07/2026, its calendar
    await page.getByTestId('campaign-start').click();
    await expect(page.locator('.mantine-DateInput-calendarHeaderLevel, [class*="calendarHeaderLevel"]').first()).toBeVisible();
    await settleTransitions(page);
    await shot('form-calendar');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
