import { useTranslation } from 'react-i18next';
import { StatusScreen, type StatusScreenProps } from '../ui/status-screen.tsx';
import { usePageTitle } from '../ui/page-title.ts';

type PageProps = Pick<StatusScreenProps, 'onRetry' | 'fullScreen' | 'homeTo' | 'homeLabel' | 'children'>;

/** Any unknown route (spec §2: "Page not found."). */
export function NotFoundPage(props: PageProps) {
  const { t } = useTranslation();
  usePageTitle(t('errors.notFound.title'));
  return (
    <StatusScreen code={t('errors.notFound.code')} title={t('errors.notFound.title')} message={t('errors.notFound.message')} {...props} />
  );
}

/** A failure we could not recover from (spec §2: "Server error."). */
export function ServerErrorPage(props: PageProps) {
  const { t } = useTranslation();
  usePageTitle(t('errors.server.title'));
  return <StatusScreen code={t('errors.server.code')} title={t('errors.server.title')} message={t('errors.server.message')} {...props} />;
}

/** The signed-in user may not see this page (spec §2: "You do not have access to this page."). */
export function UnauthorizedPage(props: PageProps) {
  const { t } = useTranslation();
  usePageTitle(t('errors.unauthorized.title'));
  return (
    <StatusScreen
      code={t('errors.unauthorized.code')}
      title={t('errors.unauthorized.title')}
      message={t('errors.unauthorized.message')}
      {...props}
    />
  );
}

/** The server could not be reached (spec §8: "Network connection error."). */
export function ConnectionErrorPage(props: PageProps) {
  const { t } = useTranslation();
  usePageTitle(t('errors.connection.title'));
  return <StatusScreen title={t('errors.connection.title')} message={t('errors.connection.message')} {...props} />;
}
