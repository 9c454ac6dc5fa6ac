import { Alert, Stack, Text } from '@mantine/core';
import type { Company } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useDeleteCompany } from '../../api/companies.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { AlertCircleIcon, AlertTriangleIcon, InfoIcon } from '../../ui/icons.tsx';
import { toast } from '../../ui/toast/toast.tsx';
import { useDeleteAction } from '../management/use-delete-action.ts';
import { COMPANIES_NS } from './i18n.ts';

/** Delete confirmation with the spec's note: turbines and users go first. The server answers 409 otherwise,
 *  and its message (what is left) is shown here and as a toast. */
export function DeleteCompanyDialog({ opened, onClose, company }: { opened: boolean; onClose: () => void; company: Company | null }) {
  const { t } = useTranslation(COMPANIES_NS);
  const remove = useDeleteCompany();
  const { close, confirm } = useDeleteAction(remove, {
    onClose,
    deletedMessage: t('delete.deleted'),
    onError: (error) => toast.error(t('delete.errorTitle'), error.message),
  });
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
    >
      <Stack gap="sm" data-testid="delete-company-dialog">
        <Alert color="blue" variant="light" icon={<InfoIcon size={18} />} p="sm">
          <Text size="sm">{t('delete.note')}</Text>
        </Alert>
        {hasDependents && company && (
          <Alert color="orange" variant="light" icon={<AlertTriangleIcon size={18} />} p="sm" data-testid="company-has-dependents">
            <Text size="sm">{t('delete.blocked', { turbines: company.turbine_count, users: company.user_count })}</Text>
          </Alert>
        )}
        {remove.error && (
          <Alert color="red" variant="light" title={t('delete.errorTitle')} icon={<AlertCircleIcon size={18} />} role="alert">
            {remove.error.message}
          </Alert>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
