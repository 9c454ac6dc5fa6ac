import { Alert, List, Stack, Text } from '@mantine/core';
import type { Turbine } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useDeleteTurbine } from '../../../api/turbines.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { AlertTriangleIcon } from '../../../ui/app-icons.tsx';
import { turbineDisplayName } from '../filters/turbine-filters.ts';
import { useDeleteAction } from '../../management/use-delete-action.ts';
import { DASHBOARD_NS } from '../i18n.ts';

/** Spec §5: "Are you sure you want to delete this turbine: {turbine}? This action cannot be undone." plus what goes with it. */
export function DeleteTurbineDialog({ opened, onClose, turbine }: { opened: boolean; onClose: () => void; turbine: Turbine | null }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const remove = useDeleteTurbine();
  const { close, confirm } = useDeleteAction(remove, { onClose, deletedMessage: t('delete.deleted') });

  return (
    <ConfirmDialog
      opened={opened}
      onClose={close}
      onConfirm={() => confirm(turbine?.id)}
      loading={remove.isPending}
      danger
      title={t('delete.title')}
      message={turbine ? t('delete.question', { turbine: turbineDisplayName(turbine) }) : ''}
      confirmLabel={t('delete.confirm')}
    >
      <Stack gap="sm" data-testid="delete-turbine-dialog">
        <Alert color="orange" variant="light" icon={<AlertTriangleIcon size={18} />} p="sm">
          <Text size="sm" fw={600} mb={4}>
            {t('delete.warning')}
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>{t('delete.photos')}</List.Item>
            <List.Item>{t('delete.reports')}</List.Item>
            <List.Item>{t('delete.comments')}</List.Item>
          </List>
        </Alert>
        {remove.error && (
          <Alert color="red" variant="light" title={t('errors.delete')} role="alert">
            {remove.error.message}
          </Alert>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
