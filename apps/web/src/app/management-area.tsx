import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { ProtectedRoute } from '../features/auth/protected-route.tsx';
import { useCan } from '../features/auth/use-auth.ts';
import { HeaderSlotContext } from '../ui/app-header/header-slot.ts';
import { DesktopGate } from '../ui/desktop-gate/desktop-gate.tsx';
import { SkipLink } from '../ui/skip-link.tsx';
import classes from './management-area.module.css';
import './management-styles.ts';

/** The management screens' modules, imported from here rather than from router.tsx, so the lists of what each one
 *  preloads are in this chunk and not in the entry, which every page (the home page too) loads. */
export const managementPages = {
  dashboard: () => import('../features/dashboard/dashboard-page.tsx'),
  turbine: () => import('../features/turbine/turbine-page.tsx'),
  panorama: () => import('../features/panorama/panorama-page.tsx'),
  categoryPhotos: () => import('../features/category-photos/category-photos-page.tsx'),
  users: () => import('../features/users/users-page.tsx'),
  mailOutbox: () => import('../features/mail-outbox/mail-outbox-page.tsx'),
  account: () => import('../features/account/account-page.tsx'),
  audit: () => import('../features/audit/audit-page.tsx'),
  webhooks: () => import('../features/webhooks/webhooks-page.tsx'),
  shareLinks: () => import('../features/share-links/share-links-page.tsx'),
  companies: () => import('../features/companies/companies-page.tsx'),
  /** a share link's page (DECISIONS §17): public, outside the management frame, only its module is listed here */
  share: () => import('../features/share-links/shared-page.tsx'),
};

/** Every management route: desktop only (spec §1), then a valid session (spec §2). */
export function ManagementArea() {
  return (
    <DesktopGate>
      <ProtectedRoute>
        <ManagementFrame />
      </ProtectedRoute>
    </DesktopGate>
  );
}

/** The app-level upload manager (issue 15): its own chunk, for those who may upload. */
const UploadDock = lazy(() => import('../features/uploads/uploads-entry.ts').then((module) => ({ default: module.UploadDock })));

/** The landmarks every management and viewer screen shares: a skip link, the screen's AppHeader (which renders
 *  into the slot above <main>) and the screen itself inside <main>. */
function ManagementFrame() {
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  const canUpload = useCan('photo.upload');
  return (
    <HeaderSlotContext.Provider value={slot}>
      <SkipLink />
      <div ref={setSlot} className={classes.headerSlot} />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      {canUpload && (
        <Suspense fallback={null}>
          <UploadDock />
        </Suspense>
      )}
    </HeaderSlotContext.Provider>
  );
}
