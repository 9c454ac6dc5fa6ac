import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { UploadIcon } from '../turbine-icons.tsx';
import { DropZone } from './drop-zone.tsx';
import { PendingFiles } from './pending-files.tsx';
import type { PhotoUploadState } from './use-photo-upload.ts';
import { describeProblems } from './photo-checks.ts';
import { useUploadLimits } from '../../../api/upload-limits.ts';
import { useFormatters } from '../../../i18n/format.ts';
import classes from './upload.module.css';

export interface UploadZoneProps {
  state: PhotoUploadState;
  /** stable test id, e.g. `upload-blade-A` */
  testId: string;
  color?: string;
}

/** A group's drop zone, its pending previews, the "upload N photos" button, the spinner with real progress, its message. */
export function UploadZone({ state, testId, color }: UploadZoneProps) {
  const { t } = useTranslation(TURBINE_NS);
  const { language } = useFormatters();
  const { pending, sent, uploading, progress, checks, notice } = state;
  const limits = useUploadLimits();
  // the flagged files' reasons in full, in the server's words (the tiles say them short)
  const flagged =
    checks.flagged.length > 0
      ? describeProblems(
          checks.flagged.map((p) => ({ name: p.name, reason: p.problem })),
          language,
          limits,
        )
      : null;
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
      {flagged && !uploading && (
        <Alert
          color="red"
          variant="light"
          title={t('upload.flaggedTitle', { count: checks.flagged.length })}
          data-testid={`${testId}-flagged`}
        >
          <Stack gap={6}>
            {flagged.sentences.map((sentence) => (
              <Text key={sentence} size="sm" className={classes.wrapAnywhere}>
                {sentence}
              </Text>
            ))}
            <Text size="xs" c="dimmed">
              {t('upload.flaggedHint')}
            </Text>
            <Group>
              <Button size="xs" variant="light" color="red" onClick={state.removeFlagged} data-testid={`${testId}-remove-flagged`}>
                {t('upload.removeFlagged')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {pending.length > 0 && !uploading && (
        <Button
          color={color}
          leftSection={checks.checking > 0 ? <Loader size={14} color="white" /> : <UploadIcon size={16} />}
          onClick={() => void state.upload()}
          disabled={checks.checking > 0 || checks.ready === 0}
          data-testid={`${testId}-submit`}
        >
          {checks.checking > 0 ? t('upload.checking') : t('upload.uploadButton', { count: checks.ready })}
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
