import { Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { passwordResetConfirmBodySchema, passwordSchema } from '@windscope/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../../api/api-error.ts';
import { paths } from '../../../app/paths.ts';
import { messageForCode } from '../../../i18n/message-code.ts';
import { type FieldErrorCodes, fieldError, validateForm } from '../../../ui/form/validate-form.ts';
import { toast } from '../../../ui/toast/toast.tsx';
import { passwordResetConfirmRequest } from '../auth-api.ts';
import { FormError } from '../layout/form-error.tsx';
import { AUTH_PAGES_NS } from '../layout/auth-pages-i18n.ts';

/** Same rules as change password (DECISIONS §3): required, at least 6 characters, both entries equal. */
export const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], error: 'PASSWORDS_DO_NOT_MATCH' });

/** A link whose token cannot be one of ours (cut short, mangled by a mail client) is an invalid link: the spec's message
 *  at once, and a new link offered, rather than a form the server would refuse. */
const isWellFormedToken = (token: string) => passwordResetConfirmBodySchema.shape.token.safeParse(token).success;

/** Opened by the e-mailed link /password-reset?token=…; sets the password, then back to sign-in. */
export function NewPasswordForm({ token }: { token: string }) {
  return isWellFormedToken(token) ? <NewPasswordFields token={token} /> : <InvalidLink />;
}

function InvalidLink() {
  const { t } = useTranslation(['translation', AUTH_PAGES_NS]);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('authPages:newPassword.title')}
      </Title>
      <FormError title={t('authPages:newPassword.errorTitle')}>
        <Stack gap={6} align="flex-start">
          <span>{messageForCode('PASSWORD_RESET_TOKEN_INVALID')}</span>
          <Anchor component={Link} to={paths.passwordReset} size="sm" fw={600}>
            {t('authPages:newPassword.requestNewLink')}
          </Anchor>
        </Stack>
      </FormError>
    </Stack>
  );
}

function NewPasswordFields({ token }: { token: string }) {
  const { t } = useTranslation(['translation', AUTH_PAGES_NS]);
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  const confirm = useMutation({
    mutationFn: (password: string) => passwordResetConfirmRequest(token, password),
    onSuccess: async (answer) => {
      toast.success(t('authPages:newPassword.successTitle'), answer.message);
      await navigate(paths.login, { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(newPasswordFormSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    confirm.mutate(checked.data.password);
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('authPages:newPassword.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('authPages:newPassword.subtitle')}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate aria-label={t('authPages:newPassword.title')}>
        <Stack gap="md">
          {confirm.isError && (
            <FormError title={t('authPages:newPassword.errorTitle')}>
              <Stack gap={6} align="flex-start">
                <span>
                  {isApiError(confirm.error) && confirm.error.status > 0 ? confirm.error.message : t('authPages:reset.errorFallback')}
                </span>
                <Anchor component={Link} to={paths.passwordReset} size="sm" fw={600}>
                  {t('authPages:newPassword.requestNewLink')}
                </Anchor>
              </Stack>
            </FormError>
          )}
          <PasswordInput
            label={t('authPages:newPassword.password')}
            autoComplete="new-password"
            required
            size="md"
            value={values.password}
            onChange={(event) => {
              const password = event.currentTarget.value;
              setValues((v) => ({ ...v, password }));
            }}
            error={fieldError(errors, 'password')}
          />
          <PasswordInput
            label={t('authPages:newPassword.confirm')}
            autoComplete="new-password"
            required
            size="md"
            value={values.confirm}
            onChange={(event) => {
              const confirm = event.currentTarget.value;
              setValues((v) => ({ ...v, confirm }));
            }}
            error={fieldError(errors, 'confirm')}
          />
          <Button type="submit" size="md" fullWidth loading={confirm.isPending}>
            {t('authPages:newPassword.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
