import { expect, type Page, test } from '@playwright/test';
import { submitLogin } from '../support/session.ts';
import { apiAs, COMPANY, companyIdByName, DEMO, dialog, openAs, pick, unique } from '../support/management.ts';

/** Spec §2 Users page, §5 user rules, DECISIONS §1 and §2. Users made here are removed again; demo passwords never change. */

const row = (page: Page, email: string) => page.locator(`[data-testid="user-row"][data-email="${email}"]`);

test.describe('users: superadmin', () => {
  test('lists everyone with initials, ID, role and company; the protected account offers nothing', async ({ page }) => {
    await openAs(page, DEMO.superadmin, '/dashboard/users');
    const me = row(page, DEMO.superadmin);
    await expect(me).toContainText('SA');
    await expect(me).toContainText(/ID: \d+/);
    await expect(me).toContainText('Süper Yönetici');
    await expect(me).toContainText(COMPANY.internal);
    await expect(me.getByRole('button')).toHaveCount(0);
    await expect(row(page, DEMO.marmaraAdmin)).toContainText(COMPANY.marmara);
    await expect(row(page, DEMO.egeViewer)).toContainText('İzleyici');
    await expect(row(page, DEMO.egeManager)).toContainText('Şirket Yöneticisi');
    await page.getByTestId('user-search').fill('marmara');
    await expect(page.getByTestId('user-row')).not.toHaveCount(0);
    for (const company of await page.getByTestId('user-company').allTextContents()) expect(company).toBe(COMPANY.marmara);
    await page.getByTestId('language-toggle').getByRole('button', { name: 'EN' }).click();
    await page.getByTestId('user-search').fill('');
    await expect(row(page, DEMO.egeViewer)).toContainText('Viewer');
    await expect(row(page, DEMO.superadmin)).toContainText('Super admin');
  });

  test('adds a user who can then sign in, edits them, changes the password and deletes them', async ({ page, browser }) => {
    const email = `e2e.${unique()}@marmara.example`;
    await openAs(page, DEMO.superadmin, '/dashboard/users');
    await page.getByTestId('add-user').click();
    const form = dialog(page);
    await expect(form.getByTestId('user-role-select')).toHaveValue('Operatör');
    await form.getByTestId('user-submit').click();
    await expect(form.getByTestId('user-form-banner')).toHaveText('Tüm alanları doldurun');
    await expect(form).toContainText('Şirket seçin');
    await form.getByLabel(/^Ad\b/).fill('Ece');
    await form.getByLabel(/^Soyad/).fill('Yılmaz');
    await form.getByLabel(/^E-posta/).fill(email);
    await form.getByLabel(/^Şifre/).fill('kısa');
    await form.getByTestId('user-submit').click();
    await expect(form).toContainText('Şifre en az 6 karakter olmalı');
    await expect(form).toContainText('Şirket seçin');
    await expect(form.getByTestId('user-form-banner')).toHaveCount(0);
    await form.getByLabel(/^Şifre/).fill('ilk-sifre-1');
    await pick(page, form.getByTestId('user-company-select'), COMPANY.marmara);
    await form.getByTestId('user-submit').click();
    await expect(page.getByText('Kullanıcı oluşturuldu.')).toBeVisible();
    const created = row(page, email);
    await expect(created).toContainText('EY');
    await expect(created).toContainText('Ece Yılmaz');
    await expect(created).toContainText('Operatör');
    await expect(created).toContainText(COMPANY.marmara);

    // the new account signs in
    const other = await browser.newContext({ locale: 'tr-TR' });
    const newcomer = await other.newPage();
    await newcomer.goto('/login');
    await submitLogin(newcomer, email, 'ilk-sifre-1');
    await expect(newcomer).toHaveURL(/\/dashboard$/);
    await expect(newcomer.getByTestId('turbine-card').first()).toBeVisible();
    await expect(newcomer.getByTestId('add-turbine')).toHaveCount(0);
    await other.close();

    // edit: first name, last name and e-mail required
    await created.getByTestId('edit-user').click();
    await form.getByLabel(/^Soyad/).fill('');
    await form.getByTestId('user-submit').click();
    await expect(form.getByTestId('user-form-banner')).toHaveText('Tüm alanlar gereklidir');
    await form.getByLabel(/^Soyad/).fill('Kaya');
    await pick(page, form.getByTestId('user-role-select'), 'Müşteri');
    await form.getByTestId('user-submit').click();
    await expect(page.getByText('Kullanıcı güncellendi.')).toBeVisible();
    await expect(created).toContainText('Ece Kaya');
    await expect(created).toContainText('Müşteri');

    // password: required, equal, at least 6 characters
    await created.getByTestId('password-user').click();
    const first = form.getByLabel(/^Yeni şifre\s*\*?$/);
    const second = form.getByLabel(/^Yeni şifre \(tekrar\)/);
    await form.getByTestId('password-submit').click();
    await expect(form).toContainText('Yeni şifre gereklidir');
    await first.fill('yeni-sifre-2');
    await second.fill('yeni-sifre-3');
    await form.getByTestId('password-submit').click();
    await expect(form).toContainText('Şifreler eşleşmiyor');
    await first.fill('abc');
    await second.fill('abc');
    await form.getByTestId('password-submit').click();
    await expect(form).toContainText('Şifre en az 6 karakter olmalı');
    await first.fill('yeni-sifre-2');
    await second.fill('yeni-sifre-2');
    await form.getByTestId('password-submit').click();
    await expect(page.getByText('Şifre başarıyla değiştirildi.')).toBeVisible();
    expect((await page.request.post('/api/auth/login', { data: { email, password: 'yeni-sifre-2' } })).status()).toBe(200);

    await created.getByTestId('delete-user').click();
    await expect(form).toContainText(`Ece Kaya (${email}) kullanıcısını silmek istediğinizden emin misiniz?`);
    await form.getByRole('button', { name: 'Evet, sil' }).click();
    await expect(page.getByText('Kullanıcı silindi.')).toBeVisible();
    await expect(created).toHaveCount(0);
  });
});

