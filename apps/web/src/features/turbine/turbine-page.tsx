import { Container } from '@mantine/core';
import { turbineDisplayName } from '@windscope/contract';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { paths } from '../../app/paths.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { StatusScreen } from '../../ui/status-screen.tsx';
import { useCurrentUser } from '../auth/use-auth.ts';
import { CommentsPanel } from '../comments/comments-panel.tsx';
import { InvalidTurbineId } from '../viewer-common/invalid-turbine-id.tsx';
import { parseTurbineId } from '../viewer-common/turbine-id.ts';
import { useTurbine } from './api/turbine-api.ts';
import { useEscapeLayer } from './dialogs/escape-stack.ts';
import { TurbineHeader } from './header/turbine-header.tsx';
import { TurbineDetail } from './turbine-detail.tsx';
import { TURBINE_NS } from './turbine-i18n.ts';
import './turbine-styles.ts';

/** The turbine detail page, /dashboard/turbine/{id} (spec §2). */
export function TurbinePage() {
  const { t } = useTranslation(TURBINE_NS);
  const { t: tApp } = useTranslation();
  const { id: rawId } = useParams();
  const id = parseTurbineId(rawId);
  const user = useCurrentUser();
  const turbine = useTurbine(id);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const closeComments = useCallback(() => setCommentsOpen(false), []);
  useEscapeLayer(commentsOpen, closeComments);
  usePageTitle(turbine.data ? turbineDisplayName(turbine.data) : tApp('pages.turbine'));

  const backToList = { homeTo: paths.dashboard, homeLabel: t('state.back') };
  let body: ReactNode;
  if (id === null) {
    body = <InvalidTurbineId />;
  } else if (!user) {
    body = <LoadingScreen label={t('state.loadingUser')} fullScreen={false} />;
  } else if (turbine.isPending) {
    body = <LoadingScreen label={t('state.loading')} fullScreen={false} />;
  } else if (turbine.error) {
    body =
      isApiError(turbine.error) && turbine.error.status === 404 ? (
        <StatusScreen code="404" title={t('state.notFound')} message={t('state.notFoundMessage')} onRetry={false} {...backToList} />
      ) : (
        <StatusScreen
          title={t('state.errorTitle')}
          message={t('state.errorMessage')}
          onRetry={() => void turbine.refetch()}
          {...backToList}
        />
      );
  } else {
    body = <TurbineDetail turbine={turbine.data} />;
  }

  return (
    <>
      <TurbineHeader
        companyName={turbine.data?.company_name ?? user?.company_name ?? null}
        commentsOpen={commentsOpen}
        onToggleComments={turbine.data ? () => setCommentsOpen((open) => !open) : null}
      />
      <Container size="xl" py="lg" data-testid="turbine-page">
        {body}
      </Container>
      {id !== null && turbine.data && <CommentsPanel turbineId={id} opened={commentsOpen} onClose={closeComments} />}
    </>
  );
}

/** The findings link review (/dashboard/turbine/{id}/findings-review, issue 16) shares this page's chunk. */
export { LinkReviewPage } from '../findings/link-review-page.tsx';
