import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { BASE_URL, apiLogin, signIn } from '../support/viewer-data.ts';

// Personal API tokens (DECISIONS §17) on the user's own account page, reached from the name in the header: an operator
// creates a read-write token, sees it once and copies it, uses it against the API (last use then shows), and revokes it
// after a question (the token then stops). Pictures at 1440 px TR light and 769 px EN dark, axe in both:
// SHOTS_DIR=/tmp/shots-tokens E2E_PORT=4187 npx playwright test api-tokens
const SHOTS_DIR = process.env.SHOTS_DIR ?? 'test-results/api-tokens';

const TEXT = {
  tr: { empty: 'Etkin API anahtarınız yok.', readWrite: 'Okuma-yazma', days30: '30 gün', copied: 'Kopyalandı', never: 'Hiç' },
  en: { empty: 'You have no active API tokens.', readWrite: 'Read-write', days30: '30 days', copied: 'Copied', never: 'Never' },
} as const;

const apiWith = (token: string, path: string) => fetch(`${BASE_URL}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });

test('an operator creates a token, sees it once, uses it and revokes it', async ({ browser }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS_DIR, { recursive: true });
  const operator = await apiLogin('operator@ege.example', 'demo1234');
  for (const [width, language, theme] of [
    [1440, 'tr', 'light'],
    [769, 'en', 'dark'],
  ] as const) {
    const text = TEXT[language];
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, operator, { language, theme });
    const shot = (name: string) => page.screenshot({ path: `${SHOTS_DIR}/tokens-${name}-${width}-${language}-${theme}.png` });

    await page.goto('/dashboard');
    await expect(page.getByTestId('logout').or(page.getByTestId('header-menu')).first()).toBeVisible();
    if (await page.getByTestId('header-account').isVisible()) await page.getByTestId('header-account').click();
    else {
      // a narrow window folds the name into the header's menu
      await page.getByTestId('header-menu').click();
      await page.getByTestId('header-menu-items').getByTestId('header-account').click();
    }
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    await expect(page.getByTestId('no-api-tokens')).toHaveText(text.empty);
    await shot('empty');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('create-api-token').click();
    const dialog = page.getByRole('dialog');
    // an empty name is refused in the form, in the page's language, before anything is sent
    await page.getByTestId('api-token-submit').click();
    await expect(dialog.getByText(language === 'tr' ? 'Anahtar için bir ad yazın.' : 'Enter a name for the token.')).toBeVisible();
    await page.getByTestId('api-token-name').fill('Detection model');
    await page.getByTestId('api-token-scope').getByText(text.readWrite).click();
    await page.getByTestId('api-token-expiry').click();
    await page.getByRole('option', { name: text.days30 }).click();
    await shot('create');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('api-token-submit').click();

    const secret = page.getByTestId('api-token-secret');
    await expect(secret).toHaveText(/^wsk_[A-Za-z0-9_-]{43}$/);
    const token = (await secret.textContent()) ?? '';
    await page.getByTestId('api-token-copy').click();
    await expect(page.getByTestId('api-token-copy')).toHaveText(text.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await shot('shown');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('api-token-done').click();
    await expect(dialog).toHaveCount(0);

    // the list shows the token's first characters only, never the whole of it
    const row = page.getByTestId('api-token-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Detection model');
    await expect(row).toContainText(`${token.slice(0, 8)}…`);
    await expect(row).not.toContainText(token.slice(8));
    await expect(row.getByTestId('api-token-last-used')).toHaveText(text.never);

    // the token works as the operator, and its use shows once the list is read again
    const used = await apiWith(token, '/turbines');
    expect(used.status).toBe(200);
    await page.reload();
    await expect(page.getByTestId('api-token-last-used')).not.toHaveText(text.never);
    await shot('list');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('revoke-api-token').click();
    await expect(page.getByRole('dialog')).toContainText('Detection model');
    await shot('revoke');
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: language === 'tr' ? 'İptal et' : 'Revoke' })
      .click();
    await expect(page.getByTestId('no-api-tokens')).toBeVisible();
    expect((await apiWith(token, '/turbines')).status).toBe(401);
    await context.close();
  }
});
