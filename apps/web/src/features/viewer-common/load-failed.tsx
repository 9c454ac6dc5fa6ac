import { Button, Center, Stack, Text } from '@mantine/core';
import { RefreshIcon } from '../../ui/icons.tsx';

/** A viewer's photo list could not be loaded: what went wrong and a retry button, centred in the stage. */
export function LoadFailed({
  title,
  message,
  retryLabel,
  onRetry,
}: {
  title: string;
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Center h="100%">
      <Stack align="center" gap="sm">
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {message}
        </Text>
        <Button variant="default" leftSection={<RefreshIcon size={16} />} onClick={onRetry}>
          {retryLabel}
        </Button>
      </Stack>
    </Center>
  );
}
