import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { apiLogin, createTurbine, egeCompanyId, signIn, superadmin } from '../support/viewer-data.ts';

// The Reports section with "Generate report" and a generated revision, then the "unchanged since" answer of a second
// request (issue 23 item 17): 1440 and 769 px, TR light and EN dark (SHOTS_DIR).
const shots = process.env.SHOTS_DIR ?? '/tmp';
// axe is injected as a script tag
test.use({ bypassCSP: true });

test('reports section with the generate action and a generated revision', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await superadmin();
  const turbineId = await createTurbine(admin, await egeCompanyId(admin), { code: `E2E-RPS-${Date.now()}`, turbine_name: 'Rapor Ekranı' });
  const operator = await apiLogin('operator@ege.example', 'demo1234');
  for (const [width, language, theme] of [
    [1440, 'tr', 'light'],
    [769, 'en', 'dark'],
    [769, 'tr', 'light'],
    [1440, 'en', 'dark'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await signIn(page, operator, { language, theme });
    await page.goto(`/dashboard/turbine/${turbineId}`);
    const section = page.getByTestId('reports-section');
    await section.scrollIntoViewIfNeeded();
    await section
      .getByTestId('report-generate-language')
      .getByText(language === 'tr' ? 'İngilizce' : 'Turkish')
      .click();
    await section.getByTestId('report-generate-button').click();
    await expect(section.getByTestId('report-generated').first()).toBeVisible({ timeout: 60_000 });
    await page.waitForTimeout(300);
    expect(await seriousViolations(page)).toEqual([]);
    await section.screenshot({ path: `${shots}/reports-section-${width}-${language}-${theme}.png` });
    // the same inputs again: the answer is the newest revision, "unchanged since …"
    await section.getByTestId('report-generate-button').click();
    await expect(section.getByTestId('report-generate-unchanged')).toBeVisible({ timeout: 60_000 });
    await expect(section.getByTestId('report-generate-unchanged')).toContainText(
      language === 'tr' ? 'tarihinden beri değişmedi' : 'The report is unchanged since',
    );
    await page.waitForTimeout(300);
    expect(await seriousViolations(page)).toEqual([]);
    await section
      .getByTestId('report-generate')
      .screenshot({ path: `${shots}/report-generate-unchanged-${width}-${language}-${theme}.png` });
    await context.close();
  }
});
