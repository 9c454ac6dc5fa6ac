import { expect, type Page } from '@playwright/test';
import { createTurbine, egeCompanyId, makePanorama, makePhoto, type Session, superadmin, uploadPhotos } from './viewer-data.ts';

/** The signed-in screens, each with the header controls a superadmin must be able to reach there. Used by the layout,
 *  accessibility and screenshot specs. */
export interface AppScreen {
  name: string;
  path: (turbineId: number) => string;
  /** localStorage entries the screen needs (the dashboard's list view) */
  storage?: Record<string, string>;
  /** shown once the screen is ready */
  ready: string;
  headerControls: string[];
}

const ALWAYS = ['language-toggle', 'theme-toggle', 'logout'];

export const APP_SCREENS: AppScreen[] = [
  {
    name: 'dashboard grid',
    path: () => '/dashboard',
    storage: { 'windscope.dashboard.view': 'grid' },
    ready: 'turbine-list',
    headerControls: ['add-turbine', 'nav-companies', 'nav-users', ...ALWAYS],
  },
  {
    name: 'dashboard list',
    path: () => '/dashboard',
    storage: { 'windscope.dashboard.view': 'list' },
    ready: 'turbine-list',
    headerControls: ['add-turbine', 'nav-companies', 'nav-users', ...ALWAYS],
  },
  { name: 'users', path: () => '/dashboard/users', ready: 'user-row', headerControls: ['back-to-dashboard', 'add-user', ...ALWAYS] },
  {
    name: 'partners',
    path: () => '/dashboard/companies',
    ready: 'company-card',
    headerControls: ['back-to-dashboard', 'add-company', ...ALWAYS],
  },
  {
    name: 'turbine detail',
    path: (id) => `/dashboard/turbine/${id}`,
    ready: 'turbine-card',
    headerControls: ['comments-toggle', 'header-turbine-list', 'header-partners', 'header-users', ...ALWAYS],
  },
  {
    name: '360',
    path: (id) => `/dashboard/turbine/${id}/360-view`,
    ready: 'panorama-sidebar',
    headerControls: ['sidebar-toggle', 'back-to-dashboard', 'turbine-management-link', 'comments-toggle', ...ALWAYS],
  },
  {
    name: 'operator',
    path: (id) => `/turbine/${id}/operator-photos`,
    ready: 'photos-sidebar',
    headerControls: ['back-to-turbine', 'comments-toggle', ...ALWAYS],
  },
  {
    name: 'drone',
    path: (id) => `/turbine/${id}/drone-photos`,
    ready: 'photos-sidebar',
    headerControls: ['back-to-turbine', 'comments-toggle', ...ALWAYS],
  },
];

/** A turbine of the screens' own with a panorama, operator and drone photos, and the superadmin's session. */
export async function screensTurbine(label: string): Promise<{ admin: Session; turbineId: number }> {
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
  return { admin, turbineId };
}

/** Opens a screen and waits until it is ready. */
export async function openScreen(page: Page, screen: AppScreen, turbineId: number) {
  if (screen.storage) {
    await page.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, screen.storage);
  }
  await page.goto(screen.path(turbineId));
  await expect(page.getByTestId(screen.ready).first()).toBeVisible({ timeout: 20_000 });
}
