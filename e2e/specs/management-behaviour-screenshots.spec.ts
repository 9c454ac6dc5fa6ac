import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { COMPANY, DEMO, dialog, openAs } from '../support/management.ts';

// Pictures of the issue 12 screens for a person to look at, not assertions:
// SHOTS_DIR=/tmp/shots-behave npx playwright test management-behaviour-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR;

const VARIANTS = [
  { language: 'tr', theme: 'light' },
  { language: 'en', theme: 'dark' },
] as const;

for (const width of [769, 1440]) {
  for (const { language, theme } of VARIANTS) {
    test(`issue 12 screens at ${width} px in ${language}, ${theme}`, async ({ page }) => {
      test.setTimeout(180_000);
      mkdirSync(SHOTS_DIR ?? '.', { recursive: true });
      await page.setViewportSize({ width, height: 900 });
      const shot = async (name: string) => {
        await page.waitForTimeout(450); // modal and toast transitions
        await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}-${language}-${theme}.png` });
      };
      await page.addInitScript((scheme) => localStorage.setItem('windscope.theme', scheme), theme);

      // the list view sorted by code, descending
      await openAs(page, DEMO.superadmin, '/dashboard?view=list&sort=code&dir=desc', { language });
      await expect(page.getByTestId('turbine-row').first()).toBeVisible();
      await shot('list-sorted');

      // a code already used, under the code field
      await page.getByTestId('add-turbine').click();
      const form = dialog(page);
      await page.getByTestId('turbine-company-select').click();
      await page.getByRole('option', { name: COMPANY.ege }).click();
      await form.getByLabel(language === 'tr' ? /^Şehir/ : /^City/).fill('izmir');
      await form.getByLabel(language === 'tr' ? /^Kod/ : /^Code/).fill('EGE-BRG-01');
      await form.getByLabel(language === 'tr' ? /^Konum/ : /^Location/).fill('Bergama');
      await form.getByTestId('turbine-submit').click();
      await expect(form.getByText(/EGE-BRG-01/)).toBeVisible();
      await shot('code-taken');
      await page.keyboard.press('Escape');

      // a partner that still has turbines and users
      await page.goto('/dashboard/companies');
      await page.getByTestId('company-card').filter({ hasText: COMPANY.marmara }).getByTestId('delete-company').click();
      await expect(dialog(page)).toBeVisible();
      await shot('partner-delete-blocked');
      await page.keyboard.press('Escape');

      // the turbine list failed to load
      await page.route('**/api/turbines*', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"success":false,"code":"SERVICE_UNAVAILABLE","message":"x"}',
        }),
      );
      await page.goto('/dashboard');
      await expect(page.getByTestId('dashboard-error')).toBeVisible({ timeout: 30_000 });
      await shot('load-failed');
    });
  }
}
