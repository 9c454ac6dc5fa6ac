import { PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { Company, Role } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { type FieldErrorCodes, fieldError } from '../../ui/form/validate-form.ts';
import { USERS_NS } from './i18n.ts';
import type { UserFormValues } from './user-form-values.ts';

interface UserFormFieldsProps {
  values: UserFormValues;
  errors: FieldErrorCodes;
  onChange: (change: Partial<UserFormValues>) => void;
  withPassword: boolean;
  /** under the address: how a change of it takes effect (a manager's waits for confirmation) */
  emailHint?: string | undefined;
  roles: readonly Role[];
  roleLocked: boolean;
  companies: readonly Pick<Company, 'id' | 'name'>[];
  companyLocked: boolean;
  companiesFailed: boolean;
}

/** A field shows its own message; "fill in all fields" goes to the banner above, so an empty field is only marked. */
function messageOf(errors: FieldErrorCodes, field: string): string | boolean | undefined {
  const code = errors[field];
  if (code === 'USER_ALL_FIELDS' || code === 'USER_EDIT_ALL_FIELDS') return true;
  return fieldError(errors, field);
}

export function UserFormFields(props: UserFormFieldsProps) {
  const { values, errors, onChange, withPassword, emailHint, roles, roleLocked, companies, companyLocked, companiesFailed } = props;
  const { t } = useTranslation(USERS_NS);
  const { t: tc } = useTranslation();
  return (
    <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
      <TextInput
        label={t('form.firstName')}
        value={values.firstName}
        onChange={(event) => onChange({ firstName: event.currentTarget.value })}
        error={messageOf(errors, 'first_name')}
        withAsterisk
        data-autofocus
      />
      <TextInput
        label={t('form.lastName')}
        value={values.lastName}
        onChange={(event) => onChange({ lastName: event.currentTarget.value })}
        error={messageOf(errors, 'last_name')}
        withAsterisk
      />
      <TextInput
        type="email"
        label={t('form.email')}
        placeholder={t('form.emailPlaceholder')}
        value={values.email}
        onChange={(event) => onChange({ email: event.currentTarget.value })}
        error={messageOf(errors, 'email')}
        description={emailHint}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        withAsterisk
        style={withPassword ? undefined : { gridColumn: '1 / -1' }}
      />
      {withPassword && (
        <PasswordInput
          label={t('form.password')}
          description={t('form.passwordHint')}
          value={values.password}
          onChange={(event) => onChange({ password: event.currentTarget.value })}
          error={messageOf(errors, 'password')}
          withAsterisk
          autoComplete="new-password"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      )}
      <Select<Role>
        label={t('form.role')}
        data={roles.map((role) => ({ value: role, label: tc(`roles.${role}`) }))}
        value={values.role}
        onChange={(role) => onChange({ role: role ?? values.role })}
        allowDeselect={false}
        disabled={roleLocked}
        description={roleLocked ? t('form.roleLocked') : undefined}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data-testid="user-role-select"
      />
      <Select<number>
        label={t('form.company')}
        placeholder={t('form.companyPlaceholder')}
        data={companies.map((company) => ({ value: company.id, label: company.name }))}
        value={values.companyId}
        onChange={(companyId) => onChange({ companyId })}
        error={messageOf(errors, 'company_id') ?? (companiesFailed ? t('errors.loadCompanies') : undefined)}
        disabled={companyLocked}
        description={companyLocked ? t('form.companyLocked') : undefined}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        searchable
        withAsterisk
        data-testid="user-company-select"
      />
    </SimpleGrid>
  );
}
