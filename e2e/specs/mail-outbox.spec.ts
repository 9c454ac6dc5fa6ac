import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations, settleTransitions } from '../support/axe.ts';
import { apiData, apiLogin, signIn } from '../support/viewer-data.ts';

// The superadmin's e-mail outbox (DECISIONS §15): reached from the dashboard, failed ones first (none here: the e2e
// server writes .eml files, which never fail), every e-mail on "All" (the demo's overdue notices went out at start).
// Pictures at 1440 px TR light and 769 px EN dark: SHOTS_DIR=/tmp/shots-mail E2E_PORT=4204 npx playwright test mail-outbox
const SHOTS_DIR = process.env.SHOTS_DIR ?? 'test-results/mail-outbox';

test('the superadmin sees failed and sent e-mails; a manager is refused', async ({ browser }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS_DIR, { recursive: true });
  const superadmin = await apiLogin('superadmin@windscope.example', 'demo1234');
  // the demo's overdue notices leave once their gathering window has passed (ESCALATION_MAIL_GATHER_SECONDS, 60 s after
  // the server started): when this spec runs early in a run, the "All" list below waits for the first one sent
  await expect
    .poll(async () => (await apiData<unknown[]>(superadmin, 'GET', '/admin/mail-outbox?status=sent')).length, {
      timeout: 120_000,
      intervals: [1000, 2000, 5000],
    })
    .toBeGreaterThan(0);
  for (const [width, language, theme] of [
    [1440, 'tr', 'light'],
    [769, 'en', 'dark'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, superadmin, { language, theme });
    const shot = (name: string) => page.screenshot({ path: `${SHOTS_DIR}/mail-${name}-${width}-${language}-${theme}.png` });
    if (width === 1440) {
      await page.goto('/dashboard');
      await page.getByTestId('nav-mail-outbox').click();
      await expect(page).toHaveURL(/\/dashboard\/mail-outbox$/);
    } else await page.goto('/dashboard/mail-outbox');
    await expect(page.getByTestId('no-mails')).toHaveText(language === 'tr' ? 'Bu durumda e-posta yok.' : 'No e-mails in this state.');
    await shot('failed');
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByTestId('mail-status-filter')
      .getByText(language === 'tr' ? 'Tümü' : 'All')
      .click();
    await expect(page.getByTestId('mail-row').first()).toBeVisible();
    await expect(page.locator('[data-testid="mail-row"][data-status="sent"]').first()).toContainText('@');
    await settleTransitions(page);
    await shot('all');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }
  const manager = await apiLogin('manager@ege.example', 'demo1234');
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, manager, { language: 'en' });
  await page.goto('/dashboard');
  await expect(page.getByTestId('nav-users')).toBeVisible();
  await expect(page.getByTestId('nav-mail-outbox')).toHaveCount(0);
  await page.goto('/dashboard/mail-outbox');
  await expect(page.getByTestId('mail-table')).toHaveCount(0);
  await expect(page.getByTestId('no-mails')).toHaveCount(0);
  await context.close();
});
