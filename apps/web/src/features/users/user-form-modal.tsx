import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { Company, User } from '@windscope/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateUser, useUpdateUser } from '../../api/users.ts';
import { messageForCode } from '../../i18n/message-code.ts';
import type { FieldErrorCodes } from '../../ui/form/validate-form.ts';
import { FormErrorBanner } from '../../ui/form/form-error-banner.tsx';
import { useServerErrors } from '../../ui/form/use-server-errors.ts';
import { AlertCircleIcon } from '../../ui/app-icons.tsx';
import { toast } from '../../ui/toast/toast.tsx';
import { useCan, useCurrentUser } from '../auth/use-auth.ts';
import { USERS_NS } from './i18n.ts';
import { PendingEmailNote } from './pending-email.tsx';
import { targetOf } from './users-table.tsx';
import { UserFormFields } from './user-form-fields.tsx';
import {
  bannerCode,
  emptyUserForm,
  NEW_USER_ROLES,
  roleChoices,
  type UserFormValues,
  userFormFrom,
  validateNewUser,
  validateUserEdit,
} from './user-form-values.ts';

interface UserFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** null: add a user; a user: edit them */
  user: User | null;
  companies: readonly Company[];
  companiesFailed: boolean;
}

/** Add (superadmin) or edit a user. Escape or an outside click closes; the form is new on every opening. */
export function UserFormModal({ opened, onClose, user, companies, companiesFailed }: UserFormModalProps) {
  const { t } = useTranslation(USERS_NS);
  const { t: tc } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={user ? t('form.editTitle') : t('form.addTitle')}
      size="lg"
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': tc('common.close') }}
    >
      <UserForm user={user} companies={companies} companiesFailed={companiesFailed} onDone={onClose} />
    </Modal>
  );
}

/** The user's current company stays selectable even when the list does not hold it (the platform's own company). */
function companyChoices(companies: readonly Company[], user: User | null): Pick<Company, 'id' | 'name'>[] {
  const choices: Pick<Company, 'id' | 'name'>[] = [...companies];
  if (user && !companies.some((company) => company.id === user.company_id)) {
    choices.push({ id: user.company_id, name: user.company_name ?? String(user.company_id) });
  }
  return choices;
}

/** server refusals that concern one field of the form */
const USER_FIELD_OF_CODE = { USER_EMAIL_TAKEN: 'email', USER_COMPANY_REQUIRED: 'company_id', EMAIL_INVALID: 'email' };

function UserForm({ user, companies, companiesFailed, onDone }: Omit<UserFormModalProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const { t } = useTranslation(USERS_NS);
  const { t: tc } = useTranslation();
  const me = useCurrentUser();
  // may this user be put in another company? (-1: "some other company"; managers never may, DECISIONS §1)
  const movesUsers = useCan('user.update', { ...(user ? targetOf(user) : {}), newCompanyId: -1 });
  const create = useCreateUser();
  const update = useUpdateUser();
  const mutation = user ? update : create;
  const [values, setValues] = useState<UserFormValues>(() =>
    user ? userFormFrom(user) : emptyUserForm(movesUsers ? null : (me?.company_id ?? null)),
  );
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  const server = useServerErrors(mutation.error, USER_FIELD_OF_CODE);
  const change = (next: Partial<UserFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors({});
    server.clear(Object.keys(next));
  };
  const banner = bannerCode(errors);
  // the address waiting for confirmation (cancelled here: forgotten at once, the list refreshes behind)
  const [pendingCancelled, setPendingCancelled] = useState(false);
  // a manager's change of an address waits for the new address to confirm it; the superadmin's is immediate
  const confirmsEmail = user !== null && me?.role !== 'superadmin';
  // nobody changes their own role here (no accidental lock-out), and a superadmin stays one
  const roleLocked = user !== null && (user.id === me?.id || user.role === 'superadmin');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const done = (answer: { message?: string }, fallback: string) => {
      toast.success(answer.message ?? fallback);
      onDone();
    };
    if (user) {
      const result = validateUserEdit(values, user);
      if (!result.ok) return setErrors(result.errors);
      update.mutate(
        { id: user.id, body: result.body },
        {
          onSuccess: (answer) => {
            // this save asked for the address (else the server's own message says what happened)
            const waiting = answer.data?.pending_email;
            if (waiting && waiting === result.body.email) {
              toast.success(t('form.updated'), t('form.emailPending', { email: waiting }));
              onDone();
            } else done(answer, t('form.updated'));
          },
        },
      );
      return;
    }
    const result = validateNewUser(values);
    if (!result.ok) return setErrors(result.errors);
    create.mutate(result.body, { onSuccess: (answer) => done(answer, t('form.added')) });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <Stack gap="md">
        {banner && (
          <Alert color="red" variant="light" icon={<AlertCircleIcon size={18} />} role="alert" data-testid="user-form-banner">
            {messageForCode(banner)}
          </Alert>
        )}
        <FormErrorBanner title={user ? t('form.errorEdit') : t('form.errorAdd')} error={server.banner} />
        {user && !pendingCancelled && <PendingEmailNote user={user} onCancelled={() => setPendingCancelled(true)} />}
        <UserFormFields
          values={values}
          errors={{ ...server.fields, ...errors }}
          onChange={change}
          withPassword={user === null}
          emailHint={confirmsEmail ? t('form.emailConfirmHint') : undefined}
          roles={user ? roleChoices(user.role) : NEW_USER_ROLES}
          roleLocked={roleLocked}
          companies={companyChoices(companies, user)}
          companyLocked={!movesUsers}
          companiesFailed={companiesFailed}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            {tc('common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="user-submit">
            {user ? t('form.submitEdit') : t('form.submitAdd')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
