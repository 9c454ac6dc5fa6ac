import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { emailChangeConfirmBodySchema } from '@windscope/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type ApiError, isApiError } from '../../../api/api-error.ts';
import { paths } from '../../../app/paths.ts';
import { registerCatalog } from '../../../i18n/register-catalog.ts';
import { messageForCode } from '../../../i18n/message-code.ts';
import { CheckIcon } from '../../../ui/icons.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { emailChangeConfirmRequest } from '../auth-api.ts';
import { AuthLayout } from '../layout/auth-layout.tsx';
import { FormError } from '../layout/form-error.tsx';
import en from './email-change.en.json';
import tr from './email-change.tr.json';

const NS = 'emailChange';
registerCatalog(NS, { tr, en });

/** A token that cannot be one of ours (cut short by a mail client) is an invalid link at once. */
const isWellFormedToken = (token: string) => emailChangeConfirmBodySchema.shape.token.safeParse(token).success;

/** /email-change?token=… — the link e-mailed to an address a manager set on a user (issue 13). The address changes only
 *  on a press (a mail scanner that opens links does not confirm it); then: done (sign in), an invalid or expired link,
 *  or an address that meanwhile became unavailable. */
export function EmailChangePage() {
  const { t } = useTranslation(NS);
  usePageTitle(t('pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AuthLayout>
      {isWellFormedToken(token) ? <ConfirmEmailChange token={token} /> : <Refused code="EMAIL_CHANGE_LINK_INVALID" />}
    </AuthLayout>
  );
}

function ConfirmEmailChange({ token }: { token: string }) {
  const { t } = useTranslation(NS);
  const confirm = useMutation({ mutationFn: () => emailChangeConfirmRequest(token) });
  if (confirm.isSuccess) return <Done />;
  const error = confirm.error;
  if (isApiError(error) && (error.code === 'EMAIL_CHANGE_LINK_INVALID' || error.code === 'EMAIL_CHANGE_ADDRESS_UNAVAILABLE')) {
    return <Refused code={error.code} error={error} />;
  }
  return (
    <Stack gap="lg" data-testid="email-change-confirm">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('subtitle')}
        </Text>
      </Stack>
      {confirm.isError && (
        <FormError title={t('errorTitle')}>{isApiError(error) && error.status > 0 ? error.message : t('errorFallback')}</FormError>
      )}
      <Button size="md" fullWidth loading={confirm.isPending} onClick={() => confirm.mutate()}>
        {t('submit')}
      </Button>
      <Anchor component={Link} to={paths.login} size="sm">
        {t('backToLogin')}
      </Anchor>
    </Stack>
  );
}

function Done() {
  const { t } = useTranslation(NS);
  return (
    <Stack gap="lg" data-testid="email-change-done">
      <Alert color="teal" variant="light" radius="md" icon={<CheckIcon size={18} />} role="status" title={t('doneTitle')}>
        {t('doneText')}
      </Alert>
      <Button component={Link} to={paths.login} size="md" fullWidth>
        {t('signIn')}
      </Button>
    </Stack>
  );
}

function Refused({ code, error }: { code: 'EMAIL_CHANGE_LINK_INVALID' | 'EMAIL_CHANGE_ADDRESS_UNAVAILABLE'; error?: ApiError }) {
  const { t } = useTranslation(NS);
  const invalid = code === 'EMAIL_CHANGE_LINK_INVALID';
  return (
    <Stack gap="lg" data-testid={invalid ? 'email-change-invalid' : 'email-change-unavailable'}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <FormError title={t(invalid ? 'invalidTitle' : 'unavailableTitle')}>
        <Stack gap={6} align="flex-start">
          <span>{error?.message ?? messageForCode(code)}</span>
          {invalid && <span>{t('invalidHint')}</span>}
        </Stack>
      </FormError>
      <Anchor component={Link} to={paths.login} size="sm">
        {t('backToLogin')}
      </Anchor>
    </Stack>
  );
}
