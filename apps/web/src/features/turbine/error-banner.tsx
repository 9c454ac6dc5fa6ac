import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AlertCircleIcon } from '../../ui/app-icons.tsx';
import { TURBINE_NS } from './turbine-i18n.ts';

/** Spec §2 item 9: the dismissible error banner (list load failures), with a retry. */
export function ErrorBanner({ messages, onDismiss, onRetry }: { messages: string[]; onDismiss: () => void; onRetry: () => void }) {
  const { t } = useTranslation(TURBINE_NS);
  if (messages.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      icon={<AlertCircleIcon size={18} />}
      title={t('banner.title')}
      withCloseButton
      closeButtonLabel={t('common.dismiss')}
      onClose={onDismiss}
      data-testid="error-banner"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{messages.join(' ')}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t('state.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
