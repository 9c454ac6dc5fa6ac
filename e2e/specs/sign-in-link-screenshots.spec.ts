import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { formatMessage } from '@windscope/contract';

// Pictures for a person to look at: SHOTS_DIR=/tmp/shots npx playwright test sign-in-link-screenshots
const SHOTS_DIR = process.env.SHOTS_DIR ?? '.';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
test.use({ bypassCSP: true });

const VARIANTS = [
  { language: 'tr', theme: 'light' },
  { language: 'en', theme: 'dark' },
] as const;

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] };
    const axe = (window as unknown as { axe: { run: (d: Document) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join('; ')}`);
  });
}

for (const width of [1440, 769]) {
  for (const { language, theme } of VARIANTS) {
    test(`sign-in link screens, ${width} px, ${language} ${theme}`, async ({ browser }) => {
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
      // the rate-limited answer as the server words it (the real limit is reached in sign-in-link.spec.ts)
      await page.route(
        (url) => url.pathname === '/api/auth/login',
        (route) =>
          route.fulfill({
            status: 429,
            headers: { 'retry-after': '893' },
            contentType: 'application/json',
            body: JSON.stringify({
              success: false,
              code: 'RATE_LIMITED',
              message: formatMessage('RATE_LIMITED', language, { seconds: 893 }),
            }),
          }),
      );
      await page.goto('/login');
      await page
        .getByLabel(/^(E-posta|E-mail)/)
        .first()
        .fill('operator@ege.example');
      await page
        .getByLabel(/^(Şifre|Password)/)
        .first()
        .fill('demo1234');
      await page.getByRole('button', { name: /Giriş Yap|Sign in/ }).click();
      await expect(page.getByTestId('form-error')).toBeVisible();
      await shot('login-rate-limited');

      await page.getByTestId('form-error').getByRole('link').click();
      await expect(page.getByRole('button', { name: /Giriş Bağlantısı Gönder|Send Sign-in Link/ })).toBeVisible();
      await shot('sign-in-link-request');
      await page.getByRole('button', { name: /Giriş Bağlantısı Gönder|Send Sign-in Link/ }).click();
      await expect(page.getByTestId('sign-in-link-sent')).toBeVisible();
      await shot('sign-in-link-sent');

      await page.goto('/sign-in-link?token=a-token-that-was-never-made');
      await page.getByRole('button', { name: /^(Giriş Yap|Sign in)$/ }).click();
      await expect(page.getByTestId('form-error')).toBeVisible();
      await shot('sign-in-link-used');
      await context.close();
    });
  }
}
