import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../api/api-error.ts';
import { paths } from '../../../app/paths.ts';
import { signInLinkConfirmRequest } from '../auth-api.ts';
import { FormError } from '../layout/form-error.tsx';
import { useStartSession } from '../session.ts';
import { SIGN_IN_LINK_NS } from './sign-in-link-i18n.ts';

/** Opened by the e-mailed link /sign-in-link?token=…. The link is used only on a press (a mail scanner that opens
 *  links does not spend it); then the session starts and the dashboard opens. */
export function UseSignInLink({ token }: { token: string }) {
  const { t } = useTranslation(SIGN_IN_LINK_NS);
  const navigate = useNavigate();
  const startSession = useStartSession();
  const confirm = useMutation({
    mutationFn: () => signInLinkConfirmRequest(token),
    onSuccess: async ({ token: sessionToken, user }) => {
      startSession(sessionToken, user);
      await navigate(paths.dashboard, { replace: true });
    },
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('confirm.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('confirm.subtitle')}
        </Text>
      </Stack>
      {confirm.isError && (
        <FormError title={t('confirm.errorTitle')}>
          <Stack gap={6} align="flex-start">
            <span>{isApiError(confirm.error) && confirm.error.status > 0 ? confirm.error.message : t('confirm.errorFallback')}</span>
            <Anchor component={Link} to={paths.signInLink} size="sm" fw={600} c="var(--mantine-color-text)" underline="always">
              {t('confirm.requestNewLink')}
            </Anchor>
          </Stack>
        </FormError>
      )}
      <Button size="md" fullWidth loading={confirm.isPending} onClick={() => confirm.mutate()}>
        {t('confirm.submit')}
      </Button>
      <Anchor component={Link} to={paths.login} size="sm">
        {t('backToLogin')}
      </Anchor>
    </Stack>
  );
}
