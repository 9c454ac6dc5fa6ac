import { expect as baseExpect, type Page, test } from '@playwright/test';
import { submitLogin } from '../support/session.ts';
import { apiAs, COMPANY, companyIdByName, DEMO, dialog, openAs, pick, unique } from '../support/management.ts';

/** Issue 12: how the management screens behave around dialogs, failures, languages, duplicates, order and the URL.
 *  Rows made here are removed again; demo rows are never changed. Long flows: more time than the default 30 s. */
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const cards = (page: Page) => page.getByTestId('turbine-card');
// dispatched on the button itself: an open dialog's overlay takes pointer clicks
const toEnglish = (page: Page) => page.getByTestId('language-toggle').getByRole('button', { name: 'EN' }).dispatchEvent('click');

test.describe('dialogs', () => {
  test('a delete dialog opens on Cancel: Enter does not delete', async ({ page, request }) => {
    const admin = await apiAs(request, DEMO.superadmin);
    const code = `E2E-FOCUS-${unique()}`.toUpperCase();
    const turbine = await admin.call<{ id: number }>('POST', '/turbines', {
      city: 'izmir',
      code,
      location: 'Odak',
      company_id: await companyIdByName(admin, COMPANY.ege),
    });
    try {
      await openAs(page, DEMO.superadmin, `/dashboard?q=${code}`);
      await cards(page).getByTestId('delete-turbine').click();
      await expect(dialog(page).getByRole('button', { name: 'İptal' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog(page)).toHaveCount(0);
      await expect(cards(page)).toHaveCount(1);
      expect((await admin.call<{ id: number }>('GET', `/turbines/${turbine.id}`)).id).toBe(turbine.id);
    } finally {
      await admin.call('DELETE', `/turbines/${turbine.id}`);
    }
  });

  test('one Escape closes the open dialog and leaves the toast under it', async ({ page, request }) => {
    const admin = await apiAs(request, DEMO.superadmin);
    const code = `E2E-ESC-${unique()}`.toUpperCase();
    const turbine = await admin.call<{ id: number }>('POST', '/turbines', {
      city: 'izmir',
      code,
      location: 'Kaçış',
      company_id: await companyIdByName(admin, COMPANY.ege),
    });
    try {
      await openAs(page, DEMO.superadmin, `/dashboard?q=${code}`);
      await cards(page).getByTestId('edit-turbine').click();
      await dialog(page).getByTestId('turbine-submit').click();
      const toast = page.getByText('Türbin güncellendi.');
      await expect(toast).toBeVisible();
      await cards(page).getByTestId('delete-turbine').click();
      await expect(dialog(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toHaveCount(0);
      await expect(toast).toBeVisible();
    } finally {
      await admin.call('DELETE', `/turbines/${turbine.id}`);
    }
  });
});

test.describe('failures and languages', () => {
  test('a turbine list that failed to load offers Tekrar Dene; the counters say Kullanılamıyor meanwhile', async ({ page }) => {
    let failing = true;
    await page.route('**/api/turbines*', (route) =>
      failing && route.request().method() === 'GET'
        ? route.fulfill({
            status: 404,
            contentType: 'application/json',
            body: '{"success":false,"code":"NOT_FOUND","message":"Kayıt bulunamadı."}',
          })
        : route.continue(),
    );
    await openAs(page, DEMO.egeAdmin);
    const banner = page.getByTestId('dashboard-error');
    await expect(banner).toContainText('Türbinler yüklenirken hata oluştu');
    await expect(page.getByTestId('count-total')).toHaveText('Kullanılamıyor');
    await toEnglish(page);
    await expect(page.getByTestId('count-total')).toHaveText('Unavailable');
    await expect(banner).toContainText('Not found.');
    failing = false;
    await banner.getByRole('button', { name: 'Try Again' }).click();
    await expect(cards(page).first()).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(page.getByTestId('count-total')).toHaveText(/^\d+$/);
  });

  test('the sign-in error already on screen follows a language switch', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, DEMO.egeViewer, 'not-the-password');
    const box = page.getByTestId('form-error');
    await expect(box).toContainText('E-posta veya şifre hatalı.');
    await toEnglish(page);
    await expect(box).toContainText('Login failed. Please check your credentials.');
    await expect(box).not.toContainText('hatalı');
  });

  test('a taken e-mail shows under the field, in the language switched to, and goes when the e-mail changes', async ({ page }) => {
    await openAs(page, DEMO.superadmin, '/dashboard/users');
    await page.getByTestId('add-user').click();
    const form = dialog(page);
    await form.getByLabel(/^Ad\b/).fill('Ece');
    await form.getByLabel(/^Soyad/).fill('Yılmaz');
    await form.getByLabel(/^E-posta/).fill(DEMO.egeViewer);
    await form.getByLabel(/^Şifre/).fill('secret-123');
    await pick(page, form.getByLabel(/^Şirket/), COMPANY.marmara);
    await form.getByTestId('user-submit').click();
    const email = form.getByLabel(/^(E-posta|E-mail)/);
    await expect(form).toContainText('Bu e-posta adresi zaten kullanılıyor.');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await toEnglish(page);
    await expect(form).toContainText('This e-mail address is already in use.');
    await form.getByLabel(/^Last name/).fill('Yıldırım');
    await expect(form).toContainText('This e-mail address is already in use.');
    await email.fill(`e2e.${unique()}@marmara.example`);
    await expect(form).not.toContainText('already in use');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('turbine codes, order and the list', () => {
  test('a code the company already uses is refused under the code field, on add and on edit', async ({ page, request }) => {
    const admin = await apiAs(request, DEMO.egeAdmin);
    const code = `E2E-DUP-${unique()}`.toUpperCase();
    const first = await admin.call<{ id: number }>('POST', '/turbines', { city: 'izmir', code, location: 'Bir' });
    const second = await admin.call<{ id: number }>('POST', '/turbines', { city: 'izmir', code: `${code}-B`, location: 'İki' });
    try {
      await openAs(page, DEMO.egeAdmin);
      await page.getByTestId('add-turbine').click();
      const form = dialog(page);
      await form.getByLabel(/^Şehir/).fill('izmir');
      await form.getByLabel(/^Kod/).fill(` ${code.toLowerCase()} `);
      await form.getByLabel(/^Konum/).fill('Üç');
      await form.getByTestId('turbine-submit').click();
      const message = `"${code.toLowerCase()}" kodlu bir türbin bu şirkette zaten var.`;
      await expect(form.getByText(message)).toBeVisible();
      await expect(form.getByLabel(/^Kod/)).toHaveAttribute('aria-invalid', 'true');
      await page.keyboard.press('Escape');

      // editing is the superadmin's (DECISIONS §1)
      await openAs(page, DEMO.superadmin);
      await page.getByTestId('turbine-search').fill(`${code}-B`);
      await expect(cards(page)).toHaveCount(1);
      await cards(page).getByTestId('edit-turbine').click();
      await form.getByLabel(/^Kod/).fill(code);
      await form.getByTestId('turbine-submit').click();
      await expect(form.getByText(`"${code}" kodlu bir türbin bu şirkette zaten var.`)).toBeVisible();
      await toEnglish(page);
      await expect(form.getByText(`This company already has a turbine with the code "${code}".`)).toBeVisible();
    } finally {
      // deleting is the superadmin's too
      const superadmin = await apiAs(request, DEMO.superadmin);
      await superadmin.call('DELETE', `/turbines/${first.id}`);
      await superadmin.call('DELETE', `/turbines/${second.id}`);
    }
  });

  test('the list view is a table sorted in Turkish order, by any column header', async ({ page }) => {
    await openAs(page, DEMO.superadmin, '/dashboard?view=list');
    const table = page.getByRole('table', { name: 'Türbin listesi' });
    await expect(table.getByRole('columnheader')).toHaveCount(10);
    const city = table.getByRole('columnheader', { name: 'Şehir' });
    await expect(city).toHaveAttribute('aria-sort', 'ascending');
    const cities = () => table.locator('[role="row"] [role="cell"]:nth-child(3)').allTextContents();
    const shown = await cities();
    expect(shown).toEqual([...shown].sort(new Intl.Collator('tr').compare));
    expect(shown.indexOf('Çanakkale')).toBeLessThan(shown.indexOf('İzmir'));
    expect(shown.indexOf('Çanakkale')).toBeGreaterThan(-1);
    await city.getByRole('button').click();
    await expect(city).toHaveAttribute('aria-sort', 'descending');
    const reversed = await cities();
    expect(reversed).toEqual([...reversed].sort(new Intl.Collator('tr').compare).reverse());
    await expect(page).toHaveURL(/sort=city&dir=desc/);
    const rooms = table.getByRole('columnheader', { name: 'Oda' });
    await rooms.getByRole('button').click();
    await expect(rooms).toHaveAttribute('aria-sort', 'ascending');
    await expect(city).toHaveAttribute('aria-sort', 'none');
  });

  test('filters, view and sort survive a reload and a shared link; back and forward step through them', async ({ page }) => {
    await openAs(page, DEMO.superadmin);
    await expect(cards(page).first()).toBeVisible();
    await pick(page, page.getByTestId('filter-company'), COMPANY.marmara);
    await pick(page, page.getByTestId('filter-city'), 'Çanakkale');
    await page.getByTestId('view-toggle').getByText('Liste').click();
    await page.getByTestId('turbine-search').fill('res');
    await expect(page.getByTestId('turbine-row')).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId('turbine-row')).toHaveCount(1);
    await expect(page.getByTestId('turbine-search')).toHaveValue('res');
    await expect(page.getByTestId('filter-city')).toHaveValue('Çanakkale');
    await expect(page.getByTestId('filter-company')).toHaveValue(COMPANY.marmara);
    const link = page.url();
    await page.goBack();
    await expect(cards(page).first()).toBeVisible();
    await page.goForward();
    await expect(page.getByTestId('turbine-row')).toHaveCount(1);

    const other = await page.context().newPage();
    await other.goto(link);
    await expect(other.getByTestId('turbine-row')).toHaveCount(1);
    await expect(other.getByTestId('filter-city')).toHaveValue('Çanakkale');
    await other.close();
  });

  test('the edit form shows the city as the cards do', async ({ page }) => {
    await openAs(page, DEMO.superadmin, '/dashboard?q=EGE-BRG-01');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText('İzmir');
    await cards(page).getByTestId('edit-turbine').click();
    await expect(dialog(page).getByLabel(/^Şehir/)).toHaveValue('İzmir');
  });
});
