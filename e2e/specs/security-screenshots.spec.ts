import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, COMPANY, companyIdByName, DEMO, dialog, openAs, unique } from '../support/management.ts';
import { emailChangeLinkPath, waitForMail } from '../support/outbox.ts';

// Pictures for a person to look at, plus axe: SHOTS_DIR=/tmp/shots-sec npx playwright test security-screenshots
// Your own password dialog (asks for the current password) and a malformed reset link (the invalid-link message).
const SHOTS_DIR = process.env.SHOTS_DIR;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
test.use({ bypassCSP: true });

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string | null }[] }> } }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}`);
}

const VARIANTS = [
  { language: 'tr', theme: 'light' },
  { language: 'en', theme: 'dark' },
] as const;

for (const { language, theme } of VARIANTS) {
  for (const width of [1440, 769]) {
    test(`own password and invalid reset link, ${language} ${theme} ${width}px`, async ({ page }) => {
      test.skip(!SHOTS_DIR, 'screenshots only with SHOTS_DIR');
      test.setTimeout(90_000);
      mkdirSync(SHOTS_DIR ?? '.', { recursive: true });
      await page.setViewportSize({ width, height: 900 });
      const shot = async (name: string) => {
        await page.waitForTimeout(450);
        await page.screenshot({ path: `${SHOTS_DIR}/${name}-${language}-${theme}-${width}.png` });
      };
      await page.addInitScript((scheme) => localStorage.setItem('windscope.theme', scheme), theme);

      await openAs(page, DEMO.egeManager, '/dashboard/users', { language });
      const own = page.locator(`[data-testid="user-row"][data-email="${DEMO.egeManager}"]`);
      await own.getByTestId('password-user').click();
      await expect(dialog(page).getByTestId('password-current')).toBeVisible();
      await dialog(page).getByTestId('password-submit').click();
      await expect(dialog(page).getByText(language === 'tr' ? 'Mevcut şifrenizi girin.' : 'Enter your current password.')).toBeVisible();
      await shot('own-password');
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.getByTestId('logout').click();
      await page.goto('/password-reset?token=abc');
      await expect(page.getByTestId('form-error')).toContainText(
        language === 'tr'
          ? 'Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş.'
          : 'The password reset link is invalid or has expired.',
      );
      await shot('reset-link-invalid');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

// Issue 13: a manager's change of an address waits for confirmation: the pending badge in the list and the form, and the
// public /email-change page (confirm, done, invalid link).
for (const { language, theme } of VARIANTS) {
  for (const width of [1440, 769]) {
    test(`pending e-mail change and the confirmation page, ${language} ${theme} ${width}px`, async ({ page, request }) => {
      test.skip(!SHOTS_DIR, 'screenshots only with SHOTS_DIR');
      test.setTimeout(90_000);
      mkdirSync(SHOTS_DIR ?? '.', { recursive: true });
      await page.setViewportSize({ width, height: 900 });
      const shot = async (name: string) => {
        await page.waitForTimeout(450);
        await page.screenshot({ path: `${SHOTS_DIR}/${name}-${language}-${theme}-${width}.png` });
      };
      await page.addInitScript((scheme) => localStorage.setItem('windscope.theme', scheme), theme);
      const en = language === 'en';

      const admin = await apiAs(request, DEMO.superadmin);
      const manager = await apiAs(request, DEMO.egeManager);
      const email = `shot.${unique()}@ege.example`;
      const next = `shot.new.${unique()}@example.com`;
      const target = await admin.call<{ id: number }>('POST', '/users', {
        first_name: 'Deniz',
        last_name: 'Aksoy',
        email,
        password: 'secret-123',
        role: 'operator',
        company_id: await companyIdByName(admin, COMPANY.ege),
      });
      try {
        const since = Date.now();
        await manager.call('PUT', `/users/${target.id}`, {
          first_name: 'Deniz',
          last_name: 'Aksoy',
          email: next,
          role: 'operator',
          company_id: manager.user.company_id,
          is_active: true,
        });
        await openAs(page, DEMO.egeManager, '/dashboard/users', { language });
        const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
        await expect(row.getByTestId('pending-email')).toContainText(next);
        await row.scrollIntoViewIfNeeded();
        await shot('email-pending-list');
        expect(await seriousViolations(page)).toEqual([]);
        await row.getByTestId('edit-user').click();
        await expect(dialog(page).getByTestId('pending-email-note')).toContainText(next);
        await shot('email-pending-form');
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await page.getByTestId('logout').click();

        const link = emailChangeLinkPath(await waitForMail(next, since));
        await page.goto(link);
        await expect(
          page.getByRole('heading', { name: en ? 'Confirm your new e-mail address' : 'Yeni e-posta adresinizi onaylayın' }),
        ).toBeVisible();
        await shot('email-change-confirm');
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('button', { name: en ? 'Confirm Address' : 'Adresi Onayla' }).click();
        await expect(page.getByTestId('email-change-done')).toBeVisible();
        await shot('email-change-done');
        expect(await seriousViolations(page)).toEqual([]);

        await page.goto('/email-change?token=abc');
        await expect(page.getByTestId('email-change-invalid')).toBeVisible();
        await shot('email-change-invalid');
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await admin.call('DELETE', `/users/${target.id}`);
      }
    });
  }
}
