import { expect, type Page, test } from '@playwright/test';
import { apiAs, COMPANY, DEMO, dialog, openAs, pick, unique } from '../support/management.ts';

/** Spec §2 Dashboard, §5 turbine rules, §6 roles. Turbines made here are removed again; demo rows are never changed. */

const cards = (page: Page) => page.getByTestId('turbine-card');
const total = (page: Page) => page.getByTestId('count-total');
const found = (page: Page) => page.getByTestId('count-found');

async function companiesOfVisibleCards(page: Page): Promise<string[]> {
  await expect(cards(page).first()).toBeVisible();
  return cards(page).getByTestId('turbine-company').allTextContents();
}

test.describe('dashboard: superadmin', () => {
  test('sees both partners and narrows by company, city, year and free text', async ({ page }) => {
    await openAs(page, DEMO.superadmin);
    await expect(page.getByTestId('add-turbine')).toBeVisible();
    // the header's links are named; where the bar is full (audit log, webhooks) the later ones show as named icons
    // (management-layout checks that everything fits)
    await expect(page.getByTestId('nav-companies')).toHaveAccessibleName('Partner Yönetimi');
    await expect(page.getByTestId('nav-users')).toHaveAccessibleName('Kullanıcı Ayarları');
    await expect(page.getByTestId('edit-turbine').first()).toBeVisible();
    await expect(page.getByTestId('delete-turbine').first()).toBeVisible();
    const everything = Number(await total(page).textContent());
    expect(everything).toBeGreaterThanOrEqual(9);

    await pick(page, page.getByTestId('filter-company'), COMPANY.marmara);
    await expect.poll(async () => new Set(await companiesOfVisibleCards(page))).toEqual(new Set([COMPANY.marmara]));
    const marmara = Number(await total(page).textContent());
    await pick(page, page.getByTestId('filter-company'), COMPANY.ege);
    await expect.poll(async () => new Set(await companiesOfVisibleCards(page))).toEqual(new Set([COMPANY.ege]));
    const ege = Number(await total(page).textContent());
    expect(marmara).toBeGreaterThanOrEqual(3);
    expect(ege).toBeGreaterThanOrEqual(6);
    await expect(found(page)).toHaveText(String(ege));

    // city: Ege's demo fleet has three turbines in İzmir
    await pick(page, page.getByTestId('filter-city'), 'İzmir');
    await expect.poll(async () => Number(await found(page).textContent())).toBeGreaterThanOrEqual(3);
    await expect(cards(page).filter({ hasText: 'Didim' })).toHaveCount(0);

    // years newest first; picking one never shows more than the total
    await page.getByTestId('filter-year').click();
    const years = (await page.getByRole('option').allTextContents()).map(Number);
    expect(years.length).toBeGreaterThan(0);
    expect([...years].sort((a, b) => b - a)).toEqual(years);
    await page.getByRole('option').first().click();
    expect(Number(await found(page).textContent())).toBeLessThanOrEqual(ege);

    // free text searches code, city, location and name (filters live in the address: the bare one has none)
    await page.goto('/dashboard');
    await expect(cards(page).first()).toBeVisible();
    const search = page.getByTestId('turbine-search');
    for (const [text, name] of [
      ['EGE-SOM-12', 'Soma RES T-12'],
      ['kozak', 'Bergama RES T-01'],
      ['ÇANAKKALE', 'Gelibolu RES T-09'],
      ['şarköy res', 'Şarköy RES T-01'],
    ] as const) {
      await search.fill(text);
      await expect(cards(page).getByTestId('turbine-name').filter({ hasText: name })).toBeVisible();
    }
    await search.fill('bu-kodda-turbin-yok');
    await expect(page.getByTestId('no-results')).toContainText('Sonuç bulunamadı');
    await expect(found(page)).toHaveText('0');
  });

  test('adds, edits and deletes a turbine, with every validation message', async ({ page }) => {
    const code = `E2E-${unique()}`.toUpperCase();
    const renamed = `E2E Türbin ${code}`;
    await openAs(page, DEMO.superadmin);
    await page.getByTestId('add-turbine').click();
    const form = dialog(page);
    await expect(form).toContainText('Yeni Türbin Ekle');
    const submit = form.getByTestId('turbine-submit');
    await expect(submit).toBeDisabled();

    // Escape and an outside click close; the fields are empty on the next opening
    await form.getByLabel(/^Şehir/).fill('izmir');
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await page.getByTestId('add-turbine').click();
    await expect(form.getByLabel(/^Şehir/)).toHaveValue('');
    await page.mouse.click(20, 400);
    await expect(form).toBeHidden();
    await page.getByTestId('add-turbine').click();

    await form.getByLabel(/^Şehir/).fill('İzmir');
    await form.getByLabel(/^Kod/).fill(code);
    await expect(submit).toBeDisabled();
    await form.getByLabel(/^Konum/).fill('Aliağa, Samurlu');
    await expect(submit).toBeEnabled();
    await form.getByLabel(/^Oda sayısı/).fill('0');
    await expect(form).toContainText('Oda sayısı 1 veya daha büyük olmalıdır');
    await form.getByLabel(/^Oda sayısı/).fill('4');
    await form.getByLabel(/^Koordinatlar/).fill('kuzey,güney');
    await submit.click();
    await expect(form).toContainText('Lütfen bir şirket seçin');
    await expect(form).toContainText('Koordinatlar "enlem,boylam" biçiminde olmalıdır (ör. 38.42,27.14)');
    await form.getByLabel(/^Koordinatlar/).fill('38.80,26.97');
    await pick(page, form.getByTestId('turbine-company-select'), COMPANY.marmara);
    await submit.click();
    await expect(form).toBeHidden();
    await expect(page.getByText('Türbin eklendi.')).toBeVisible();

    await page.getByTestId('turbine-search').fill(code);
    const card = cards(page);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('İzmir');
    await expect(card).toContainText('Aliağa, Samurlu');
    await expect(card).toContainText(COMPANY.marmara);
    await expect(card).toContainText('4 oda');
    await expect(card).toContainText('Aktif');

    // edit: city, code, location required; company and status changed by the superadmin; rooms carried over
    await card.getByTestId('edit-turbine').click();
    await expect(form).toContainText('Türbini Düzenle');
    await form.getByLabel(/^Şehir/).fill('');
    await form.getByTestId('turbine-submit').click();
    await expect(form.getByText('Şehir, kod ve konum gereklidir')).toBeVisible();
    await form.getByLabel(/^Şehir/).fill('manisa');
    await form.getByLabel(/^Türbin adı/).fill(renamed);
    await pick(page, form.getByTestId('turbine-status'), 'Bakımda');
    await pick(page, form.getByTestId('turbine-company-select'), COMPANY.ege);
    await form.getByTestId('turbine-submit').click();
    await expect(form).toBeHidden();
    await expect(page.getByText('Türbin güncellendi.')).toBeVisible();
    await expect(card).toContainText(renamed);
    await expect(card).toContainText('Manisa');
    await expect(card).toContainText('Bakımda');
    await expect(card).toContainText(COMPANY.ege);
    await expect(card).toContainText('4 oda');

    // delete, with the spec's question and warnings
    await card.getByTestId('delete-turbine').click();
    await expect(form).toContainText(`Bu türbini silmek istediğinizden emin misiniz: ${renamed}? Bu işlem geri alınamaz.`);
    await expect(form).toContainText('Tüm fotoğraflar');
    await expect(form).toContainText('Tüm raporlar');
    await expect(form).toContainText('Tüm yorumlar');
    await form.getByRole('button', { name: 'Evet, sil' }).click();
    await expect(page.getByText('Türbin silindi.')).toBeVisible();
    await expect(page.getByTestId('no-results')).toBeVisible();
  });

  test('grid or list, remembered; language toggle; logout goes home', async ({ page }) => {
    await openAs(page, DEMO.superadmin);
    await expect(cards(page).first()).toBeVisible();
    await page.getByTestId('view-toggle').getByText('Liste').click();
    await expect(page.getByTestId('turbine-row').first()).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('turbine-row').first()).toBeVisible();
    await page.getByTestId('language-toggle').getByRole('button', { name: 'EN' }).click();
    await expect(page.getByTestId('add-turbine')).toHaveText('Add Turbine');
    await expect(page.getByText('Total Turbines')).toBeVisible();
    await page.getByTestId('view-toggle').getByText('Cards').click();
    await expect(cards(page).first()).toBeVisible();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('dashboard: manager', () => {
  test('sees only its company, adds a turbine to it, has no edit or delete icons', async ({ page, request }) => {
    const code = `E2E-M-${unique()}`.toUpperCase();
    await openAs(page, DEMO.egeManager);
    await expect.poll(async () => new Set(await companiesOfVisibleCards(page))).toEqual(new Set([COMPANY.ege]));
    await expect(page.getByTestId('filter-company')).toHaveCount(0);
    await expect(page.getByTestId('nav-companies')).toHaveCount(0);
    await expect(page.getByTestId('nav-users')).toBeVisible();
    await expect(page.getByTestId('edit-turbine')).toHaveCount(0);
    await expect(page.getByTestId('delete-turbine')).toHaveCount(0);

    await page.getByTestId('add-turbine').click();
    const form = dialog(page);
    await expect(form.getByTestId('own-company-note')).toHaveText(`Türbin şirketinize eklenecek: ${COMPANY.ege}`);
    await expect(form.getByTestId('turbine-company-select')).toHaveCount(0);
    await form.getByLabel(/^Şehir/).fill('aydın');
    await form.getByLabel(/^Kod/).fill(code);
    await form.getByLabel(/^Konum/).fill('Didim, Mavişehir');
    await form.getByTestId('turbine-submit').click();
    await expect(page.getByText('Türbin eklendi.')).toBeVisible();
    await page.getByTestId('turbine-search').fill(code);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText(COMPANY.ege);
    await expect(cards(page).getByTestId('edit-turbine')).toHaveCount(0);

    const admin = await apiAs(request, DEMO.superadmin);
    const mine = (await admin.call<{ id: number; code: string }[]>('GET', '/turbines')).filter((t) => t.code === code);
    expect(mine).toHaveLength(1);
    for (const turbine of mine) await admin.call('DELETE', `/turbines/${turbine.id}`);
  });
});

for (const email of [DEMO.egeOperator, DEMO.egeCustomer, DEMO.egeViewer]) {
  test(`dashboard: ${email} reads only, and is sent back from users and partners`, async ({ page }) => {
    await openAs(page, email);
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByTestId('add-turbine')).toHaveCount(0);
    await expect(page.getByTestId('nav-companies')).toHaveCount(0);
    await expect(page.getByTestId('nav-users')).toHaveCount(0);
    await expect(page.getByTestId('edit-turbine')).toHaveCount(0);
    await expect(page.getByTestId('filter-company')).toHaveCount(0);
    await expect.poll(async () => new Set(await companiesOfVisibleCards(page))).toEqual(new Set([COMPANY.ege]));

    await page.goto('/dashboard/users');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/companies');
    await expect(page.getByText('Bu sayfaya erişim yetkiniz yok.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/companies$/);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5000 });
  });
}
