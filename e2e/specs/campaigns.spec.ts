import { expect, test } from '@playwright/test';
import { apiData, apiLogin, createTurbine, egeCompanyId, makePhoto, signIn, superadmin, uploadPhotos } from '../support/viewer-data.ts';

// Issue 17, item 1: a manager plans a campaign in the UI; a turbine whose drone coverage is complete waits at
// "coverage complete" for its draft finding; once the manager confirms the draft on the turbine page, the board says
// "reviewed". In Turkish and in English.
const point = { space: 'flat', shape: 'point', points: [[0.4, 0.4]] };

for (const language of ['tr', 'en'] as const) {
  test(`a campaign's turbine moves to reviewed after its draft is confirmed (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    const words =
      language === 'tr'
        ? { coverage: 'Kapsam tamam', reviewed: 'İncelendi', planned: 'Planlandı', create: 'Oluştur' }
        : { coverage: 'Coverage complete', reviewed: 'Reviewed', planned: 'Planned', create: 'Create' };
    const admin = await superadmin();
    const ege = await egeCompanyId(admin);
    const code = `E2E-CMP-${language}-${Date.now()}`;
    const turbineId = await createTurbine(admin, ege, { code, rooms: 1 });
    const idle = await createTurbine(admin, ege, { code: `${code}-B`, rooms: 1 });
    const year = new Date().getFullYear();
    const photoIds: number[] = [];
    for (const blade of ['A', 'B', 'C'] as const) {
      const [p] = await uploadPhotos(admin, turbineId, { year, blade, category: 'drone' }, [
        { name: `drone-${blade}.jpg`, bytes: await makePhoto(blade, 800, 600, blade.charCodeAt(0)) },
      ]);
      photoIds.push(p?.id ?? 0);
    }
    // a draft marked by the operator (the manager may review it: not its author)
    const operator = await apiLogin('operator@ege.example', 'demo1234');
    const draft = await apiData<{ id: number }>(operator, 'POST', `/turbines/${turbineId}/findings`, {
      blade: 'A',
      surface: 'LE',
      type: 'erosion',
      severity: 2,
      observation: { photo_id: photoIds[0], geometry: point },
    });

    const manager = await apiLogin('manager@ege.example', 'demo1234');
    await signIn(page, manager, { language });
    await page.goto('/dashboard');
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('add-campaign').click();
    const form = page.getByTestId('campaign-form');
    const name = `E2E ${language} ${Date.now()}`;
    await form.getByTestId('campaign-name').fill(name);
    // drone is ticked by default; dates default to today and a month later; the turbines by keyboard search
    await expect(form.getByTestId('campaign-method-drone')).toBeChecked();
    const turbines = form.getByTestId('campaign-turbines');
    for (const c of [code, `${code}-B`]) {
      await turbines.fill(c);
      await page.getByRole('option', { name: new RegExp(`^${c}( |$)`) }).click();
    }
    // the turbines' list stays open after a pick (and may cover the buttons): Escape closes the list, not the dialog
    await turbines.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(form).toBeVisible();
    await form.getByTestId('campaign-submit').click();
    await expect(page.getByTestId('campaign-form')).toHaveCount(0);
    await page.getByTestId('campaign-row').filter({ hasText: name }).getByRole('link').click();

    const board = page.getByTestId('campaign-board-table');
    const row = board.locator(`[data-turbine-id="${turbineId}"]`);
    await expect(row.getByTestId('turbine-state')).toHaveText(words.coverage);
    await expect(row.getByTestId('drafts-count')).toHaveText('1');
    await expect(board.locator(`[data-turbine-id="${idle}"]`).getByTestId('turbine-state')).toHaveText(words.planned);
    await expect(page.getByTestId('summary-coverage_complete')).toHaveAttribute('data-count', '1');
    await expect(page.getByTestId('summary-reviewed')).toHaveAttribute('data-count', '0');

    // confirm the draft on the turbine page (linked from the board row)
    await row.getByRole('link').first().click();
    const section = page.getByTestId('findings-section');
    await section.locator(`[data-finding-id="${draft.id}"]`).getByTestId('finding-open').click();
    await page.getByTestId('finding-to-confirmed').click();
    await expect(page.getByTestId('finding-detail')).toHaveAttribute('data-status', 'confirmed');
    await page.goBack();

    await expect(row.getByTestId('turbine-state')).toHaveText(words.reviewed);
    await expect(row.getByTestId('drafts-count')).toHaveText('0');
    await expect(page.getByTestId('summary-reviewed')).toHaveAttribute('data-count', '1');
    // the generated report's action has its place on the row (items 2-3)
    await expect(row.locator('[data-slot="report-actions"]')).toHaveCount(1);
  });
}
