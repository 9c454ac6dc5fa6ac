import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { FieldServer } from '../support/field-server.ts';

// Issue 22 item 1 (DECISIONS §15): a server of its own on an empty embedded database (DEMO_SEED=0) and a fresh DATA_DIR,
// in setup mode; the operator opens the printed address, is refused a common password, creates the owner and lands
// signed in; afterwards /setup says it is set up and the API answers 404.
const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
const server = new FieldServer(E2E_PORT + 150);
const base = `http://127.0.0.1:${E2E_PORT + 150}`;
test.use({ bypassCSP: true });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await server.start(base, { DEMO_SEED: '0' });
});
test.afterAll(async () => {
  await server.dispose();
});

test('the printed setup address creates the owner, signed in at once; then setup is gone', async ({ page }) => {
  const tokenFile = path.join(server.dataDir, 'setup-token');
  expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
  const token = readFileSync(tokenFile, 'utf8').trim();
  await page.addInitScript(() => localStorage.setItem('windscope.language', 'tr'));
  await page.goto(`${base}/setup?token=${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Windscope kurulumu' })).toBeVisible();
  // the key came with the address: no field asks for it
  await expect(page.getByLabel('Kurulum anahtarı')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Şirketinizin adı').fill('Kuzey Rüzgar Hizmetleri');
  await page.getByLabel(/^Ad( \*)?$/).fill('Ayşe Nur');
  await page.getByLabel('Soyad').fill('Çelik');
  await page.getByLabel('E-posta adresi').fill('ayse@kuzey.example');
  await page.getByLabel(/^Şifre( \*)?$/).fill('iloveyou');
  await page.getByLabel('Şifre (tekrar)').fill('iloveyou');
  await page.getByRole('button', { name: 'Hesabı oluştur ve giriş yap' }).click();
  // the server's refusal, under the password field, in Turkish
  await expect(page.getByText('Bu şifre en yaygın 10.000 şifreden biri')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel(/^Şifre( \*)?$/).fill('kuzey rüzgarı yedi');
  await page.getByLabel('Şifre (tekrar)').fill('kuzey rüzgarı yedi');
  await page.getByRole('button', { name: 'Hesabı oluştur ve giriş yap' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('logout')).toBeVisible();
  // signed in as the new superadmin: the session the page holds is theirs
  const bearer = await page.evaluate(() => localStorage.getItem('windscope.auth.token') ?? '');
  const session = await page.request.get(`${base}/api/auth/validate-session`, { headers: { authorization: `Bearer ${bearer}` } });
  expect(session.status()).toBe(200);
  expect((await session.json()).data.user).toMatchObject({ email: 'ayse@kuzey.example', role: 'superadmin' });
  expect(() => statSync(tokenFile)).toThrow(/ENOENT/);

  expect((await page.request.get(`${base}/api/setup`)).status()).toBe(404);
  await page.goto(`${base}/setup?token=${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Windscope zaten kurulmuş' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
