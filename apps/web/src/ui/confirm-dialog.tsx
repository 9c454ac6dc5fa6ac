import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** the question, e.g. "Are you sure you want to delete this turbine: {turbine}?" */
  message: ReactNode;
  /** extra content under the message, e.g. a list of what else is deleted */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** red confirm button for destructive actions */
  danger?: boolean;
  /** shows a spinner on the confirm button and keeps the dialog open while the action runs */
  loading?: boolean;
  /** the action cannot run (the dialog says why): the confirm button is off */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before an action. Escape, an outside click or Cancel closes it (spec: dashboard modals). */
export function ConfirmDialog({
  opened,
  title,
  message,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  loading = false,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => undefined : onClose}
      title={title}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {children}
        <Group justify="flex-end" gap="sm">
          {/* focus starts on Cancel: a stray Enter must not confirm a deletion */}
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading} disabled={confirmDisabled}>
            {confirmLabel ?? t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
