import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AlertCircleIcon } from '../../ui/app-icons.tsx';

interface LoadErrorBannerProps {
  title: string;
  /** the failure; its message is read at render, in the current language */
  error: Error | null;
  /** fetch again (React Query's refetch); the button spins while it runs */
  onRetry: () => void;
  retrying: boolean;
  testId?: string;
}

/** A list that failed to load: what failed, why, and "Tekrar Dene" to fetch it again. */
export function LoadErrorBanner({ title, error, onRetry, retrying, testId }: LoadErrorBannerProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" radius="lg" title={title} icon={<AlertCircleIcon size={18} />} role="alert" data-testid={testId}>
      <Group justify="space-between" align="center" gap="md" wrap="nowrap">
        <Text size="sm">{error?.message}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying} data-testid="retry-load">
          {t('common.tryAgain')}
        </Button>
      </Group>
    </Alert>
  );
}
