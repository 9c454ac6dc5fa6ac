import { type Company, NO_TURBINE_ASSETS, type Turbine, type User } from '@windscope/contract';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '../../config/storage-keys.ts';
import { demoUser, fakeToken, jsonResponse } from '../../test/render.tsx';

/** Test helpers of the management screens: rows as the API answers them, a signed-in user, a fake API. */

export function makeTurbine(overrides: Partial<Turbine> = {}): Turbine {
  return {
    id: 1,
    turbine_name: 'Bergama RES T-01',
    name: null,
    city: 'izmir',
    code: 'EGE-BRG-01',
    location: 'Bergama, Kozak Yaylası',
    site_name: 'Bergama RES',
    coordinates: '39.18,27.08',
    coordinates_unreadable: null,
    ...NO_TURBINE_ASSETS,
    rooms: 9,
    company_id: 2,
    company_name: 'Ege Rüzgar Enerji',
    status: 'active',
    photo_count: 4,
    health: {
      worst_open_severity: null,
      open: 0,
      overdue: 0,
      open_by_severity: [0, 0, 0, 0, 0],
      escalated_this_year: 0,
      worst_this_year: null,
      worst_last_year: null,
    },
    created_at: '2024-03-05T10:00:00.000Z',
    updated_at: '2025-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: 2,
    name: 'Ege Rüzgar Enerji',
    contact_email: 'iletisim@ege.example',
    authorized_number: 'Emre Yıldız',
    phone: '+90 232 555 20 20',
    address: 'Alsancak, İzmir',
    user_count: 5,
    turbine_count: 6,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const SUPERADMIN = demoUser({
  id: 1,
  first_name: 'Selin',
  last_name: 'Aydın',
  email: 'superadmin@windscope.example',
  role: 'superadmin',
  company_id: 1,
  company_name: 'Windscope',
  is_protected: true,
});
export const MANAGER = demoUser({ id: 3, first_name: 'Zeynep', last_name: 'Kaya', email: 'manager@ege.example', role: 'company_manager' });
export const OPERATOR = demoUser();

export function signIn(user: User) {
  window.localStorage.setItem(STORAGE_KEYS.token, fakeToken());
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export interface ApiCall {
  method: string;
  url: URL;
  body: unknown;
}
type Route = unknown | ((call: ApiCall) => Response);

/** Stubs fetch: `'GET /api/turbines': data` answers `{ success: true, data }`; a function answers anything. */
export function fakeApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call = { method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return jsonResponse({ success: false, message: 'not mocked', code: 'NOT_FOUND' }, 404);
    if (typeof route === 'function') return (route as (call: ApiCall) => Response)(call);
    return jsonResponse({ success: true, data: route, message: 'OK' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path) };
}
