import { Outlet } from 'react-router';
import { ProtectedRoute } from '../features/auth/protected-route.tsx';
import { DesktopGate } from '../ui/desktop-gate/desktop-gate.tsx';
import './management-styles.ts';

/** Every management route: desktop only (spec §1), then a valid session (spec §2). Screens bring their own AppHeader. */
export function ManagementArea() {
  return (
    <DesktopGate>
      <ProtectedRoute>
        <Outlet />
      </ProtectedRoute>
    </DesktopGate>
  );
}
