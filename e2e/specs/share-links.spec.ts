import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { seriousViolations, settleTransitions } from '../support/axe.ts';
import { markFinding, moveFinding } from '../support/findings.ts';
import { LOOKS, type Look } from '../support/looks.ts';
import {
  apiLogin,
  BASE_URL,
  createTurbine,
  egeCompanyId,
  makePhoto,
  type Session,
  signIn,
  superadmin,
  uploadPhotos,
} from '../support/viewer-data.ts';

// Share links (DECISIONS §17, issue 26 item 2): a manager shares a turbine's confirmed findings (chosen photos) and a report
// revision (with a password) from the turbine page, sees the links with their openings and revokes one; the recipient, with
// no account, reads a page without app navigation in TR or EN, `noindex`, behind the password when there is one; a wrong or
// revoked link is one "link not valid" page.
// Pictures at 1440 px TR light and 769 px EN dark: SHOTS_DIR=/tmp/shots-share E2E_PORT=4181 npx playwright test share-links
const SHOTS_DIR = process.env.SHOTS_DIR ?? 'test-results/share-links';
// axe is injected as a script tag
test.use({ bypassCSP: true });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

async function uploadReport(session: Session, turbineId: number, name: string) {
  const form = new FormData();
  form.append('year', String(new Date().getFullYear()));
  form.append('reports', new File([new Uint8Array(PDF)], name, { type: 'application/pdf' }));
  const res = await fetch(`${BASE_URL}/api/turbines/${turbineId}/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** A turbine of Ege with two confirmed findings on one drone photo, a draft, and an uploaded report. */
async function prepareTurbine() {
  const admin = await superadmin();
  const manager = await apiLogin('manager@ege.example', 'demo1234');
  const turbineId = await createTurbine(admin, await egeCompanyId(admin), {
    code: `E2E-SHARE-${Date.now()}`,
    turbine_name: 'Çeşme Paylaşım 2',
  });
  const year = new Date().getFullYear();
  const photos = await uploadPhotos(admin, turbineId, { year, blade: 'A', category: 'drone' }, [
    { name: 'share-drone-1.jpg', bytes: await makePhoto('share one', 1600, 1200, 3) },
    { name: 'share-drone-2.jpg', bytes: await makePhoto('share two', 1600, 1200, 4) },
  ]);
  const crack = await markFinding(admin, turbineId, photos[0]?.id, [0.2, 0.3, 0.45, 0.6], {
    blade: 'A',
    surface: 'LE',
    type: 'crack',
    severity: 4,
    distance_from_root_m: 21.5,
    length_mm: 120,
  });
  await moveFinding(manager, turbineId, crack, 'confirmed');
  const erosion = await markFinding(admin, turbineId, photos[1]?.id, [0.5, 0.5, 0.7, 0.7], {
    blade: 'A',
    surface: 'PS',
    type: 'erosion',
    severity: 2,
    distance_from_root_m: 40,
  });
  await moveFinding(manager, turbineId, erosion, 'confirmed');
  await markFinding(admin, turbineId, photos[1]?.id, [0.1, 0.1, 0.2, 0.2], { blade: 'A', surface: 'TE', type: 'impact', severity: 3 });
  await uploadReport(admin, turbineId, `share-report-${Date.now()}.pdf`);
  return { turbineId, manager };
}

async function createFindingsLink(page: Page, look: Look, label: string, shot: (name: string) => Promise<unknown>) {
  const section = page.getByTestId('share-links-section');
  await section.scrollIntoViewIfNeeded();
  await page.getByTestId('share-findings-button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('share-label').fill(label);
  // the draft is never offered: two confirmed findings
  await expect(dialog.getByTestId('share-finding')).toHaveCount(2);
  await dialog.getByTestId('share-finding').first().check();
  await expect(dialog.getByTestId('share-photo').first()).toBeVisible();
  await dialog.getByTestId('share-finding').nth(1).check();
  await expect(dialog.getByTestId('share-photo')).toHaveCount(2);
  // the second finding's photo left out
  await dialog.getByTestId('share-photo').nth(1).uncheck();
  await settleTransitions(page);
  await shot('create-dialog');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByTestId('share-submit').click();
  const url = (await dialog.getByTestId('share-url').textContent()) ?? '';
  expect(url).toMatch(new RegExp(`^${BASE_URL}/share/[A-Za-z0-9_-]{22}$`));
  await shot('created');
  await dialog.getByTestId('share-done').click();
  await expect(page.locator(`[data-testid="share-link-row"][data-label="${label}"]`)).toBeVisible();
  void look;
  return url;
}

async function createReportLink(page: Page, label: string, password: string) {
  await page.getByTestId('report-share').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('share-label').fill(label);
  await dialog.getByTestId('share-password').fill(password);
  await dialog.getByTestId('share-submit').click();
  const url = (await dialog.getByTestId('share-url').textContent()) ?? '';
  await dialog.getByTestId('share-done').click();
  return url;
}

/** The recipient: a browser without a session, in the look's language and theme. */
async function recipient(browser: Browser, look: Look) {
  const context = await browser.newContext({ viewport: { width: look.width, height: 900 } });
  await context.addInitScript(
    ([language, theme]) => {
      localStorage.setItem('windscope.language', language);
      localStorage.setItem('windscope.theme', theme);
    },
    [look.language, look.theme] as const,
  );
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return { context, page };
}

test('a manager shares findings and a report; the recipient reads them, the password and the invalid page; revoking ends the page', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS_DIR, { recursive: true });
  const { turbineId, manager } = await prepareTurbine();
  for (const look of LOOKS) {
    const { width, language, theme } = look;
    const tag = `${width}-${language}-${theme}`;
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, manager, { language, theme });
    const shot = (name: string) => page.screenshot({ path: `${SHOTS_DIR}/share-${name}-${tag}.png` });
    await page.goto(`/dashboard/turbine/${turbineId}`);
    await expect(page.getByTestId('share-links-section')).toBeVisible({ timeout: 30_000 });
    const findingsLabel = `Sigorta ${language} ${Date.now()}`;
    const reportLabel = `OEM ${language} ${Date.now()}`;
    const findingsUrl = await createFindingsLink(page, look, findingsLabel, shot);
    const reportUrl = await createReportLink(page, reportLabel, 'rüzgar-2026');

    const { context: outside, page: visitor } = await recipient(browser, look);
    const vshot = (name: string) => visitor.screenshot({ path: `${SHOTS_DIR}/share-recipient-${name}-${tag}.png`, fullPage: true });
    const answer = await visitor.goto(findingsUrl);
    expect(answer?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(visitor.getByTestId('share-content')).toBeVisible({ timeout: 30_000 });
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(visitor.getByTestId('share-title')).toHaveText(findingsLabel);
    await expect(visitor.getByTestId('share-finding-card')).toHaveCount(2);
    await expect(visitor.getByTestId('share-photo-card')).toHaveCount(1);
    // no app navigation, no names or addresses of the people who recorded them
    await expect(visitor.getByTestId('nav-users')).toHaveCount(0);
    await expect(visitor.locator('body')).not.toContainText('@');
    await expect(visitor.locator('img').first()).toHaveJSProperty('complete', true);
    await settleTransitions(visitor);
    await vshot('findings');
    expect(await seriousViolations(visitor)).toEqual([]);

    // the recipient's own language choice
    const other = language === 'tr' ? 'en' : 'tr';
    await visitor.getByTestId('language-toggle').getByRole('button', { name: other.toUpperCase() }).click();
    await expect(visitor.getByRole('heading', { level: 2 }).first()).toHaveText(other === 'en' ? 'Findings' : 'Bulgular');

    await visitor.goto(reportUrl);
    await expect(visitor.getByTestId('share-password-prompt')).toBeVisible({ timeout: 30_000 });
    await visitor.getByTestId('language-toggle').getByRole('button', { name: language.toUpperCase() }).click();
    await visitor.getByTestId('share-password-input').fill('yanlis-sifre');
    await visitor.getByTestId('share-password-submit').click();
    await expect(visitor.getByText(language === 'tr' ? 'Şifre yanlış.' : 'The password is wrong.')).toBeVisible();
    await vshot('password');
    expect(await seriousViolations(visitor)).toEqual([]);
    await visitor.getByTestId('share-password-input').fill('rüzgar-2026');
    await visitor.getByTestId('share-password-submit').click();
    await expect(visitor.getByTestId('share-report-download')).toBeVisible();
    await vshot('report');
    expect(await seriousViolations(visitor)).toEqual([]);

    await visitor.goto('/share/AAAAAAAAAAAAAAAAAAAAAA');
    await expect(visitor.getByTestId('share-invalid')).toBeVisible({ timeout: 30_000 });
    await vshot('invalid');
    expect(await seriousViolations(visitor)).toEqual([]);

    // the manager sees the openings and revokes the findings link; the recipient's next request is refused
    await page.reload();
    const row = page.locator(`[data-testid="share-link-row"][data-label="${findingsLabel}"]`);
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByTestId('share-link-openings')).toHaveText('1');
    await page.waitForTimeout(300);
    // the section's top just under the sticky header, then the window
    await page
      .getByTestId('share-links-section')
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
    await page.waitForTimeout(200);
    await shot('list');
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByTestId('share-link-openings-button').click();
    await expect(page.getByTestId('share-openings').locator('tbody tr')).toHaveCount(1);
    await page.waitForTimeout(300);
    await shot('openings');
    await page.keyboard.press('Escape');
    await row.getByTestId('share-link-revoke').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: language === 'tr' ? 'İptal et' : 'Revoke' })
      .click();
    await expect(row).toHaveAttribute('data-state', 'revoked');
    await visitor.goto(findingsUrl);
    await expect(visitor.getByTestId('share-invalid')).toBeVisible({ timeout: 30_000 });
    await outside.close();
    await context.close();
  }
});
