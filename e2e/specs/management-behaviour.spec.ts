import { expect, type Page, test } from '@playwright/test';
import { submitLogin } from '../support/session.ts';
import { apiAs, COMPANY, companyIdByName, DEMO, dialog, openAs, pick, unique } from '../support/management.ts';

/** Issue 12: how the management screens behave around dialogs, failures, languages, duplicates, order and the URL.
 *  Rows made here are removed again; demo rows are never changed. */

const cards = (page: Page) => page.getByTestId('turbine-card');
const toEnglish = (page: Page) => page.getByTestId('language-toggle').getByRole('button', { name: 'EN' }).click();

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
});
