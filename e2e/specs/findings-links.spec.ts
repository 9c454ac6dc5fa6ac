import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { apiData, createTurbine, egeCompanyId, makePhoto, type Session, signIn, superadmin, uploadPhotos } from '../support/viewer-data.ts';

// Linking sightings across years and a finding's timeline (issue 16): the demo pair linked from the drawer, the mark
// form adding a sighting to an earlier finding, the review screen's keys, axe in both languages.
test.describe.configure({ mode: 'serial' });
// axe is injected as a script tag; the app's CSP (script-src 'self') would refuse it
test.use({ bypassCSP: true });

let admin: Session;

type Finding = {
  id: number;
  status: string;
  surface: string;
  first_seen_year: number;
  last_seen_year: number;
  observation_count: number;
  severity: number;
};
const box = (x: number, y: number) => ({
  space: 'flat',
  shape: 'rectangle',
  points: [
    [x, y],
    [x + 0.1, y + 0.08],
  ],
});

test.beforeAll(async () => {
  admin = await superadmin();
});

/** A turbine with an operator photo of 2025 and a drone photo of 2026, blade A; `pairs` earlier (2025) findings at 10 m
 *  steps, each with an unlinked 2026 finding 0.3 m away when `later`. */
async function turbineWithPairs(label: string, pairs: number, later: boolean) {
  const turbineId = await createTurbine(admin, await egeCompanyId(admin), { code: `E2E-LNK-${label}-${Date.now()}`, turbine_name: label });
  const [old] = await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', category: 'operator' }, [
    { name: 'old.jpg', bytes: await makePhoto('2025', 1600, 1000, 2) },
  ]);
  const [now] = await uploadPhotos(admin, turbineId, { year: 2026, blade: 'A', category: 'drone' }, [
    { name: 'new.jpg', bytes: await makePhoto('2026', 1600, 1000, 4) },
  ]);
  const earlier: Finding[] = [];
  const newer: Finding[] = [];
  for (let i = 0; i < pairs; i++) {
    const distance = 10 + 10 * i;
    earlier.push(
      await apiData<Finding>(admin, 'POST', `/turbines/${turbineId}/findings`, {
        blade: 'A',
        surface: 'LE',
        type: 'crack',
        severity: 2,
        distance_from_root_m: distance,
        observation: { photo_id: old?.id, geometry: box(0.2 + 0.1 * i, 0.3), length_mm: 40 },
      }),
    );
    if (later)
      newer.push(
        await apiData<Finding>(admin, 'POST', `/turbines/${turbineId}/findings`, {
          blade: 'A',
          surface: 'LE',
          type: 'crack',
          severity: 3,
          distance_from_root_m: distance + 0.3,
          observation: { photo_id: now?.id, geometry: box(0.2 + 0.1 * i, 0.32), length_mm: 70 },
        }),
      );
  }
  return { turbineId, earlier, newer, oldPhoto: old?.id ?? 0, newPhoto: now?.id ?? 0 };
}

async function demoPair() {
  const turbines = await apiData<{ id: number; code: string }[]>(admin, 'GET', '/turbines');
  const bergama = turbines.find((t) => t.code === 'EGE-BRG-01');
  const all = await apiData<Finding[]>(admin, 'GET', `/turbines/${bergama?.id}/findings`);
  const draft = all.find((f) => f.status === 'draft' && f.surface === 'PS');
  return { turbineId: bergama?.id ?? 0, draft };
}

async function openFinding(page: Page, turbineId: number, findingId: number) {
  await page.goto(`/dashboard/turbine/${turbineId}`);
  await page.getByTestId('findings-section').locator(`[data-finding-id="${findingId}"]`).getByTestId('finding-open').click();
  await expect(page.getByTestId('finding-detail')).toBeVisible();
}

test("the demo pair: this year's draft is linked to last year's crack from the drawer, then its timeline shows both years", async ({
  page,
}) => {
  const { turbineId, draft } = await demoPair();
  expect(draft?.first_seen_year).toBe(2026);
  await signIn(page, admin, { language: 'en' });
  await openFinding(page, turbineId, draft?.id ?? 0);
  const suggestions = page.getByTestId('finding-link-suggestions');
  await expect(suggestions).toContainText('Seen here in earlier years');
  const card = suggestions.getByTestId('link-suggestion');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('0.4 m away');
  const targetId = Number(await card.getAttribute('data-finding-id'));
  await card.getByTestId('link-suggestion-link').click();

  // the drawer now shows the earlier finding, seen over two years, with the 'linked' event
  await expect(page.locator('.mantine-Drawer-title')).toHaveText(`Finding #${targetId}`);
  await expect(page.getByTestId('finding-link-suggestions')).toHaveCount(0);
  await expect(page.getByTestId('finding-history')).toContainText('Sightings linked');
  const linked = await apiData<Finding>(admin, 'GET', `/turbines/${turbineId}/findings/${targetId}`);
  expect([linked.first_seen_year, linked.last_seen_year, linked.observation_count, linked.severity]).toEqual([2025, 2026, 2, 3]);
  const gone = await apiData<Finding[]>(admin, 'GET', `/turbines/${turbineId}/findings`);
  expect(gone.some((f) => f.id === draft?.id)).toBe(false);

  await page.getByTestId('finding-tab-timeline').click();
  const timeline = page.getByTestId('finding-timeline');
  await expect(timeline.getByTestId('timeline-crop')).toHaveCount(2);
  await expect(timeline.getByTestId('timeline-crop').first()).toHaveAttribute('data-year', '2025');
  await expect(timeline.getByTestId('timeline-growth')).toHaveText('Growth: +35 mm per year (60 → 95 mm, 2025–2026)');
  await expect(timeline.getByTestId('timeline-first-seen')).toHaveText('2025');
  await expect(timeline.getByTestId('timeline-last-seen')).toHaveText('2026');
  // Mantine's chart (recharts): a line per series, points per year
  await expect(timeline.locator('.recharts-line')).toHaveCount(2);
  // both crops drawn at one scale: heights in the ratio of their own pixels
  const heights = await timeline
    .locator('[data-testid="timeline-crop"] img')
    .evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({ shown: img.getBoundingClientRect().height, natural: img.naturalHeight })),
    );
  const ratios = heights.map((h) => h.shown / h.natural);
  expect(Math.abs((ratios[0] ?? 0) - (ratios[1] ?? 1))).toBeLessThan(0.02);
});

