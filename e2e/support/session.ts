import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/** The demo accounts of apps/server/src/db/seed.ts, one per role and company. */
export const DEMO_ACCOUNTS = [
  { email: 'superadmin@windscope.example', role: 'superadmin' },
  { email: 'admin@ege.example', role: 'admin' },
  { email: 'manager@ege.example', role: 'company_manager' },
  { email: 'operator@ege.example', role: 'operator' },
  { email: 'customer@ege.example', role: 'customer' },
  { email: 'viewer@ege.example', role: 'viewer' },
  { email: 'admin@marmara.example', role: 'admin' },
  { email: 'operator@marmara.example', role: 'operator' },
] as const;

/** Fills the sign-in form on the current page (Turkish interface) and submits it. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
}

export async function expectOnDashboard(page: Page) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('logout')).toBeVisible();
}
