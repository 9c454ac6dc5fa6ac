import { Alert, Anchor, Button, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ZodType } from 'zod';
import { isApiError } from '../../../api/api-error.ts';
import { paths } from '../../../app/paths.ts';
import { type FieldErrorCodes, fieldError, validateForm } from '../../../ui/form/validate-form.ts';
import { MailIcon } from '../../../ui/icons.tsx';
import { AlertTriangleIcon, ArrowLeftIcon } from '../../../ui/app-icons.tsx';
import { FormError } from './form-error.tsx';
import { AUTH_PAGES_NS } from './auth-pages-i18n.ts';

/** The words of one e-mailed-link flow (password reset, sign-in link), already in the current language. */
export interface EmailLinkCopy {
  title: string;
  subtitle: string;
  email: string;
  submit: string;
  errorTitle: string;
  errorFallback: string;
  backToLogin: string;
  sentTitle: string;
  sentIntro: string;
  sentNote: string;
  spamReminder: string;
  resendHint: string;
  resend: string;
}

/** Spec §2/§4, for every link sent by e-mail: form -> sending -> "check your e-mail" (the address, spam reminder, back to
 *  sign-in, resend) or the server's error in the user's language. The address is checked with the contract's schema. */
export function EmailLinkRequest({
  copy,
  schema,
  send,
  initialEmail = '',
  testId,
}: {
  copy: EmailLinkCopy;
  schema: ZodType<{ email: string }>;
  send: (email: string) => Promise<unknown>;
  initialEmail?: string;
  /** names the sent state (`<testId>-sent`) and its address (`<testId>-email`) */
  testId: string;
}) {
  const { t } = useTranslation(['translation', AUTH_PAGES_NS]);
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  const request = useMutation({ mutationFn: send });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(schema, { email });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    request.mutate(checked.data.email);
  };

  if (request.isSuccess) return <LinkSent copy={copy} email={request.variables} onResend={() => request.reset()} testId={testId} />;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {copy.title}
        </Title>
        <Text c="dimmed" size="sm">
          {copy.subtitle}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate aria-label={copy.title}>
        <Stack gap="md">
          {request.isError && (
            <FormError title={copy.errorTitle}>
              {isApiError(request.error) && request.error.status > 0 ? request.error.message : copy.errorFallback}
            </FormError>
          )}
          <TextInput
            label={copy.email}
            placeholder={t('authPages:login.emailPlaceholder')}
            type="email"
            autoComplete="email"
            required
            size="md"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldError(errors, 'email')}
          />
          <Button type="submit" size="md" fullWidth loading={request.isPending}>
            {copy.submit}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={paths.login} size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        <ArrowLeftIcon size={14} />
        {copy.backToLogin}
      </Anchor>
    </Stack>
  );
}

function LinkSent({ copy, email, onResend, testId }: { copy: EmailLinkCopy; email: string; onResend: () => void; testId: string }) {
  return (
    <Stack gap="lg" data-testid={`${testId}-sent`}>
      <ThemeIcon size={56} radius="xl" variant="light" color="teal">
        <MailIcon size={28} />
      </ThemeIcon>
      <Stack gap={6}>
        <Title order={1} size="h2">
          {copy.sentTitle}
        </Title>
        <Text c="dimmed" size="sm">
          {copy.sentIntro}
        </Text>
        <Text fw={700} size="md" style={{ wordBreak: 'break-all' }} data-testid={`${testId}-email`}>
          {email}
        </Text>
        <Text c="dimmed" size="sm">
          {copy.sentNote}
        </Text>
      </Stack>
      <Alert variant="light" color="yellow" icon={<AlertTriangleIcon size={18} />} py="xs">
        {copy.spamReminder}
      </Alert>
      <Button component={Link} to={paths.login} size="md" fullWidth>
        {copy.backToLogin}
      </Button>
      <Group gap={6} justify="center">
        <Text size="sm" c="dimmed">
          {copy.resendHint}
        </Text>
        <Anchor component="button" type="button" size="sm" fw={600} onClick={onResend}>
          {copy.resend}
        </Anchor>
      </Group>
    </Stack>
  );
}
