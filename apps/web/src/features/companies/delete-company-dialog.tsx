import { Alert, Stack, Text } from '@mantine/core';
import type { Company } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useDeleteCompany } from '../../api/companies.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { AlertCircleIcon, AlertTriangleIcon, InfoIcon } from '../../ui/app-icons.tsx';
import { useDeleteAction } from '../management/use-delete-action.ts';
import { COMPANIES_NS } from './i18n.ts';

/** Delete confirmation with the spec's note: turbines and users go first. A company the list shows with turbines
 *  or users cannot be confirmed, and the dialog says why once; a 409 the list did not foresee (it changed meanwhile)
 *  is shown here, in place of the note. */
export function DeleteCompanyDialog({ opened, onClose, company }: { opened: boolean; onClose: () => void; company: Company | null }) {
  const { t } = useTranslation(COMPANIES_NS);
  const remove = useDeleteCompany();
  const { close, confirm } = useDeleteAction(remove, { onClose, deletedMessage: t('delete.deleted') });
  const hasDependents = company !== null && (company.turbine_count > 0 || company.user_count > 0);

  return (
    <ConfirmDialog
      opened={opened}
      onClose={close}
      onConfirm={() => confirm(company?.id)}
      loading={remove.isPending}
      danger
      title={t('delete.title')}
      message={company ? t('delete.question', { company: company.name }) : ''}
      confirmLabel={t('delete.confirm')}
      confirmDisabled={hasDependents}
    >
      <Stack gap="sm" data-testid="delete-company-dialog">
        {!hasDependents && !remove.error && (
          <Alert color="blue" variant="light" icon={<InfoIcon size={18} />} p="sm">
            <Text size="sm">{t('delete.note')}</Text>
          </Alert>
        )}
        {hasDependents && company && (
          <Alert color="orange" variant="light" icon={<AlertTriangleIcon size={18} />} p="sm" data-testid="company-has-dependents">
            <Text size="sm">{t('delete.blocked', { turbines: company.turbine_count, users: company.user_count })}</Text>
          </Alert>
        )}
        {remove.error && !hasDependents && (
          <Alert color="red" variant="light" title={t('delete.errorTitle')} icon={<AlertCircleIcon size={18} />} role="alert">
            {remove.error.message}
          </Alert>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
