import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './session.ts';

/** Helpers of the management specs (dashboard, partners, users). Specs share one server with the demo data and
 *  other engineers' specs: create what you change under a unique name, never rename or delete demo rows. */

export const DEMO = {
  superadmin: 'superadmin@windscope.example',
  egeAdmin: 'admin@ege.example',
  egeManager: 'manager@ege.example',
  egeOperator: 'operator@ege.example',
  egeCustomer: 'customer@ege.example',
  egeViewer: 'viewer@ege.example',
  marmaraAdmin: 'admin@marmara.example',
} as const;

export const COMPANY = { ege: 'Ege Rüzgar Enerji', marmara: 'Marmara Enerji', internal: 'Windscope' } as const;

/** A short suffix that no other run or worker uses. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

interface LoginAnswer {
  data: { token: string; user: { id: number; company_id: number } & Record<string, unknown> };
}

async function login(request: APIRequestContext, email: string, password: string): Promise<LoginAnswer['data']> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  return ((await res.json()) as LoginAnswer).data;
}

/** Signs in through the API and stores the session the way the web app does, then opens `path`. */
export async function openAs(page: Page, email: string, path = '/dashboard', options: { language?: 'tr' | 'en'; password?: string } = {}) {
  const session = await login(page.request, email, options.password ?? DEMO_PASSWORD);
  await page.goto('/login');
  await page.evaluate(
    ([token, user, language]) => {
      localStorage.setItem('windscope.auth.token', token);
      localStorage.setItem('windscope.auth.user', user);
      localStorage.setItem('windscope.language', language);
    },
    [session.token, JSON.stringify(session.user), options.language ?? 'tr'] as const,
  );
  await page.goto(path);
  await expect(page.getByTestId('logout')).toBeVisible();
}

/** A signed-in API client for setting up and cleaning up rows. */
export async function apiAs(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const session = await login(request, email, password);
  const headers = { Authorization: `Bearer ${session.token}`, 'X-Language': 'tr' };
  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(`/api${path}`, { method, headers, data });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  return { user: session.user, call };
}

export type Api = Awaited<ReturnType<typeof apiAs>>;

export async function companyIdByName(api: Api, name: string): Promise<number> {
  const companies = await api.call<{ id: number; name: string }[]>('GET', '/companies');
  const found = companies.find((c) => c.name === name);
  if (!found) throw new Error(`no company ${name}`);
  return found.id;
}

/** Opens a Mantine Select by its label and picks an option. */
export async function pick(page: Page, field: Locator, option: string | RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The visible modal dialog. */
export function dialog(page: Page): Locator {
  return page.getByRole('dialog');
}
