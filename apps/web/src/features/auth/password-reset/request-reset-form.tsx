import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { passwordResetRequestBodySchema } from '@windscope/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error.ts';
import { paths } from '../../../app/paths.ts';
import { type FieldErrorCodes, fieldError, validateForm } from '../../../ui/form/validate-form.ts';
import { ArrowLeftIcon } from '../../../ui/icons.tsx';
import { passwordResetRequest } from '../auth-api.ts';
import { FormError } from '../layout/form-error.tsx';
import { ResetLinkSent } from './reset-link-sent.tsx';

/** Spec §2/§4: form -> sending -> success (the address, spam reminder, back to sign-in, resend) or error. */
export function RequestResetForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  const request = useMutation({ mutationFn: (address: string) => passwordResetRequest(address) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(passwordResetRequestBodySchema, { email });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    request.mutate(checked.data.email);
  };

  if (request.isSuccess) return <ResetLinkSent email={request.variables} onResend={() => request.reset()} />;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('auth.reset.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('auth.reset.subtitle')}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate aria-label={t('auth.reset.title')}>
        <Stack gap="md">
          {request.isError && (
            <FormError title={t('auth.reset.errorTitle')}>
              {isApiError(request.error) && request.error.status > 0 ? request.error.message : t('auth.reset.errorFallback')}
            </FormError>
          )}
          <TextInput
            label={t('auth.reset.email')}
            placeholder={t('auth.login.emailPlaceholder')}
            type="email"
            autoComplete="email"
            required
            size="md"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldError(errors, 'email')}
          />
          <Button type="submit" size="md" fullWidth loading={request.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={paths.login} size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        <ArrowLeftIcon size={14} />
        {t('auth.reset.backToLogin')}
      </Anchor>
    </Stack>
  );
}
