import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Full-height spinner with a caption, for route loads and the session check. */
export function LoadingScreen({ label, fullScreen = true }: { label?: string; fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih={fullScreen ? '100dvh' : 320} role="status" aria-live="polite" data-testid="loading-screen">
      <Stack align="center" gap="sm">
        <Loader size="md" type="dots" />
        <Text size="sm" c="dimmed">
          {label ?? t('common.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
