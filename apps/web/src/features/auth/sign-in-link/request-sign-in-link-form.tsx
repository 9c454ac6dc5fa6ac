import { Alert, Anchor, Button, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { signInLinkRequestBodySchema } from '@windscope/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error.ts';
import { paths } from '../../../app/paths.ts';
import { type FieldErrorCodes, fieldError, validateForm } from '../../../ui/form/validate-form.ts';
import { AlertTriangleIcon, ArrowLeftIcon, MailIcon } from '../../../ui/icons.tsx';
import { signInLinkRequest } from '../auth-api.ts';
import { FormError } from '../layout/form-error.tsx';
import { SIGN_IN_LINK_NS } from './sign-in-link-i18n.ts';

/** Form -> sending -> "check your e-mail" (the address, spam reminder, back to sign-in, resend) or the server's error. */
export function RequestSignInLinkForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation(SIGN_IN_LINK_NS);
  const { t: tc } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  const request = useMutation({ mutationFn: (address: string) => signInLinkRequest(address) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(signInLinkRequestBodySchema, { email });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    request.mutate(checked.data.email);
  };

  if (request.isSuccess) return <SignInLinkSent email={request.variables} onResend={() => request.reset()} />;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('request.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('request.subtitle')}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate aria-label={t('request.title')}>
        <Stack gap="md">
          {request.isError && (
            <FormError title={t('request.errorTitle')}>
              {isApiError(request.error) && request.error.status > 0 ? request.error.message : t('request.errorFallback')}
            </FormError>
          )}
          <TextInput
            label={t('request.email')}
            placeholder={tc('auth.login.emailPlaceholder')}
            type="email"
            autoComplete="email"
            required
            size="md"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldError(errors, 'email')}
          />
          <Button type="submit" size="md" fullWidth loading={request.isPending}>
            {t('request.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={paths.login} size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        <ArrowLeftIcon size={14} />
        {t('backToLogin')}
      </Anchor>
    </Stack>
  );
}

function SignInLinkSent({ email, onResend }: { email: string; onResend: () => void }) {
  const { t } = useTranslation(SIGN_IN_LINK_NS);
  return (
    <Stack gap="lg" data-testid="sign-in-link-sent">
      <ThemeIcon size={56} radius="xl" variant="light" color="teal">
        <MailIcon size={28} />
      </ThemeIcon>
      <Stack gap={6}>
        <Title order={1} size="h2">
          {t('sent.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('sent.intro')}
        </Text>
        <Text fw={700} size="md" style={{ wordBreak: 'break-all' }}>
          {email}
        </Text>
        <Text c="dimmed" size="sm">
          {t('sent.note')}
        </Text>
      </Stack>
      <Alert variant="light" color="yellow" icon={<AlertTriangleIcon size={18} />} py="xs">
        {t('sent.spamReminder')}
      </Alert>
      <Button component={Link} to={paths.login} size="md" fullWidth>
        {t('backToLogin')}
      </Button>
      <Group gap={6} justify="center">
        <Text size="sm" c="dimmed">
          {t('sent.resendHint')}
        </Text>
        <Anchor component="button" type="button" size="sm" fw={600} onClick={onResend}>
          {t('sent.resend')}
        </Anchor>
      </Group>
    </Stack>
  );
}
