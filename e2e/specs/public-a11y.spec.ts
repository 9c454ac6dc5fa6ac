import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { PUBLIC_PAGES, type Theme, useLanguageAndTheme } from '../support/public-site.ts';

// the app's Content-Security-Policy refuses axe's inline script tag; the test lifts it
test.use({ bypassCSP: true });

const PAGES = [...PUBLIC_PAGES.map((page) => ({ path: page.path, name: page.name })), { path: '/login', name: 'login' }];
const VARIANTS: { language: 'tr' | 'en'; theme: Theme }[] = [
  { language: 'tr', theme: 'light' },
  { language: 'tr', theme: 'dark' },
  { language: 'en', theme: 'light' },
];

test.describe('accessibility: no serious or critical axe violations', () => {
  for (const { language, theme } of VARIANTS) {
    for (const route of PAGES) {
      test(`${route.name} (${language}, ${theme})`, async ({ page }) => {
        await useLanguageAndTheme(page, language, theme);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(route.path);
        await expect(page.locator('h1').first()).toBeVisible();
        if (route.path !== '/login') await expect(page.getByTestId('floating-contact')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }

  test('FAQ with an answer open and an empty search, contact with its error state', async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Windscope nedir?' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('faq-search').fill('bulunmayan bir arama');
    await expect(page.getByTestId('faq-empty')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.route('**/api/contact**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'INTERNAL', message: 'Sunucu hatası.' }),
      }),
    );
    await page.goto('/contact');
    await page.getByRole('textbox', { name: /^Ad Soyad/ }).fill('Ayla');
    await page.getByRole('textbox', { name: /^Konu/ }).fill('Konu');
    await page.getByRole('textbox', { name: /^Mesaj/ }).fill('Mesaj');
    await page.getByTestId('contact-submit').click();
    await expect(page.getByTestId('contact-error')).toContainText('Mesaj gönderilirken bir hata oluştu');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
