import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { apiData, createTurbine, createUser, egeCompanyId, makePhoto, signIn, superadmin, uploadPhotos } from '../support/viewer-data.ts';

// Issue 16 item 4: user A (an operator) raises a finding's severity; user B, a manager of the same company in another
// browser, sees the bell's count go up without reloading (the count is asked every 30 s and on focus), reads the item
// in words and opens the finding from it; once in Turkish, once in English.
const BOX = {
  space: 'flat',
  shape: 'rectangle',
  points: [
    [0.3, 0.3],
    [0.45, 0.5],
  ],
} as const;

test('the bell of a manager shows an escalation another user made, in TR and EN', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await superadmin();
  const company = await egeCompanyId(admin);
  const turbineId = await createTurbine(admin, company, { code: `E2E-NT-${Date.now()}`, turbine_name: 'Bell T-01' });
  const operator = await createUser(admin, company, 'operator', 'Okan');
  const manager = await createUser(admin, company, 'company_manager', 'Melis');
  const [photo] = await uploadPhotos(operator, turbineId, { year: 2026, blade: 'A', category: 'drone' }, [
    { name: 'drone-bell.jpg', bytes: await makePhoto('bell', 1280, 720, 3) },
  ]);
  const finding = await apiData<{ id: number; version: number }>(operator, 'POST', `/turbines/${turbineId}/findings`, {
    blade: 'A',
    surface: 'LE',
    type: 'crack',
    severity: 1,
    observation: { photo_id: photo?.id, geometry: BOX },
  });
  let version = finding.version;

  for (const [language, theme, severity, words] of [
    ['tr', 'light', 3, `bulgu #${finding.id} kötüleşti, 1 · Kozmetik → 3 · Orta`],
    ['en', 'dark', 4, `finding #${finding.id} got worse, 3 · Medium → 4 · High`],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await signIn(page, manager, { language, theme });
    await page.goto('/dashboard');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('notification-count')).toHaveAttribute('data-count', '0');

    // A raises it, from elsewhere
    const raised = await apiData<{ version: number }>(operator, 'PUT', `/turbines/${turbineId}/findings/${finding.id}`, {
      version,
      severity,
    });
    version = raised.version;

    // B's page, untouched, shows it at the next poll
    await expect(page.getByTestId('notification-count')).toHaveAttribute('data-count', '1', { timeout: 40_000 });
    await expect(bell).toHaveAccessibleName(language === 'tr' ? 'Bildirimler (1 okunmamış)' : 'Notifications (1 unread)');
    await bell.click();
    const item = page.getByTestId('notification-item').first();
    await expect(item).toContainText(words);
    await expect(item).toContainText('Okan Test');
    await expect(item).toHaveAttribute('data-read', 'false');
    expect(await seriousViolations(page)).toEqual([]);
    // opening it goes to the finding and marks it read
    await item.getByTestId('notification-open').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/turbine/${turbineId}$`));
    await expect(page.getByRole('dialog').filter({ hasText: `#${finding.id}` })).toBeVisible();
    await expect(page.getByTestId('notification-count')).toHaveAttribute('data-count', '0');
    await context.close();
  }
  const list = await apiData<{ items: { read: boolean; finding_id: number }[]; unread_count: number }>(manager, 'GET', '/notifications');
  expect(list.unread_count).toBe(0);
  expect(list.items.filter((n) => n.finding_id === finding.id)).toHaveLength(2);
});
