import { mkdirSync } from 'node:fs';
import { expect, type Route, test } from '@playwright/test';

// Pictures of the sign-in page as served (its scripts held back: what a visitor on a slow link sees and can type into
// before the app arrives) and once the app has it, at the narrowest desktop width and a wide one, for a person to look
// at, not assertions: SHOTS_DIR=/tmp/shots-login E2E_PORT=4201 npx playwright test sign-in-page-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR ?? '';
const WIDTHS = [769, 1440];
const VARIANTS = [
  { language: 'tr', theme: 'light', email: 'E-posta', submit: 'Giriş Yap' },
  { language: 'en', theme: 'dark', email: 'E-mail', submit: 'Sign in' },
] as const;

test.beforeAll(() => {
  mkdirSync(SHOTS_DIR, { recursive: true });
});

for (const width of WIDTHS) {
  for (const { language, theme, email, submit } of VARIANTS) {
    test(`/login at ${width} px (${language}, ${theme}): typed before the app, then live`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.addInitScript(
        ([lang, scheme]) => {
          localStorage.setItem('windscope.language', lang);
          localStorage.setItem('windscope.theme', scheme);
        },
        [language, theme] as const,
      );
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/[\w-]+\.js$/, async (route: Route) => {
        await released;
        await route.continue();
      });
      // the language's cookie, as a returning visitor has it: the server sends the page in that language
      await page.context().addCookies([{ name: 'windscope.language', value: language, url: String(test.info().project.use.baseURL) }]);
      await page.goto('/login', { waitUntil: 'commit' });
      await page.getByLabel(email).fill('operator@ege.example');
      await page
        .getByLabel(/Şifre|Password/)
        .first()
        .fill('demo1234');
      await expect(page.getByRole('button', { name: submit })).toBeDisabled();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS_DIR}/login-before-app-${width}-${language}-${theme}.png` });
      release();
      await expect(page.getByRole('button', { name: submit })).toBeEnabled({ timeout: 30_000 });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS_DIR}/login-live-${width}-${language}-${theme}.png` });
    });
  }
}
