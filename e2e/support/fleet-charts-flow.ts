import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { markFinding, moveFinding } from './findings.ts';
import type { Look } from './looks.ts';
import { apiData, createUser, egeCompanyId, makePhoto, type Session, uploadPhotos } from './viewer-data.ts';

// Issue 27 items 1, 3, 4: the dashboard's fleet charts (open findings by model, blade type and distance band, each bar a
// link to the fleet findings list), the list's column chooser, the turbine form's asset fields and the import dialog
// (a dry run with a refused row, then the import), axe on each. Run by specs/fleet-charts.spec.ts (CI, no pictures) and
// specs/fleet-charts-screenshots.spec.ts (pictures, on demand). Every step is timed and bounded (STEP_LIMIT_MS): a
// step that does not end fails the test naming it instead of waiting for the test's own timeout.

/** The longest one step may take (a busy machine included); a step still running then fails the test. */
export const STEP_LIMIT_MS = 90_000;

export interface Fleet {
  tag: string;
  models: [string, string];
  bladeType: string;
}

/** Three turbines of this run (codes carry `tag`, so a search lists exactly them): two of model A (one with a 62 m
 *  blade), one of model B; confirmed findings at 3 to 44 m from the root. */
export async function makeFleet(admin: Session): Promise<Fleet> {
  const tag = `FQ${Date.now().toString(36).toUpperCase()}`;
  const company = await egeCompanyId(admin);
  const reviewer = await createUser(admin, company, 'company_manager', 'Filiz');
  const models: [string, string] = [`Vento 150 ${tag}`, `Poyraz 4.2 ${tag}`];
  const bladeType = `LM 61.2 ${tag}`;
  const turbines = [
    { model: models[0], blade_type: bladeType, blade_length_m: 62, distances: [3, 12.5, 18, 44] },
    { model: models[0], blade_type: bladeType, blade_length_m: null, distances: [14, 27] },
    { model: models[1], blade_type: null, blade_length_m: null, distances: [8] },
  ];
  for (const [i, spec] of turbines.entries()) {
    const { id } = await apiData<{ id: number }>(admin, 'POST', '/turbines', {
      code: `${tag}-${i + 1}`,
      turbine_name: `Filo ${tag} ${i + 1}`,
      city: 'izmir',
      location: 'E2E filo',
      rooms: 3,
      company_id: company,
      manufacturer: i < 2 ? 'Vestas' : 'Nordex',
      model: spec.model,
      blade_type: spec.blade_type,
      blade_length_m: spec.blade_length_m,
      rated_power_kw: 4200,
      commissioning_date: '2021-06-15',
    });
    const [photo] = await uploadPhotos(admin, id, { year: 2026, blade: 'A', category: 'drone' }, [
      { name: `fleet-${i}.jpg`, bytes: await makePhoto(`fleet ${i}`, 800, 600, i) },
    ]);
    for (const [j, distance] of spec.distances.entries()) {
      const finding = await markFinding(admin, id, photo?.id, [0.1 + j * 0.1, 0.2, 0.15 + j * 0.1, 0.3], {
        blade: 'A',
        surface: 'LE',
        type: 'erosion',
        severity: ((i + j) % 5) + 1,
        distance_from_root_m: distance,
      });
      await moveFinding(reviewer, id, finding, 'confirmed');
    }
  }
  return { tag, models, bladeType };
}

async function axeClean(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** `body` as a named step of the flow: its time printed, and a failure after STEP_LIMIT_MS if it has not ended. */
async function timedStep(where: string, name: string, body: () => Promise<void>): Promise<void> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      body(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`fleet charts, ${where}: step "${name}" did not end in ${STEP_LIMIT_MS / 1000} s`)),
          STEP_LIMIT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
    console.log(`fleet charts, ${where}: ${name} ${Date.now() - started} ms`);
  }
}

export type FleetLook = Look & {
  /** a picture of the page (screenshots spec), or nothing (CI) */
  shot: (name: string, fullPage?: boolean) => Promise<void>;
};

/** The charts, their table and links, the fleet findings list, the column chooser, the asset fields and the import in
 *  one look, axe on each screen. */
