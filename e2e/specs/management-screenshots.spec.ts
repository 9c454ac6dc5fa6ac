import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, dialog, openAs } from '../support/management.ts';

// Pictures for a person to look at, not assertions: SHOTS_DIR=/tmp/shots-mgmt npx playwright test management-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR;

const VARIANTS = [
  { language: 'tr', theme: 'light', everything: true },
  { language: 'en', theme: 'dark', everything: true },
  { language: 'en', theme: 'light', everything: false },
  { language: 'tr', theme: 'dark', everything: false },
] as const;

for (const { language, theme, everything } of VARIANTS) {
  test(`management screens in ${language}, ${theme}`, async ({ page }) => {
    test.setTimeout(90_000);
    mkdirSync(SHOTS_DIR ?? '.', { recursive: true });
    const shot = async (name: string) => {
      await page.waitForTimeout(450); // modal and toast transitions
      await page.screenshot({ path: `${SHOTS_DIR}/${name}-${language}-${theme}.png` });
    };
    await page.addInitScript((scheme) => localStorage.setItem('windscope.theme', scheme), theme);

    await openAs(page, DEMO.superadmin, '/dashboard', { language });
    await expect(page.getByTestId('turbine-card').first()).toBeVisible();
    await shot('dashboard');
    await page
      .getByTestId('view-toggle')
      .getByText(language === 'tr' ? 'Liste' : 'List')
      .click();
    await expect(page.getByTestId('turbine-row').first()).toBeVisible();
    await shot('dashboard-list');
    await page
      .getByTestId('view-toggle')
      .getByText(language === 'tr' ? 'Kart' : 'Cards')
      .click();
    if (!everything) return;

    await page.getByTestId('turbine-search').fill('zzz-nothing');
    await expect(page.getByTestId('no-results')).toBeVisible();
    await shot('dashboard-empty');
    await page.getByTestId('turbine-search').fill('');

    await page.getByTestId('add-turbine').click();
    await expect(dialog(page)).toBeVisible();
    await shot('turbine-add');
    await fillAddForm(page);
    await page.getByTestId('turbine-rooms').fill('0');
    await page.getByTestId('turbine-submit').click();
    await shot('turbine-add-errors');
    await page.keyboard.press('Escape');

    await page.getByTestId('edit-turbine').first().click();
    await expect(dialog(page)).toBeVisible();
    await shot('turbine-edit');
    await page.keyboard.press('Escape');
    await page.getByTestId('delete-turbine').first().click();
    await expect(dialog(page)).toBeVisible();
    await shot('turbine-delete');
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/companies');
    await expect(page.getByTestId('company-card').first()).toBeVisible();
    await shot('companies');
    await page.getByTestId('add-company').click();
    await page.getByTestId('company-submit').click();
    await shot('company-add-errors');
    await page.keyboard.press('Escape');
    await page.getByTestId('delete-company').first().click();
    await shot('company-delete');
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/users');
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    await shot('users');
    await page.getByTestId('add-user').click();
    await page.getByTestId('user-submit').click();
    await shot('user-add-errors');
    await page.keyboard.press('Escape');
    await page.getByTestId('edit-user').first().click();
    await shot('user-edit');
    await page.keyboard.press('Escape');
    await page.getByTestId('password-user').first().click();
    await page.getByTestId('password-submit').click();
    await shot('user-password');
    await page.keyboard.press('Escape');
    await page.getByTestId('delete-user').first().click();
    await shot('user-delete');
    await page.keyboard.press('Escape');

    await page.getByTestId('logout').click();
    await openAs(page, DEMO.egeManager, '/dashboard', { language });
    await expect(page.getByTestId('turbine-card').first()).toBeVisible();
    await shot('dashboard-manager');
    await page.getByTestId('add-turbine').click();
    await shot('turbine-add-manager');
    await page.keyboard.press('Escape');
    await page.goto('/dashboard/users');
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    await shot('users-manager');
    await page.goto('/dashboard/companies');
    await shot('companies-unauthorized');

    await page.getByTestId('logout').click();
    await openAs(page, DEMO.egeViewer, '/dashboard', { language });
    await expect(page.getByTestId('turbine-card').first()).toBeVisible();
    await shot('dashboard-viewer');
  });
}

async function fillAddForm(page: Page) {
  const form = page.getByTestId('turbine-form');
  const inputs = form.locator('input[type="text"], input:not([type])');
  await inputs.nth(1).fill('izmir');
  await inputs.nth(2).fill('SHOT-01');
  await inputs.nth(3).fill('Aliağa');
}
