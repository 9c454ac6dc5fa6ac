import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { LOOKS } from '../support/looks.ts';
import { apiData, apiLogin, BASE_URL, createTurbine, egeCompanyId, type Session, signIn, superadmin } from '../support/viewer-data.ts';

// The company-wide share links page (issue 26 item 1): a manager opens it from the dashboard header, filters one turbine's
// links, reads what each shows, its password yes/no, openings and state, opens the list of openings, filters the revoked
// ones and revokes a link; the superadmin has a company filter and a company column; an operator has no link and no page.
// Pictures at 1440 px TR light and 769 px EN dark: SHOTS_DIR=/tmp/shots-share-page E2E_PORT=4302 npx playwright test specs/share-links-page.spec.ts
const SHOTS_DIR = process.env.SHOTS_DIR ?? 'test-results/share-links-page';
// axe is injected as a script tag
test.use({ bypassCSP: true });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

async function uploadReport(session: Session, turbineId: number, name: string): Promise<number> {
  const form = new FormData();
  form.append('year', String(new Date().getFullYear()));
  form.append('reports', new File([new Uint8Array(PDF)], name, { type: 'application/pdf' }));
  const res = await fetch(`${BASE_URL}/api/turbines/${turbineId}/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const reports = await apiData<{ id: number }[]>(session, 'GET', `/turbines/${turbineId}/reports`);
  const id = reports[0]?.id;
  if (id === undefined) throw new Error('no report');
  return id;
}

/** The dashboard's header link, in the bar or, when the bar is full, in its menu. */
async function openFromDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByTestId('nav-users').or(page.getByTestId('header-menu')).first()).toBeVisible({ timeout: 30_000 });
  if (!(await page.getByTestId('nav-share-links').isVisible())) await page.getByTestId('header-menu').click();
  await page.getByTestId('nav-share-links').click();
  await expect(page).toHaveURL(/\/dashboard\/share-links$/);
}

/** Picks an option of a Mantine Select by its visible name. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('managers list, filter and revoke their company’s share links; the superadmin filters by company', async ({ browser }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS_DIR, { recursive: true });
  const admin = await superadmin();
  const manager = await apiLogin('manager@ege.example', 'demo1234');
  const turbineName = `Alaçatı Bağlantı ${Date.now() % 100000}`;
  const turbineId = await createTurbine(admin, await egeCompanyId(admin), { code: `E2E-LINKS-${Date.now()}`, turbine_name: turbineName });
  const reportId = await uploadReport(admin, turbineId, 'alacati-2026.pdf');
  const share = (label: string, extra: Record<string, unknown> = {}) =>
    apiData<{ id: number; token: string }>(manager, 'POST', `/turbines/${turbineId}/share-links`, {
      kind: 'report',
      report_id: reportId,
      label,
      ...extra,
    });
  const insurer = await share('Sigorta / Insurer', { password: 'gizli-123456' });
  const opened = await fetch(`${BASE_URL}/api/share/open`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: insurer.token, password: 'gizli-123456' }),
  });
  expect(opened.status).toBe(200);
  const old = await share('Eski yüklenici / Old contractor');
  await apiData(manager, 'DELETE', `/share-links/${old.id}`);

  for (const { width, language, theme } of LOOKS) {
    const tr = language === 'tr';
    const repairer = await share(`Onarım ${width} / Repair ${width}`);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, manager, { language, theme });
    const shot = (name: string) => page.screenshot({ path: `${SHOTS_DIR}/share-links-${name}-${width}-${language}-${theme}.png` });
    await openFromDashboard(page);
    await expect(page.getByRole('heading', { name: tr ? 'Paylaşım bağlantıları' : 'Share links' }).first()).toBeVisible();
    await expect(page.getByTestId('share-link-list').or(page.getByTestId('share-links-empty'))).toBeVisible({ timeout: 30_000 });

    await choose(page, 'share-link-filter-turbine', turbineName);
    // the filtered answer is in: the insurer's, the old contractor's and one repair link per look so far
    await expect(page.getByTestId('share-links-total')).toHaveText(
      width === 1440 ? (tr ? '3 bağlantı' : '3 links') : tr ? '4 bağlantı' : '4 links',
    );
    const rows = page.getByTestId('share-link-row');
    // newest first: this look's link, then the revoked one, then the insurer's
    await expect(rows.first()).toHaveAttribute('data-label', `Onarım ${width} / Repair ${width}`);
    const insurerRow = page.locator('[data-testid="share-link-row"][data-label="Sigorta / Insurer"]');
    await expect(insurerRow).toHaveAttribute('data-state', 'active');
    await expect(insurerRow.getByTestId('share-link-password')).toHaveText(tr ? 'Var' : 'Yes');
    await expect(insurerRow.getByTestId('share-link-openings')).toHaveText('1');
    await expect(insurerRow).toContainText(turbineName);
    await expect(insurerRow).toContainText(tr ? 'Rapor: alacati-2026.pdf' : 'Report: alacati-2026.pdf');
    await expect(page.locator('[data-testid="share-link-row"][data-label="Eski yüklenici / Old contractor"]')).toHaveAttribute(
      'data-state',
      'revoked',
    );
    // a manager has no company filter nor column
    await expect(page.getByTestId('share-link-filter-company')).toHaveCount(0);
    await shot('list');
    expect(await seriousViolations(page)).toEqual([]);

    await insurerRow.getByTestId('share-link-openings-button').click();
    const openings = page.getByTestId('share-openings');
    await expect(openings.getByRole('row')).toHaveCount(2);
    await shot('openings');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(openings).toHaveCount(0);

    await choose(page, 'share-link-filter-state', tr ? 'İptal edildi' : 'Revoked');
    // the old contractor's, and the earlier look's repair link: revoked ones only, none with a revoke button
    const oldRow = page.locator('[data-testid="share-link-row"][data-label="Eski yüklenici / Old contractor"]');
    await expect(oldRow).toBeVisible();
    await expect(page.locator('[data-testid="share-link-row"]:not([data-state="revoked"])')).toHaveCount(0);
    await expect(page.getByTestId('share-link-revoke')).toHaveCount(0);
    await expect(page.getByTestId('share-links-total')).toHaveText(
      width === 1440 ? (tr ? '1 bağlantı' : '1 link') : tr ? '2 bağlantı' : '2 links',
    );

    await choose(page, 'share-link-filter-state', tr ? 'Etkin' : 'Active');
    const repairRow = page.locator(`[data-testid="share-link-row"][data-label="Onarım ${width} / Repair ${width}"]`);
    await repairRow.getByTestId('share-link-revoke').click();
    await shot('revoke');
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: tr ? 'İptal et' : 'Revoke', exact: true })
      .click();
    await expect(page.getByText(tr ? 'Paylaşım bağlantısı iptal edildi.' : 'Share link revoked.')).toBeVisible();
    await expect(repairRow).toHaveCount(0);
    const gone = await apiData<{ items: { id: number; state: string }[] }>(
      manager,
      'GET',
      `/share-links/page?turbine_id=${turbineId}&state=revoked`,
    );
    expect(gone.items.map((i) => i.id)).toContain(repairer.id);
    await context.close();
  }

  // the superadmin: every company, a company filter and a company column
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin, { language: 'en', theme: 'light' });
  await openFromDashboard(adminPage);
  await expect(adminPage.getByTestId('share-link-filter-company')).toBeVisible();
  await expect(adminPage.getByRole('columnheader', { name: 'Company' })).toBeVisible({ timeout: 30_000 });
  await choose(adminPage, 'share-link-filter-turbine', turbineName);
  await expect(adminPage.getByTestId('share-links-total')).toHaveText('4 links');
  await expect(adminPage.locator('[data-testid="share-link-row"][data-label="Sigorta / Insurer"]')).toBeVisible();
  expect(await seriousViolations(adminPage)).toEqual([]);
  await adminContext.close();

  const operator = await apiLogin('operator@ege.example', 'demo1234');
  const refused = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const operatorPage = await refused.newPage();
  await signIn(operatorPage, operator, { language: 'en' });
  await operatorPage.goto('/dashboard');
  await expect(operatorPage.locator('main')).toBeVisible({ timeout: 30_000 });
  await expect(operatorPage.getByTestId('nav-share-links')).toHaveCount(0);
  await operatorPage.goto('/dashboard/share-links');
  await expect(operatorPage.getByTestId('share-link-filters')).toHaveCount(0);
  await expect(operatorPage.getByTestId('share-link-list')).toHaveCount(0);
  await refused.close();
});