export async function fleetChartsFlow(page: Page, admin: Session, fleet: Fleet, look: FleetLook): Promise<void> {
  const where = `${look.width} ${look.language} ${look.theme}`;
  const step = (name: string, body: () => Promise<void>) => timedStep(where, name, body);
  // the suspects of the one hang seen (a full-page picture, axe on the recharts page): each timed and bounded on its own
  const shot = (name: string, fullPage = true) => timedStep(where, `picture ${name}`, () => look.shot(name, fullPage));
  const expectAxeClean = (target: Page, label: string) => timedStep(where, `axe ${label}`, () => axeClean(target, label));
  // --- the charts follow the dashboard's filters (a search for this run's turbines) ---
  await step('charts', async () => {
    await page.goto(`/dashboard?view=charts&q=${fleet.tag}`);
    const charts = page.getByTestId('fleet-charts');
    await expect(charts).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('fleet-chart-distance')).toBeVisible({ timeout: 30_000 });
    await expect(charts.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await shot('charts');
    await expectAxeClean(page, `charts ${look.width}`);
  });
  await step('charts tables', async () => {
    // the text alternative: the same numbers, as links, reached with the keyboard
    const modelChart = page.getByTestId('fleet-chart-model');
    await modelChart.getByTestId('fleet-chart-model-table-toggle').focus();
    await page.keyboard.press('Enter');
    const table = modelChart.getByTestId('fleet-chart-model-table');
    await expect(table).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(fleet.models[0]) })).toContainText('6');
    await expect(table.getByRole('row', { name: new RegExp(fleet.models[1]) })).toContainText('1');
    await page.getByTestId('fleet-chart-distance-table-toggle').click();
    const bands = page.getByTestId('fleet-chart-distance-table');
    // a 62 m blade: the axis runs to 60-70 though the furthest finding is at 44 m
    await expect(bands.getByRole('row')).toHaveCount(8);
    await expect(bands.getByRole('row', { name: /^10–20/ })).toContainText('3');
    await shot('charts-tables');
    await expectAxeClean(page, `charts tables ${look.width}`);
  });
  await step('model link', async () => {
    const table = page.getByTestId('fleet-chart-model').getByTestId('fleet-chart-model-table');
    // a row's link opens the fleet findings list with the dashboard's filter and the model
    await table.getByRole('link', { name: fleet.models[0] }).click();
    await expect(page).toHaveURL(/\/dashboard\/findings\?/);
    expect(new URL(page.url()).searchParams.get('model')).toBe(fleet.models[0]);
    expect(new URL(page.url()).searchParams.get('q')).toBe(fleet.tag);
    await expect(page.getByTestId('fleet-finding-row')).toHaveCount(6);
    await expect(page.getByTestId('fleet-findings-total')).toHaveAttribute('data-total', '6');
    await shot('findings-model');
    await expectAxeClean(page, `fleet findings ${look.width}`);
  });
  await step('export of the list', async () => {
    // issue 27: the list's export asks for the list's filters; its file holds the list's six findings
    await page.getByTestId('fleet-findings-export').click();
    await expect(page.getByTestId('fleet-findings-export-menu')).toBeVisible();
    await shot('findings-export', false);
    await expectAxeClean(page, `fleet findings export ${look.width}`);
    const download = page.waitForEvent('download');
    await page.getByTestId('fleet-findings-export-shown-csv').click();
    const csv = readFileSync(await (await download).path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    // the filters' line, the header, the rows
    expect(csv.slice(2)).toHaveLength(6);
    expect(csv[0]).toContain(fleet.models[0]);
  });
  await step('distance bar', async () => {
    // a distance bar, clicked with the mouse, opens its band
    await page.getByTestId('fleet-findings-back').click();
    await expect(page.getByTestId('fleet-chart-distance').locator('.recharts-bar-rectangle').first()).toBeVisible();
    await page.getByTestId('fleet-chart-distance').locator('.recharts-bar-rectangle path').nth(1).click();
    await expect(page).toHaveURL(/distance_from=10&distance_to=20/);
    await expect(page.getByTestId('fleet-finding-row')).toHaveCount(3);
    await shot('findings-band');
  });

  // --- the column chooser: asset columns in the list, remembered for this user ---
  await step('column chooser', async () => {
    await page.goto(`/dashboard?view=list&q=${fleet.tag}`);
    await expect(page.getByTestId('turbine-row')).toHaveCount(3);
    await page.getByTestId('column-chooser').click();
    const dropdown = page.getByTestId('column-chooser-dropdown');
    await expect(dropdown).toBeVisible();
    for (const column of [
      'manufacturer',
      'model',
      'rated_power_kw',
      'hub_height_m',
      'rotor_diameter_m',
      'blade_length_m',
      'blade_type',
      'commissioning_date',
    ])
      await dropdown.getByTestId(`column-${column}`).check();
    await shot('columns-chooser', false);
    await expectAxeClean(page, `column chooser ${look.width}`);
    await page.keyboard.press('Escape');
    await expect(dropdown).toBeHidden();
    await page.reload();
    const firstRow = page.getByTestId('turbine-row').first();
    await expect(firstRow.locator('[data-col="model"]')).toHaveText(/Vento|Poyraz/);
    await expect(firstRow.locator('[data-col="blade_length_m"]')).toBeVisible();
    // nothing wider than the window
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.width);
    await shot('columns-list');
    await expectAxeClean(page, `list with asset columns ${look.width}`);
    // back to none, for the next look's first picture
    await page.getByTestId('column-chooser').click();
    for (const box of await page.getByTestId('column-chooser-dropdown').getByRole('checkbox').all()) await box.uncheck();
    await page.keyboard.press('Escape');
  });

  // --- the turbine form's asset fields ---
  await step('turbine form', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('add-turbine').click();
    const form = page.getByTestId('turbine-form');
    await expect(form).toBeVisible();
    const assets = form.getByTestId('turbine-asset-fields');
    await assets.getByTestId('turbine-asset-manufacturer').fill('Siemens Gamesa');
    await assets.getByTestId('turbine-asset-model').fill('SG 5.0-145');
    await assets.getByTestId('turbine-asset-rated_power_kw').fill(look.language === 'tr' ? '5000' : '5000');
    await assets.getByTestId('turbine-asset-blade_length_m').fill(look.language === 'tr' ? '71,5' : '71.5');
    await assets.getByTestId('turbine-asset-blade_type').fill('B71');
    await assets.scrollIntoViewIfNeeded();
    await shot('form-assets', false);
    await expectAxeClean(page, `turbine form ${look.width}`);
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
  });

  // --- the import: a dry run refuses a row with its reason, then a clean file imports ---
  await step('import', async () => {
    // not found by the search for this run's turbines (its blade would lengthen the next look's axis)
    const code = `IMP-${fleet.tag.slice(2)}-${look.width}`;
    const header = 'Code,City,Location,Rooms,Status,Model,Blade type,Blade length (m),Coordinates';
    const good = `${code},izmir,E2E içe aktarma,3,Active,SG 5.0-145,B71,"71,5","38,42, 27,14"`;
    const bad = `${code}-X,izmir,E2E içe aktarma,3,Active,SG 5.0-145,B71,,"95; 27"`;
    const file = (lines: string[]) => ({ name: 'turbines.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`) });
    await page.getByTestId('turbine-sheet').click();
    await page.getByTestId('turbine-import-open').click();
    const dialog = page.getByTestId('turbine-import');
    await expect(dialog).toBeVisible();
    const companySelect = dialog.getByTestId('turbine-import-company');
    if (await companySelect.isVisible()) {
      await companySelect.click();
      await page.getByRole('option', { name: /^Ege/ }).click();
    }
    await dialog.locator('input[type=file]').setInputFiles(file([header, good, bad]));
    await dialog.getByTestId('turbine-import-check').click();
    await expect(dialog.getByTestId('turbine-import-count-refused')).toContainText('1');
    await expect(dialog.getByTestId('turbine-import-apply')).toBeDisabled();
    await shot('import-refused', false);
    await expectAxeClean(page, `import dry run ${look.width}`);
    await dialog.locator('input[type=file]').setInputFiles(file([header, good]));
    await dialog.getByTestId('turbine-import-check').click();
    await expect(dialog.getByTestId('turbine-import-count-new')).toContainText('1');
    await expect(dialog.getByTestId('turbine-import-apply')).toBeEnabled();
    await shot('import-ready', false);
    await dialog.getByTestId('turbine-import-apply').click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    const listed = await apiData<{ code: string; model: string | null; blade_length_m: number | null }[]>(admin, 'GET', '/turbines');
    expect(listed.find((t) => t.code === code)).toMatchObject({ model: 'SG 5.0-145', blade_length_m: 71.5 });
  });
}
