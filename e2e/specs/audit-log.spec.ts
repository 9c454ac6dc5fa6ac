import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations, settleTransitions } from '../support/axe.ts';
import { LOOKS } from '../support/looks.ts';
import { apiLogin, signIn } from '../support/viewer-data.ts';

// The audit log (DECISIONS §17): the superadmin reads every company's events from the dashboard, filters them by event
// and downloads the filtered rows as CSV; a manager reads their own company's only; an operator is refused.
// Pictures at 1440 px TR light and 769 px EN dark: SHOTS_DIR=/tmp/shots-audit E2E_PORT=4184 npx playwright test audit-log
const SHOTS_DIR = process.env.SHOTS_DIR ?? 'test-results/audit-log';
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;

/** A refused sign-in to a Marmara account: a row only the superadmin and Marmara's managers may see. */
async function failSignIn(email: string) {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.44' },
    body: JSON.stringify({ email, password: 'not-the-password-1' }),
  });
  expect(res.status).toBe(401);
}

/** The dashboard's header link, in the bar or, when the bar is full, in its menu. */
async function openAuditFromDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByTestId('nav-users').or(page.getByTestId('header-menu')).first()).toBeVisible({ timeout: 30_000 });
  if (!(await page.getByTestId('nav-audit').isVisible())) await page.getByTestId('header-menu').click();
  await page.getByTestId('nav-audit').click();
  await expect(page).toHaveURL(/\/dashboard\/audit$/);
}

test('the superadmin filters the audit log and downloads it; a manager sees their company only; an operator is refused', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS_DIR, { recursive: true });
  await failSignIn('admin@marmara.example');
  const superadmin = await apiLogin('superadmin@windscope.example', 'demo1234');
  for (const { width, language, theme } of LOOKS) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true, bypassCSP: true });
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, superadmin, { language, theme });
    const shot = (name: string) => page.screenshot({ path: `${SHOTS_DIR}/audit-${name}-${width}-${language}-${theme}.png` });
    if (width === 1440) {
      await openAuditFromDashboard(page);
    } else await page.goto('/dashboard/audit');
    await expect(page.getByTestId('audit-row').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-testid="audit-row"][data-kind="sign_in_failed"]').first()).toContainText('admin@marmara.example');
    await shot('all');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('audit-filter-kind').click();
    await page.getByRole('option', { name: language === 'tr' ? 'Oturum açıldı' : 'Signed in', exact: true }).click();
    // Other workers sign in meanwhile: the actor filter keeps the superadmin's own sign-ins (and so the CSV) to this test.
    await page.getByTestId('audit-filter-actor').fill('superadmin@windscope.example');
    await page.getByTestId('audit-apply').click();
    await expect(page.locator('[data-testid="audit-row"]:not([data-kind="sign_in"])')).toHaveCount(0);
    await expect(page.getByTestId('audit-row').first()).toContainText('superadmin@windscope.example');
    await expect(page.getByTestId('audit-table')).not.toContainText('operator@');
    await settleTransitions(page);
    await shot('signed-in');
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
    expect(download.suggestedFilename()).toMatch(language === 'tr' ? /^denetim-kaydi-.*\.csv$/ : /^audit-log-.*\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]?.startsWith(language === 'tr' ? 'Zaman (UTC),Olay' : 'Time (UTC),Event')).toBe(true);
    expect(csv.length).toBeGreaterThan(1);
    expect(csv.slice(1).every((line) => line.split(',')[1] === (language === 'tr' ? 'Oturum açıldı' : 'Signed in'))).toBe(true);
    await context.close();
  }

  const manager = await apiLogin('manager@ege.example', 'demo1234');
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, manager, { language: 'en' });
  await openAuditFromDashboard(page);
  await expect(page.getByTestId('audit-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('audit-table')).not.toContainText('marmara.example');
  await context.close();

  const operator = await apiLogin('operator@ege.example', 'demo1234');
  const refused = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const operatorPage = await refused.newPage();
  await signIn(operatorPage, operator, { language: 'en' });
  await operatorPage.goto('/dashboard');
  await expect(operatorPage.getByTestId('nav-users')).toHaveCount(0);
  await expect(operatorPage.getByTestId('nav-audit')).toHaveCount(0);
  await operatorPage.goto('/dashboard/audit');
  await expect(operatorPage.getByTestId('audit-table')).toHaveCount(0);
  await refused.close();
});
