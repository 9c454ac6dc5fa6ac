import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { exportText } from '../support/downloads.ts';
import {
  apiData,
  createTurbine,
  createUser,
  egeCompanyId,
  makePhoto,
  type Session,
  signIn,
  superadmin,
  uploadPhotos,
} from '../support/viewer-data.ts';

test.describe.configure({ mode: 'serial' });
test.use({ bypassCSP: true });

// Issue 24 items 1 and 2: a finding's fields edited in the drawer (the table and the history show the edit; a second
// tab's stale save keeps what was typed), and exports of exactly what the screen shows, with "all" a separate choice.
let admin: Session;
let manager: Session;
let turbineId: number;
let code: string;
let edited: number;
let twoTabs: number;

const point = (x: number) => ({ space: 'flat', shape: 'point', points: [[x, 0.5]] });
/** The finding numbers of a downloaded CSV: every line after the filters' line and the header. */
const csvIds = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .slice(2)
    .map((line) => Number(line.split(',')[0]));

test.beforeAll(async () => {
  test.setTimeout(90_000);
  admin = await superadmin();
  const company = await egeCompanyId(admin);
  code = `E2E-EDIT-${Date.now()}`;
  turbineId = await createTurbine(admin, company, { code, turbine_name: 'E2E Edit T-01' });
  manager = await createUser(admin, company, 'company_manager', 'Derya');
  const [photo] = await uploadPhotos(admin, turbineId, { year: 2025, blade: 'B', category: 'drone' }, [
    { name: 'edit-damage.jpg', bytes: await makePhoto('edit', 1600, 1000, 11) },
  ]);
  const ids: number[] = [];
  for (const [i, severity] of [5, 5, 4, 3, 2, 1, 3].entries()) {
    const f = await apiData<{ id: number }>(admin, 'POST', `/turbines/${turbineId}/findings`, {
      blade: 'B',
      surface: 'LE',
      type: i % 2 ? 'erosion' : 'crack',
      severity,
      distance_from_root_m: 10 + i,
      length_mm: 60,
      observation: { photo_id: photo?.id, geometry: point(0.1 + i * 0.1), length_mm: 60 },
    });
    ids.push(f.id);
  }
  edited = ids[3] ?? 0;
  twoTabs = ids[6] ?? 0;
});

async function openFinding(page: Page, id: number) {
  await page.goto(`/dashboard/turbine/${turbineId}`);
  await page.getByTestId('findings-section').locator(`[data-finding-id="${id}"]`).getByTestId('finding-open').click();
  await expect(page.getByTestId('finding-detail')).toBeVisible();
}

async function choose(page: Page, testId: string, option: RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

test("a manager edits a finding's severity and size: the table, the fields, the history and the timeline show it", async ({ page }) => {
  await signIn(page, manager);
  await openFinding(page, edited);
  await page.getByTestId('finding-edit').click();
  await choose(page, 'finding-edit-severity', /^5 · Kritik/);
  await page.getByTestId('finding-edit-length').fill('95');
  await page.getByTestId('finding-edit-width').fill('12');
  await page.getByTestId('finding-edit-save').click();
  await expect(page.getByTestId('finding-edit-form')).toHaveCount(0);
  await expect(page.getByTestId('finding-size')).toContainText('95 × 12 mm');
  const history = page.getByTestId('finding-history');
  await expect(history).toContainText('Düzenlendi');
  await expect(history.locator('[data-field="severity"]')).toHaveText('Önem: 3 · Orta → 5 · Kritik');
  await expect(history.locator('[data-field="length_mm"]')).toHaveText('Uzunluk (mm): 60 → 95');
  // by the keyboard: the success toast may sit over the tab
  await page.getByTestId('finding-tab-timeline').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('timeline-growth')).toContainText('95');
  await page.keyboard.press('Escape');
  const row = page.getByTestId('findings-section').locator(`[data-finding-id="${edited}"]`);
  await expect(row.getByTestId('severity-chip')).toHaveText('5 · Kritik');
});