test.describe('users: manager', () => {
  test("manages its company's users, never itself or a superadmin, and adds nobody", async ({ page, request }) => {
    const admin = await apiAs(request, DEMO.superadmin);
    const ege = await companyIdByName(admin, COMPANY.ege);
    const email = `e2e.${unique()}@ege.example`;
    const target = await admin.call<{ id: number }>('POST', '/users', {
      first_name: 'Hedef',
      last_name: 'Kişi',
      email,
      password: 'secret-123',
      role: 'viewer',
      company_id: ege,
    });
    try {
      await openAs(page, DEMO.egeAdmin, '/dashboard/users');
      await expect(row(page, email)).toBeVisible();
      await expect(page.getByTestId('add-user')).toHaveCount(0);
      await expect(row(page, DEMO.superadmin)).toHaveCount(0);
      await expect(row(page, DEMO.marmaraAdmin)).toHaveCount(0);
      for (const company of await page.getByTestId('user-company').allTextContents()) expect(company).toBe(COMPANY.ege);
      await expect(row(page, DEMO.egeAdmin).getByTestId('delete-user')).toHaveCount(0);

      const someone = row(page, email);
      await someone.getByTestId('edit-user').click();
      const form = dialog(page);
      await expect(form.getByTestId('user-company-select')).toBeDisabled();
      await pick(page, form.getByTestId('user-role-select'), 'Müşteri');
      await form.getByTestId('user-submit').click();
      await expect(page.getByText('Kullanıcı güncellendi.')).toBeVisible();
      await expect(someone).toContainText('Müşteri');
      await someone.getByTestId('delete-user').click();
      await form.getByRole('button', { name: 'Evet, sil' }).click();
      await expect(page.getByText('Kullanıcı silindi.')).toBeVisible();
      await expect(someone).toHaveCount(0);
    } finally {
      const left = await admin.call<{ id: number }[]>('GET', '/users');
      if (left.some((u) => u.id === target.id)) await admin.call('DELETE', `/users/${target.id}`);
    }
  });
});
