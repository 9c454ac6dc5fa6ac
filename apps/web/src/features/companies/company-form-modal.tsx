import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { Company } from '@windscope/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateCompany, useUpdateCompany } from '../../api/companies.ts';
import { messageForCode } from '../../i18n/message-code.ts';
import { type FieldErrorCodes, fieldError } from '../../ui/form/validate-form.ts';
import { FormErrorBanner } from '../../ui/form/form-error-banner.tsx';
import { useServerErrors } from '../../ui/form/use-server-errors.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { type CompanyFormValues, companyFormFrom, EMPTY_COMPANY_FORM, validateCompanyForm } from './company-form-values.ts';
import { COMPANIES_NS } from './i18n.ts';

interface CompanyFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** null: add; a company: edit it */
  company: Company | null;
  /** every company on the page, for the unique-name rule */
  companies: readonly Company[];
}

/** Add or edit a partner company. Escape or an outside click closes; the form is new on every opening. */
export function CompanyFormModal({ opened, onClose, company, companies }: CompanyFormModalProps) {
  const { t } = useTranslation(COMPANIES_NS);
  const { t: tc } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={company ? t('form.editTitle') : t('form.addTitle')}
      centered
      radius="lg"
      size="md"
      closeButtonProps={{ 'aria-label': tc('common.close') }}
    >
      <CompanyForm company={company} companies={companies} onDone={onClose} />
    </Modal>
  );
}

/** server refusals that concern one field of the form */
const COMPANY_FIELD_OF_CODE = { COMPANY_NAME_TAKEN: 'name', COMPANY_NAME_REQUIRED: 'name' };

function CompanyForm({ company, companies, onDone }: { company: Company | null; companies: readonly Company[]; onDone: () => void }) {
  const { t } = useTranslation(COMPANIES_NS);
  const { t: tc } = useTranslation();
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const mutation = company ? update : create;
  const [values, setValues] = useState<CompanyFormValues>(() => (company ? companyFormFrom(company) : EMPTY_COMPANY_FORM));
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  const [takenName, setTakenName] = useState('');
  const server = useServerErrors(mutation.error, COMPANY_FIELD_OF_CODE);

  const field = (key: keyof CompanyFormValues) => ({
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
      setErrors({});
      server.clear([key]);
    },
  });
  const shownErrors: FieldErrorCodes = { ...server.fields, ...errors };
  const nameError =
    errors.name === 'COMPANY_NAME_TAKEN' ? messageForCode('COMPANY_NAME_TAKEN', { name: takenName }) : fieldError(shownErrors, 'name');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateCompanyForm(values, companies, company?.id);
    if (!result.ok) {
      setErrors(result.errors);
      setTakenName(result.takenName ?? '');
      return;
    }
    const done = (answer: { message?: string }, fallback: string) => {
      toast.success(answer.message ?? fallback);
      onDone();
    };
    if (company) update.mutate({ id: company.id, body: result.body }, { onSuccess: (answer) => done(answer, t('form.updated')) });
    else create.mutate(result.body, { onSuccess: (answer) => done(answer, t('form.added')) });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="company-form">
      <Stack gap="sm">
        <FormErrorBanner title={company ? t('form.errorEdit') : t('form.errorAdd')} error={server.banner} />
        <TextInput
          label={t('form.name')}
          placeholder={t('form.namePlaceholder')}
          withAsterisk
          error={nameError}
          data-autofocus
          {...field('name')}
        />
        <TextInput
          type="email"
          label={t('form.email')}
          placeholder={t('form.emailPlaceholder')}
          error={fieldError(shownErrors, 'contact_email')}
          {...field('contactEmail')}
        />
        <TextInput
          label={t('form.authorized')}
          placeholder={t('form.authorizedPlaceholder')}
          error={fieldError(shownErrors, 'authorized_number')}
          {...field('authorizedNumber')}
        />
        <TextInput
          label={t('form.phone')}
          placeholder={t('form.phonePlaceholder')}
          error={fieldError(shownErrors, 'phone')}
          {...field('phone')}
        />
        <Textarea
          label={t('form.address')}
          placeholder={t('form.addressPlaceholder')}
          rows={2}
          error={fieldError(shownErrors, 'address')}
          {...field('address')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            {tc('common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="company-submit">
            {company ? t('form.submitEdit') : t('form.submitAdd')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