test('the mark form offers the earlier finding for the placement; the sighting is added to it', async ({ page }) => {
  const data = await turbineWithPairs('Mark', 1, false);
  const earlier = data.earlier[0];
  await signIn(page, admin);
  await page.goto(`/turbine/${data.turbineId}/drone-photos`);
  await expect(page.getByTestId('finding-overlay')).toBeVisible();
  await page.getByTestId('finding-mark-toggle').click();
  const view = (await page.getByTestId('photo-zoom').boundingBox()) ?? { x: 0, y: 0, width: 1, height: 1 };
  const from = { x: view.x + view.width / 2 - 40, y: view.y + view.height / 2 - 30 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 100, from.y + 60, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('finding-form-type')).toBeVisible();
  await page.getByTestId('finding-form-type').click();
  await page.getByRole('option', { name: 'Çatlak' }).click();
  await page.getByLabel('Kökten uzaklık (m)').fill('10.6');
  const offered = page.getByTestId('mark-link-suggestions');
  await expect(offered).toContainText('Önceki yıllarda aynı yerde');
  await expect(offered.getByTestId('link-suggestion')).toHaveAttribute('data-finding-id', String(earlier?.id));
  await offered.getByTestId('mark-add-to-earlier').click();
  await expect(page.getByTestId('finding-form-type')).toHaveCount(0);
  const after = await apiData<Finding>(admin, 'GET', `/turbines/${data.turbineId}/findings/${earlier?.id}`);
  expect([after.observation_count, after.last_seen_year]).toEqual([2, 2026]);
  // no new finding was made
  expect(await apiData<Finding[]>(admin, 'GET', `/turbines/${data.turbineId}/findings`)).toHaveLength(1);
});

test("the review screen walks a turbine's suggestions with the keyboard: next, dismiss, link", async ({ page }) => {
  const data = await turbineWithPairs('Review', 2, true);
  await signIn(page, admin, { language: 'en' });
  await page.goto(`/dashboard/turbine/${data.turbineId}`);
  await page.getByTestId('findings-review-link').click();
  await expect(page).toHaveURL(/findings-review\?year=2026/);
  const progress = page.getByTestId('review-progress');
  await expect(progress).toHaveText('Finding 1 of 2');
  await expect(page.getByTestId('review-finding')).toHaveAttribute('data-finding-id', String(data.newer[0]?.id));
  await page.keyboard.press('ArrowRight');
  await expect(progress).toHaveText('Finding 2 of 2');
  await expect(page.getByTestId('review-finding')).toHaveAttribute('data-finding-id', String(data.newer[1]?.id));
  await page.keyboard.press('ArrowLeft');
  await expect(progress).toHaveText('Finding 1 of 2');
  expect(await seriousViolations(page)).toEqual([]);
  // D dismisses the first finding's suggestion: it leaves the review
  await page.keyboard.press('d');
  await expect(progress).toHaveText('Finding 1 of 1');
  await expect(page.getByTestId('review-finding')).toHaveAttribute('data-finding-id', String(data.newer[1]?.id));
  // L links the second, once the dismissal has settled (the reload of the findings; the buttons are disabled until then)
  await expect(page.getByTestId('link-suggestion-dismiss').first()).toBeEnabled();
  await page.keyboard.press('l');
  await expect(page.getByTestId('review-empty')).toHaveText('No suggestions left for 2026.');
  const list = await apiData<Finding[]>(admin, 'GET', `/turbines/${data.turbineId}/findings`);
  expect(list.map((f) => f.id).sort((a, b) => a - b)).toEqual([data.earlier[0]?.id, data.earlier[1]?.id, data.newer[0]?.id].sort());
  const dismissed = await apiData<{ events: { kind: string }[] }>(
    admin,
    'GET',
    `/turbines/${data.turbineId}/findings/${data.newer[0]?.id}`,
  );
  expect(dismissed.events.map((e) => e.kind)).toContain('link_dismissed');
});

for (const [language, theme] of [
  ['tr', 'light'],
  ['en', 'dark'],
] as const) {
  test(`axe: the drawer's suggestions and the timeline have no serious or critical violations (${language}, ${theme})`, async ({
    page,
  }) => {
    const data = await turbineWithPairs(`Axe-${language}`, 1, true);
    await signIn(page, admin, { language, theme });
    await openFinding(page, data.turbineId, data.newer[0]?.id ?? 0);
    await expect(page.getByTestId('finding-link-suggestions')).toContainText(
      language === 'tr' ? 'Önceki yıllarda aynı yerde' : 'Seen here in earlier years',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('finding-link-suggestions').getByTestId('link-suggestion-link').click();
    await expect(page.getByTestId('finding-link-suggestions')).toHaveCount(0);
    await page.getByTestId('finding-tab-timeline').click();
    await expect(page.getByTestId('timeline-growth')).toContainText(language === 'tr' ? 'yılda +30 mm' : '+30 mm per year');
    await expect(page.locator('.recharts-line')).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
