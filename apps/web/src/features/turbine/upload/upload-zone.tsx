import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { UploadIcon } from '../turbine-icons.tsx';
import { DropZone } from './drop-zone.tsx';
import { PendingFiles } from './pending-files.tsx';
import type { PhotoUploadState } from './use-photo-upload.ts';

export interface UploadZoneProps {
  state: PhotoUploadState;
  /** stable test id, e.g. `upload-blade-A` */
  testId: string;
  color?: string;
}

/** A group's drop zone, its pending previews, the "upload N photos" button, the spinner with real progress, its message. */
export function UploadZone({ state, testId, color }: UploadZoneProps) {
  const { t } = useTranslation(TURBINE_NS);
  const { pending, sent, uploading, progress, notice } = state;
  return (
    <Stack gap="sm" data-testid={testId}>
      <DropZone onFiles={state.add} disabled={uploading} accept="image/*,.pcd" prompt={t('upload.dropPrompt')} testId={`${testId}-drop`} />
      {pending.length > 0 && <PendingFiles files={pending} sent={sent} uploading={uploading} onRemove={state.remove} />}
      {uploading && (
        <Stack gap={4} data-testid={`${testId}-progress`}>
          <Group justify="space-between" gap="xs">
            <Group gap={6}>
              <Loader size="xs" />
              <Text size="sm" fw={600}>
                {t('upload.uploading')}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('upload.overall', { percent: progress.percent })}
            </Text>
          </Group>
          <Progress
            value={progress.percent}
            size="md"
            radius="xl"
            color={color}
            striped
            animated
            aria-label={t('upload.overallLabel')}
            data-testid="overall-progress"
            data-percent={progress.percent}
          />
        </Stack>
      )}
      {pending.length > 0 && !uploading && (
        <Button color={color} leftSection={<UploadIcon size={16} />} onClick={() => void state.upload()} data-testid={`${testId}-submit`}>
          {t('upload.uploadButton', { count: pending.length })}
        </Button>
      )}
      {notice && (
        <Alert
          color="red"
          variant="light"
          withCloseButton
          closeButtonLabel={t('common.dismiss')}
          onClose={state.dismissNotice}
          role="alert"
        >
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid={`${testId}-notice`}>
            {notice}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
