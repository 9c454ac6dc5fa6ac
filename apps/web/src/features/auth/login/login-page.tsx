import { Alert, Anchor, Divider, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NEXT_PARAM, paths } from '../../../app/paths.ts';
import { ArrowLeftIcon, InfoIcon } from '../../../ui/app-icons.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import { AuthLayout } from '../layout/auth-layout.tsx';
import { SecurityNote } from '../layout/security-note.tsx';
import { safeNextPath } from '../redirect.ts';
import { clearUploadsPausedForSignIn, uploadsPausedForSignIn } from '../../uploads/paused-for-sign-in.ts';
import { LoginForm } from './login-form.tsx';
import { AUTH_PAGES_NS } from '../layout/auth-pages-i18n.ts';

/** /login (spec §2): after sign-in, the remembered page or /dashboard. */
export function LoginPage() {
  const { t } = useTranslation(['translation', AUTH_PAGES_NS]);
  usePageTitle(t('pages.login'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get(NEXT_PARAM));
  // the notice that a page waits is drawn once the app has the page: the prerendered page (scripts/prerender.mjs) is the
  // same for every query string, so hydration must find it without
  const hydrated = useHydrated();
  // the session ended while files were going up: they wait, and carry on after signing in (issue 24 item 16)
  // (read after the first draw: the prerendered page cannot know it, and hydration must match it)
  const [pausedUploads, setPausedUploads] = useState(0);
  useEffect(() => setPausedUploads(uploadsPausedForSignIn()), []);

  return (
    <AuthLayout>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('authPages:login.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('authPages:login.subtitle')}
          </Text>
        </Stack>
        {pausedUploads > 0 ? (
          <Alert variant="light" color="wind" icon={<InfoIcon size={18} />} py="xs" data-testid="uploads-paused-notice">
            {t('authPages:login.uploadsPaused', { count: pausedUploads })}
          </Alert>
        ) : (
          next &&
          hydrated && (
            <Alert variant="light" color="wind" icon={<InfoIcon size={18} />} py="xs">
              {t('authPages:login.continueNotice')}
            </Alert>
          )
        )}
        <LoginForm
          onSignedIn={() => {
            clearUploadsPausedForSignIn();
            void navigate(next ?? paths.dashboard, { replace: true });
          }}
        />
        <Divider />
        <SecurityNote />
        <Anchor
          component={Link}
          to={paths.home}
          size="sm"
          c="var(--ws-nav-text)"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
        >
          <ArrowLeftIcon size={14} />
          {t('common.backToHome')}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
