import { type Action, UNAUTHORIZED_REDIRECT_MS } from '@windscope/contract';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { UnauthorizedPage } from '../../app/error-pages.tsx';
import { paths } from '../../app/paths.ts';
import { useCan } from './use-auth.ts';

interface RequirePermissionProps {
  action: Action;
  /** 'redirect': straight to /dashboard (spec: users page); 'unauthorized': a notice, then /dashboard after 2 s (companies page) */
  otherwise: 'redirect' | 'unauthorized';
  children: ReactNode;
}

/** Page-level permission gate, from the contract's permission table. */
export function RequirePermission({ action, otherwise, children }: RequirePermissionProps) {
  const allowed = useCan(action);
  if (allowed) return children;
  if (otherwise === 'redirect') return <Navigate to={paths.dashboard} replace />;
  return <UnauthorizedThenRedirect />;
}

function UnauthorizedThenRedirect() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(paths.dashboard, { replace: true }), UNAUTHORIZED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <UnauthorizedPage onRetry={false} homeTo={paths.dashboard} homeLabel={t('common.backToDashboard')}>
      {t('errors.unauthorized.redirecting')}
    </UnauthorizedPage>
  );
}