test('two tabs edit one finding: the second is told, loads the current values and still has what it typed', async ({ context }) => {
  test.setTimeout(90_000);
  const first = await context.newPage();
  const second = await context.newPage();
  for (const page of [first, second]) {
    // a tab in the background gets no animation frames: each works in front, as a person would
    await page.bringToFront();
    await signIn(page, manager);
    await openFinding(page, twoTabs);
    await page.getByTestId('finding-edit').click();
  }
  await first.bringToFront();
  await first.getByTestId('finding-edit-notes').fill('saved in the first tab');
  await first.getByTestId('finding-edit-save').click();
  await expect(first.getByTestId('finding-edit-form')).toHaveCount(0);

  await second.bringToFront();
  await second.getByTestId('finding-edit-notes').fill('typed in the second tab');
  await second.getByTestId('finding-edit-length').fill('70');
  await second.getByTestId('finding-edit-save').click();
  const stale = second.getByTestId('finding-edit-stale');
  await expect(stale).toContainText('Bu bulgu başka biri tarafından değiştirildi');
  await expect(second.getByTestId('finding-edit-notes')).toHaveValue('typed in the second tab');
  await second.getByTestId('finding-edit-load-current').click();
  await expect(stale).toHaveAttribute('data-loaded', 'true');
  await expect(second.getByTestId('finding-edit-notes')).toHaveValue('saved in the first tab');
  const mine = second.getByTestId('finding-edit-mine');
  await expect(mine).toContainText('Notlar: typed in the second tab');
  await expect(mine).toContainText('Uzunluk (mm): 70');
  await second.getByTestId('finding-edit-reapply').click();
  await expect(second.getByTestId('finding-edit-notes')).toHaveValue('typed in the second tab');
  await second.getByTestId('finding-edit-save').click();
  await expect(second.getByTestId('finding-edit-form')).toHaveCount(0);
  await expect(second.getByTestId('finding-history').locator('[data-kind="updated"]')).toHaveCount(2);
  const stored = await apiData<{ notes: string; length_mm: number }>(manager, 'GET', `/turbines/${turbineId}/findings/${twoTabs}`);
  expect(stored).toMatchObject({ notes: 'typed in the second tab', length_mm: 70 });
});

async function download(page: Page, prefix: string, item: string) {
  await page.getByTestId(prefix).click();
  const file = page.waitForEvent('download');
  await page.getByTestId(`${prefix}-${item}`).click();
  return exportText(await file);
}

test("a turbine's findings filtered to severity at least 5 export the rows shown; all findings stay a separate choice", async ({
  page,
}) => {
  await signIn(page, manager);
  await page.goto(`/dashboard/turbine/${turbineId}`);
  const rows = page.getByTestId('findings-section').getByTestId('finding-row');
  await expect(rows).toHaveCount(7, { timeout: 20_000 });
  await choose(page, 'findings-filter-severity', /^5 · Kritik/);
  const critical = await apiData<unknown[]>(manager, 'GET', `/turbines/${turbineId}/findings?min_severity=5`);
  expect(critical.length).toBeGreaterThanOrEqual(2);
  await expect(rows).toHaveCount(critical.length);
  const shown = await Promise.all((await rows.all()).map((r) => r.getAttribute('data-finding-id')));
  const csv = await download(page, 'findings-export', 'shown-csv');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Filtreler: En az önem: 5 · Kritik ve üstü');
  expect(csvIds(csv)).toEqual(shown.map(Number));
  const xlsx = await download(page, 'findings-export', 'shown-xlsx');
  expect(xlsx).toContain('En az önem');
  expect(csvIds(await download(page, 'findings-export', 'all-csv'))).toHaveLength(7);
});

test('the dashboard exports the findings of the turbines it lists, none when it lists none', async ({ page }) => {
  await signIn(page, manager);
  await page.goto(`/dashboard?q=${code}`);
  await expect(page.getByTestId('count-found')).toHaveText('1', { timeout: 20_000 });
  const ids = csvIds(await download(page, 'dashboard-findings-export', 'shown-csv'));
  expect(ids).toHaveLength(7);
  await page.goto('/dashboard?q=no-turbine-is-called-this');
  await expect(page.getByTestId('count-found')).toHaveText('0');
  const none = await download(page, 'dashboard-findings-export', 'shown-csv');
  expect(none).toContain('Filtreler: Arama: no-turbine-is-called-this');
  expect(csvIds(none)).toHaveLength(0);
  expect(csvIds(await download(page, 'dashboard-findings-export', 'all-csv')).length).toBeGreaterThan(7);
});

for (const [language, theme] of [
  ['tr', 'light'],
  ['en', 'dark'],
] as const) {
  test(`the edit form, the stale notice and the export menu have no serious axe violations (${language}, ${theme})`, async ({
    context,
  }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    const page = await context.newPage();
    await signIn(page, manager, { language, theme });
    await openFinding(page, edited);
    await page.getByTestId('finding-edit').click();
    await page.getByTestId('finding-edit-notes').fill(`axe ${language}`);
    // another save in between makes this one stale
    const current = await apiData<{ version: number }>(manager, 'GET', `/turbines/${turbineId}/findings/${edited}`);
    await apiData(manager, 'PUT', `/turbines/${turbineId}/findings/${edited}`, { version: current.version, notes: `between ${language}` });
    await page.getByTestId('finding-edit-save').click();
    await expect(page.getByTestId('finding-edit-stale')).toBeVisible();
    for (const v of await seriousViolations(page)) found.push(`stale: ${v}`);
    await page.getByTestId('finding-edit-load-current').click();
    await expect(page.getByTestId('finding-edit-reapply')).toBeVisible();
    for (const v of await seriousViolations(page)) found.push(`loaded: ${v}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('findings-export').click();
    await expect(page.getByTestId('findings-export-menu')).toBeVisible();
    for (const v of await seriousViolations(page)) found.push(`menu: ${v}`);
    expect(found).toEqual([]);
  });
}
