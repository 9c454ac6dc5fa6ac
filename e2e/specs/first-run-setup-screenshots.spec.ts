import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { formatMessage } from '@windscope/contract';
import { seriousViolations } from '../support/axe.ts';

// Pictures for a person to look at: SHOTS_DIR=/tmp/shots npx playwright test first-run-setup-screenshots
// The e2e server has the demo's accounts, so setup is over there: the form's states are drawn with the setup state and
// the refusal answered as the server words them (first-run-setup.spec.ts runs the real thing on an empty database).
const SHOTS_DIR = process.env.SHOTS_DIR ?? '.';
test.use({ bypassCSP: true });

const VARIANTS = [
  { language: 'tr', theme: 'light' },
  { language: 'en', theme: 'dark' },
] as const;

for (const width of [1440, 769]) {
  for (const { language, theme } of VARIANTS) {
    test(`setup screens, ${width} px, ${language} ${theme}`, async ({ browser }) => {
      mkdirSync(SHOTS_DIR, { recursive: true });
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(
        ([lang, scheme]) => {
          localStorage.setItem('windscope.language', lang);
          localStorage.setItem('windscope.theme', scheme);
        },
        [language, theme] as const,
      );
      const shot = async (name: string) => {
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}-${language}-${theme}.png`, fullPage: true });
      };

      // the real answer of a set-up server: the "already set up" state
      await page.goto('/setup');
      await expect(page.getByTestId('setup-done')).toBeVisible();
      await shot('setup-done');

      await page.route(
        (url) => url.pathname === '/api/setup',
        (route) =>
          route.request().method() === 'GET'
            ? route.fulfill({
                status: 200,
                contentType: 'application/json',
                body: JSON.stringify({ success: true, data: { needed: true } }),
              })
            : route.fulfill({
                status: 400,
                contentType: 'application/json',
                body: JSON.stringify({
                  success: false,
                  code: 'PASSWORD_TOO_COMMON',
                  message: formatMessage('PASSWORD_TOO_COMMON', language),
                }),
              }),
      );
      // opened without the key in the address: the form asks for it
      await page.goto('/setup');
      await expect(page.getByRole('button', { name: /Hesabı oluştur|Create account/ })).toBeVisible();
      await shot('setup-form');

      await page.getByLabel(/^(Kurulum anahtarı|Setup key)/).fill('k'.repeat(43));
      await page.getByLabel(/^(Şirketinizin adı|Your company's name)/).fill('Kuzey Rüzgar Hizmetleri');
      await page.getByLabel(/^(Ad|First name)( \*)?$/).fill('Ayşe Nur');
      await page.getByLabel(/^(Soyad|Last name)( \*)?$/).fill('Çelik');
      await page.getByLabel(/^(E-posta adresi|E-mail address)/).fill('ayse@kuzey.example');
      await page.getByLabel(/^(Şifre|Password)( \*)?$/).fill('iloveyou');
      await page.getByLabel(/^(Şifre \(tekrar\)|Password \(again\))/).fill('iloveyou');
      await page.getByRole('button', { name: /Hesabı oluştur|Create account/ }).click();
      await expect(page.getByText(formatMessage('PASSWORD_TOO_COMMON', language))).toBeVisible();
      await shot('setup-password-refused');
      await context.close();
    });
  }
}
