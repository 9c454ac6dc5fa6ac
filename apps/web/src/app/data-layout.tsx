import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { onUnauthorized } from '../api/session-events.ts';
import { loginPathFor } from '../features/auth/redirect.ts';
import '../i18n/message-code.ts';
import { toastDemand } from '../ui/toast/toast-demand.ts';
import { whenInteracted } from '../ui/when-interacted.ts';
import { createQueryClient } from './query-client.ts';

/** One cache for the whole visit, empty at start (spec §1). */
const queryClient = createQueryClient();

/** A 401 from any API call (api/client.ts) lands here: cache dropped, to /login remembering where the user was. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(
    () =>
      onUnauthorized((origin) => {
        client.clear();
        void navigate(loginPathFor(origin), { replace: true });
      }),
    [navigate, client],
  );
  return null;
}

/** Route layout of everything that talks to the API with React Query: sign-in screens and the management area.
 *  Keeping it off the public site keeps React Query out of the home page's bundle. */
export function DataLayout() {
  // these screens show toasts: their renderer loads before the first toast (which may be about a lost connection), at
  // the visitor's first interaction or 8 s after the screen was drawn, not while it settles (a long task on a phone)
  useEffect(() => whenInteracted(() => toastDemand.want()), []);
  return (
    <QueryClientProvider client={queryClient}>
      <UnauthorizedRedirect />
      <Outlet />
    </QueryClientProvider>
  );
}
