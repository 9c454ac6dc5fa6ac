import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import type { User } from '@windscope/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeUserPassword } from '../../api/users.ts';
import { useCurrentUser } from '../auth/use-auth.ts';
import { type FieldErrorCodes, fieldError } from '../../ui/form/validate-form.ts';
import { AlertCircleIcon } from '../../ui/app-icons.tsx';
import { toast } from '../../ui/toast/toast.tsx';
import { USERS_NS } from './i18n.ts';
import { validateNewPassword } from './user-form-values.ts';

/** Sets a user's password: "Yeni şifre gereklidir", "Şifreler eşleşmiyor", "Şifre en az 6 karakter olmalı". Your own
 *  password also asks for the current one (the server checks it); a manager setting someone else's is not asked. */
export function PasswordModal({ opened, onClose, user }: { opened: boolean; onClose: () => void; user: User | null }) {
  const { t } = useTranslation(USERS_NS);
  const { t: tc } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('password.title')}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': tc('common.close') }}
    >
      {user && <PasswordForm user={user} onDone={onClose} />}
    </Modal>
  );
}

function PasswordForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation(USERS_NS);
  const { t: tc } = useTranslation();
  const change = useChangeUserPassword();
  const own = useCurrentUser()?.id === user.id;
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrorCodes>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (own && current === '') return setErrors({ current: 'CURRENT_PASSWORD_REQUIRED' });
    const result = validateNewPassword(password, confirmation);
    if (!result.ok) return setErrors(result.errors);
    change.mutate(
      { id: user.id, password, ...(own ? { currentPassword: current } : {}) },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? t('password.changed'));
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="password-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {own ? t('password.forSelf') : t('password.for', { name: `${user.first_name} ${user.last_name}` })}
        </Text>
        {change.error && (
          <Alert color="red" variant="light" title={t('password.error')} icon={<AlertCircleIcon size={18} />} role="alert">
            {change.error.message}
          </Alert>
        )}
        {own && (
          <PasswordInput
            label={t('password.current')}
            value={current}
            onChange={(event) => {
              setCurrent(event.currentTarget.value);
              setErrors({});
            }}
            error={fieldError(errors, 'current')}
            autoComplete="current-password"
            withAsterisk
            data-autofocus
            data-testid="password-current"
          />
        )}
        <PasswordInput
          label={t('password.new')}
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors({});
          }}
          error={fieldError(errors, 'password')}
          autoComplete="new-password"
          withAsterisk
          data-autofocus={!own}
        />
        <PasswordInput
          label={t('password.confirm')}
          value={confirmation}
          onChange={(event) => {
            setConfirmation(event.currentTarget.value);
            setErrors({});
          }}
          error={fieldError(errors, 'confirmation')}
          autoComplete="new-password"
          withAsterisk
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={change.isPending}>
            {tc('common.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending} data-testid="password-submit">
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
