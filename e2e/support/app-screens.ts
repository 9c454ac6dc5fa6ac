import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import {
  apiData,
  apiLogin,
  createTurbine,
  createUser,
  egeCompanyId,
  makePanorama,
  makePhoto,
  type Session,
  superadmin,
  uploadPhotos,
} from './viewer-data.ts';

/** What the screens are shown with: a turbine of the spec's own (a panorama, an operator and a drone photo), the demo
 *  turbine with the demo findings and two years of photos (EGE-BRG-01), and the demo campaign of this year. */
export interface ScreensContext {
  turbineId: number;
  demoTurbineId: number;
  campaignId: number;
}

/** The signed-in screens, each with the header controls a superadmin must be able to reach there. Used by the layout,
 *  accessibility and screenshot specs. */
export interface AppScreen {
  name: string;
  path: (context: ScreensContext) => string;
  /** localStorage entries the screen needs (the dashboard's list view) */
  storage?: Record<string, string>;
  /** shown once the screen is ready */
  ready: string;
  headerControls: string[];
}

const ALWAYS = ['language-toggle', 'theme-toggle', 'logout'];
const DASHBOARD = ['add-turbine', 'nav-campaigns', 'nav-companies', 'nav-users', 'nav-mail-outbox', ...ALWAYS];
const TURBINE = ['comments-toggle', 'header-turbine-list', 'header-partners', 'header-users', ...ALWAYS];

export const APP_SCREENS: AppScreen[] = [
  {
    name: 'dashboard grid',
    path: () => '/dashboard',
    storage: { 'windscope.dashboard.view': 'grid' },
    ready: 'turbine-list',
    headerControls: DASHBOARD,
  },
  {
    name: 'dashboard list',
    path: () => '/dashboard',
    storage: { 'windscope.dashboard.view': 'list' },
    ready: 'turbine-list',
    headerControls: DASHBOARD,
  },
  { name: 'users', path: () => '/dashboard/users', ready: 'user-row', headerControls: ['back-to-dashboard', 'add-user', ...ALWAYS] },
  {
    name: 'partners',
    path: () => '/dashboard/companies',
    ready: 'company-card',
    headerControls: ['back-to-dashboard', 'add-company', ...ALWAYS],
  },
  {
    name: 'campaigns',
    path: () => '/dashboard/campaigns',
    ready: 'campaign-row',
    headerControls: ['back-to-dashboard', 'add-campaign', ...ALWAYS],
  },
  {
    name: 'campaign board',
    path: ({ campaignId }) => `/dashboard/campaigns/${campaignId}`,
    ready: 'board-row',
    headerControls: ['back-to-campaigns', 'edit-campaign', 'delete-campaign', ...ALWAYS],
  },
  { name: 'turbine detail', path: ({ turbineId }) => `/dashboard/turbine/${turbineId}`, ready: 'turbine-card', headerControls: TURBINE },
  {
    name: 'turbine with findings',
    path: ({ demoTurbineId }) => `/dashboard/turbine/${demoTurbineId}`,
    ready: 'finding-row',
    headerControls: TURBINE,
  },
  {
    name: '360',
    path: ({ turbineId }) => `/dashboard/turbine/${turbineId}/360-view`,
    ready: 'panorama-sidebar',
    headerControls: ['sidebar-toggle', 'back-to-dashboard', 'turbine-management-link', 'comments-toggle', ...ALWAYS],
  },
  {
    name: 'year compare',
    path: ({ demoTurbineId }) => `/dashboard/turbine/${demoTurbineId}/compare`,
    ready: 'compare-page',
    headerControls: ['back-to-dashboard', 'compare-turbine-link', 'compare-360-link', ...ALWAYS],
  },
  {
    name: 'operator',
    path: ({ turbineId }) => `/turbine/${turbineId}/operator-photos`,
    ready: 'photos-sidebar',
    headerControls: ['back-to-turbine', 'comments-toggle', ...ALWAYS],
  },
  {
    name: 'drone',
    path: ({ turbineId }) => `/turbine/${turbineId}/drone-photos`,
    ready: 'photo-viewer',
    headerControls: ['back-to-turbine', 'comments-toggle', ...ALWAYS],
  },
];

export function screenNamed(name: string): AppScreen {
  const screen = APP_SCREENS.find((s) => s.name === name);
  if (!screen) throw new Error(`no screen ${name}`);
  return screen;
}

/** The screens' turbine (created here), the demo turbine and campaign, and a user of Ege whose new address waits for
 *  confirmation (a manager's change: the users list shows it under the address), with the superadmin's session. Long
 *  values without a space, as other specs leave them (a full e2e run): a campaign named like a code with every method,
 *  a user's one-word name and a long address; the screens must hold them at 769 px too. */
export async function screensTurbine(label: string): Promise<{ admin: Session; context: ScreensContext }> {
  const admin = await superadmin();
  const company = await egeCompanyId(admin);
  const turbineId = await createTurbine(admin, company, { code: `E2E-${label}-${Date.now()}`, turbine_name: 'Bergama RES T-07', rooms: 3 });
  await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', room: 1 }, [{ name: 'A1-360.jpg', bytes: await makePanorama('A1', 0) }]);
  await uploadPhotos(admin, turbineId, { year: 2025, blade: 'A', category: 'operator' }, [
    { name: 'operator-a.jpg', bytes: await makePhoto('operator A', 1600, 1200, 1) },
  ]);
  await uploadPhotos(admin, turbineId, { year: 2025, blade: 'B', category: 'drone' }, [
    { name: 'drone-b.jpg', bytes: await makePhoto('drone B', 1600, 1200, 2) },
  ]);
  const turbines = await apiData<{ id: number; code: string }[]>(admin, 'GET', '/turbines');
  const demoTurbineId = turbines.find((t) => t.code === 'EGE-BRG-01')?.id;
  const campaigns = await apiData<{ id: number; name: string }[]>(admin, 'GET', '/campaigns');
  const campaignId = campaigns.find((c) => c.name.startsWith(`Ege ${new Date().getFullYear()}`))?.id;
  if (!demoTurbineId || !campaignId) throw new Error('the demo turbine EGE-BRG-01 or campaign not found');

  const stamp = Date.now();
  await apiData(admin, 'POST', '/campaigns', {
    name: `E2E-${label}-KAMPANYA-${stamp}`,
    company_id: company,
    year: new Date().getFullYear(),
    methods: ['drone', 'operator', 'robot', 'interior'],
    planned_start: `${new Date().getFullYear()}-11-01`,
    planned_end: `${new Date().getFullYear()}-12-31`,
    turbine_ids: [turbineId],
  });
  const pending = await createUser(admin, company, 'company_manager', `Bekleyen${label}Kullanıcısı${stamp}`);
  const manager = await apiLogin('admin@ege.example', 'demo1234');
  await apiData(manager, 'PUT', `/users/${pending.user.id}`, {
    first_name: pending.user.first_name,
    last_name: pending.user.last_name,
    email: `pending-address-of-a-long-name-${randomUUID().slice(0, 8)}@ege-ruzgar-enerji.example`,
    role: 'company_manager',
    company_id: company,
    is_active: true,
  });
  return { admin, context: { turbineId, demoTurbineId, campaignId } };
}

/** Opens a screen and waits until it is ready. */
export async function openScreen(page: Page, screen: AppScreen, context: ScreensContext) {
  if (screen.storage) {
    await page.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, screen.storage);
  }
  await page.goto(screen.path(context));
  await expect(page.getByTestId(screen.ready).first()).toBeVisible({ timeout: 20_000 });
}
