import { Anchor, Button, Loader, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type Language, passwordSchema, setupBodySchema } from '@windscope/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../api/api-error.ts';
import { paths } from '../../app/paths.ts';
import { type FieldErrorCodes, fieldError, validateForm } from '../../ui/form/validate-form.ts';
import { useServerErrors } from '../../ui/form/use-server-errors.ts';
import { usePageTitle } from '../../ui/page-title.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { AuthLayout } from '../auth/layout/auth-layout.tsx';
import { FormError } from '../auth/layout/form-error.tsx';
import { useStartSession } from '../auth/session.ts';
import { SETUP_NS } from './setup-i18n.ts';
import { setupRequest, setupStateRequest } from './setup-api.ts';

/** The contract's setup body (STYLE §1) with the second password entry the form adds. */
const setupFormSchema = setupBodySchema
  .extend({ password: passwordSchema, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], error: 'PASSWORDS_DO_NOT_MATCH' });

/** Refusals the server explains by one field: shown under it. */
const FIELD_OF_CODE = {
  SETUP_TOKEN_INVALID: 'token',
  PASSWORD_TOO_COMMON: 'password',
  COMPANY_NAME_TAKEN: 'company_name',
} as const;

/** An answer meaning setup is over (done here before, or by another tab or process a moment ago). */
const isSetupOver = (error: unknown) => isApiError(error) && (error.status === 404 || error.code === 'SETUP_ALREADY_DONE');

/** /setup?token=… (DECISIONS §15): the first owner of an empty Windscope. Once an account exists, it says so and
 *  points to sign-in (the API answers 404). */
export function SetupPage() {
  const { t } = useTranslation(SETUP_NS);
  usePageTitle(t('pageTitle'));
  const state = useQuery({ queryKey: ['setup-state'], queryFn: ({ signal }) => setupStateRequest(signal), retry: false, gcTime: 0 });
  const [finishedElsewhere, setFinishedElsewhere] = useState(false);
  let body: ReactNode;
  if (state.isPending) {
    body = (
      <Stack align="center" gap="sm" py="xl" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('checking')}</Text>
      </Stack>
    );
  } else if (finishedElsewhere || isSetupOver(state.error)) body = <AlreadySetUp />;
  else if (state.isError)
    body = (
      <Stack gap="md">
        <FormError title={t('errorTitle')}>{t('unreachable')}</FormError>
        <Button variant="light" onClick={() => void state.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  else body = <SetupForm onOver={() => setFinishedElsewhere(true)} />;
  return <AuthLayout>{body}</AuthLayout>;
}

function AlreadySetUp() {
  const { t } = useTranslation(SETUP_NS);
  return (
    <Stack gap="md" data-testid="setup-done">
      <Title order={1} size="h2">
        {t('done.title')}
      </Title>
      <Text>{t('done.text')}</Text>
      <Button component={Link} to={paths.login} size="md">
        {t('done.signIn')}
      </Button>
    </Stack>
  );
}

const EMPTY = { token: '', company_name: '', first_name: '', last_name: '', email: '', password: '', confirm: '' };
type Field = keyof typeof EMPTY;

function SetupForm({ onOver }: { onOver: () => void }) {
  const { t, i18n } = useTranslation(SETUP_NS);
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [params] = useSearchParams();
  const tokenInAddress = params.get('token') ?? '';
  const [values, setValues] = useState({ ...EMPTY, token: tokenInAddress });
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  const setup = useMutation({
    mutationFn: setupRequest,
    onSuccess: async ({ token, user, message }) => {
      startSession(token, user);
      toast.success(t('successTitle'), message);
      await navigate(paths.dashboard, { replace: true });
    },
    onError: (error) => {
      if (isSetupOver(error)) onOver();
    },
  });
  const server = useServerErrors(setup.error, FIELD_OF_CODE);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const language: Language = i18n.language === 'en' ? 'en' : 'tr';
    const checked = validateForm(setupFormSchema, { ...values, language });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const { confirm: _confirm, ...body } = checked.data;
    setup.mutate(body);
  };
  const input = (field: Field) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
      server.clear([field]);
    },
    error: fieldError(errors, field) ?? server.fields[field],
    size: 'md' as const,
    required: true,
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('subtitle')}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate aria-label={t('title')}>
        <Stack gap="md">
          {server.banner && (
            <FormError title={t('errorTitle')}>
              {isApiError(server.banner) && server.banner.status > 0 ? server.banner.message : t('errorFallback')}
            </FormError>
          )}
          {/* the printed address carries the key; typed in only when the address was opened without it */}
          {(!tokenInAddress || server.fields.token) && (
            <PasswordInput label={t('token')} description={t('tokenHint')} autoComplete="off" {...input('token')} />
          )}
          <TextInput label={t('companyName')} autoComplete="organization" {...input('company_name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={t('firstName')} autoComplete="given-name" {...input('first_name')} />
            <TextInput label={t('lastName')} autoComplete="family-name" {...input('last_name')} />
          </SimpleGrid>
          <TextInput label={t('email')} type="email" autoComplete="username" {...input('email')} />
          <PasswordInput label={t('password')} description={t('passwordHint')} autoComplete="new-password" {...input('password')} />
          <PasswordInput label={t('confirm')} autoComplete="new-password" {...input('confirm')} />
          <Button type="submit" size="md" fullWidth loading={setup.isPending}>
            {t('submit')}
          </Button>
          <Anchor component={Link} to={paths.login} size="sm">
            {t('done.signIn')}
          </Anchor>
        </Stack>
      </form>
    </Stack>
  );
}
