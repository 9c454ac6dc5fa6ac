import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

// Pictures for a person to look at, not assertions: SHOTS_DIR=/tmp/shots npx playwright test shell-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR;

const VARIANTS = [
  { language: 'tr', theme: 'light' },
  { language: 'en', theme: 'light' },
  { language: 'tr', theme: 'dark' },
  { language: 'en', theme: 'dark' },
] as const;

async function prepare(page: Page, language: string, theme: string) {
  await page.addInitScript(
    ([lang, scheme]) => {
      localStorage.setItem('windscope.language', lang);
      localStorage.setItem('windscope.theme', scheme);
    },
    [language, theme] as const,
  );
}

for (const { language, theme } of VARIANTS) {
  test(`screens in ${language}, ${theme}`, async ({ browser }) => {
    mkdirSync(SHOTS_DIR ?? '.', { recursive: true });
    const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS_DIR}/${name}-${language}-${theme}.png` });
    const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
    const page = await context.newPage();
    await prepare(page, language, theme);

    await page.goto('/login');
    await page.getByRole('button', { name: /Giriş Yap|Sign in/ }).click();
    await expect(page.getByText(/E-posta ve şifre gereklidir\.|E-mail and password are required\./).first()).toBeVisible();
    await shot(page, 'login');

    await page.goto('/password-reset');
    await shot(page, 'reset');
    await page.getByLabel(/E-posta adresi|E-mail address/).fill(`someone.${language}.${theme}@example.com`);
    await page.getByRole('button', { name: /Sıfırlama Bağlantısı Gönder|Send reset link/ }).click();
    await expect(page.getByTestId('reset-email')).toBeVisible();
    await shot(page, 'reset-sent');

    await page.goto('/password-reset?token=example-token-for-the-picture');
    await shot(page, 'new-password');

    await page.goto('/no/such/page');
    await shot(page, 'not-found');
    // the widest and the narrowest desktop widths too (the gate lets 769 px through)
    for (const width of [1440, 769]) {
      await page.setViewportSize({ width, height: 850 });
      await shot(page, `not-found-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 850 });
    await page.goto('/about');
    await page.screenshot({ path: `${SHOTS_DIR}/public-${language}-${theme}.png`, fullPage: true });

    const narrow = await browser.newContext({ viewport: { width: 700, height: 850 } });
    const gatePage = await narrow.newPage();
    await prepare(gatePage, language, theme);
    await gatePage.goto('/dashboard');
    await expect(gatePage.getByTestId('desktop-gate')).toBeVisible();
    await gatePage.screenshot({ path: `${SHOTS_DIR}/gate-${language}-${theme}.png` });
    await narrow.close();
    await context.close();
  });
}

test('signed-in dashboard placeholder', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill('superadmin@windscope.example');
  await page.getByLabel('Şifre', { exact: false }).first().fill('demo1234');
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('logout')).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/dashboard-tr-light.png` });
  await page.goto('/dashboard/companies');
  await expect(page.getByTestId('logout')).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/companies-tr-light.png` });
});
