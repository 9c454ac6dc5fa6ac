import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { ConnectionErrorPage, ServerErrorPage } from '../../app/error-pages.tsx';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { validateSessionRequest } from './auth-api.ts';
import { authStore } from './auth-store.ts';
import { loginPathFor } from './redirect.ts';
import { isTokenValid } from './token.ts';
import { useAuth } from './use-auth.ts';

function RedirectToLogin({ origin }: { origin: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    authStore.clear();
    void navigate(loginPathFor(origin), { replace: true });
  }, [navigate, origin]);
  return null;
}

/** Spec §2: stored token unexpired and a stored user, then the server validates the session; a loading
 *  screen meanwhile; otherwise sign out and go to /login remembering the page. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { token, user, signOuts } = useAuth();
  // a deliberate sign-out while this screen is open is already on its way to / (session.ts): no detour to /login
  const [signOutsAtMount] = useState(signOuts);
  const location = useLocation();
  const origin = `${location.pathname}${location.search}${location.hash}`;
  const locallyValid = isTokenValid(token) && user !== null;

  const session = useQuery({
    queryKey: queryKeys.session(),
    queryFn: async ({ signal }) => {
      const fresh = await validateSessionRequest(signal);
      authStore.updateUser(fresh);
      return fresh;
    },
    enabled: locallyValid,
    retry: false,
  });

  if (!locallyValid) return signOuts > signOutsAtMount ? <LoadingScreen /> : <RedirectToLogin origin={origin} />;
  const error = session.error;
  // an answered 401/403 means the session is gone, also when a background re-check finds out
  if (isApiError(error) && (error.status === 401 || error.status === 403)) return <RedirectToLogin origin={origin} />;
  if (session.data) return children;
  if (session.isPending) return <LoadingScreen label={t('auth.checkingSession')} />;
  // no answer or a 5xx before the first check succeeded: not the user's fault, so keep the session and offer a retry
  const retry = () => void session.refetch();
  return isApiError(error) && error.isConnectionProblem ? (
    <ConnectionErrorPage onRetry={retry} fullScreen />
  ) : (
    <ServerErrorPage onRetry={retry} fullScreen />
  );
}
