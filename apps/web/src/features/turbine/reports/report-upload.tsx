import { Alert, Button, CloseButton, Group, Loader, Progress, Select, Stack, Text } from '@mantine/core';
import { yearChoices } from '@windscope/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/format.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { FileIcon, UploadIcon } from '../turbine-icons.tsx';
import { DropZone } from '../upload/drop-zone.tsx';
import classes from './reports.module.css';
import { useReportUpload } from './use-report-upload.ts';

/** PDF upload (spec §2 item 8): year, picker or drop (.pdf, several), pending list, progress, the red message below. */
export function ReportUpload({ turbineId }: { turbineId: number }) {
  const { t } = useTranslation(TURBINE_NS);
  const { fileSize } = useFormatters();
  const years = useMemo(() => yearChoices(), []);
  const [year, setYear] = useState(years[0] ?? new Date().getFullYear());
  const upload = useReportUpload(turbineId, year);
  return (
    <Stack gap="sm" data-testid="report-upload">
      <Group align="flex-end" gap="sm">
        <Select
          label={t('reports.uploadYear')}
          data={years.map((y) => String(y))}
          value={String(year)}
          onChange={(value) => value && setYear(Number(value))}
          allowDeselect={false}
          disabled={upload.uploading}
          w={140}
          data-testid="report-year"
        />
        <Text size="sm" c="dimmed" pb={8}>
          {t('reports.rules')}
        </Text>
      </Group>
      <DropZone
        onFiles={upload.add}
        disabled={upload.uploading}
        accept=".pdf,application/pdf"
        prompt={t('reports.dropPrompt')}
        hint={t('reports.accepted')}
        testId="report-drop"
      />
      {upload.pending.length > 0 && (
        <ul className={classes.pending} aria-label={t('reports.pendingTitle')}>
          {upload.pending.map((report) => {
            const percent = report.size > 0 ? Math.round(((upload.sent[report.id] ?? 0) / report.size) * 100) : 0;
            return (
              <li key={report.id} className={classes.pendingItem} data-testid="pending-report">
                <FileIcon size={16} />
                <Text size="sm" truncate className={classes.pendingName}>
                  {report.name}
                </Text>
                {upload.uploading ? (
                  <Progress value={percent} size="sm" w={120} aria-label={t('upload.fileProgress', { name: report.name, percent })} />
                ) : (
                  <>
                    <Text size="xs" c="dimmed">
                      {fileSize(report.size, 2)}
                    </Text>
                    <CloseButton
                      size="sm"
                      aria-label={t('upload.remove', { name: report.name })}
                      onClick={() => upload.remove(report.id)}
                    />
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {upload.uploading && (
        <Group gap="xs" data-testid="report-progress">
          <Loader size="xs" />
          <Text size="sm" fw={600}>
            {t('upload.uploading')}
          </Text>
          <Progress
            value={upload.progress.percent}
            size="md"
            radius="xl"
            striped
            animated
            className={classes.overall}
            aria-label={t('upload.overallLabel')}
          />
          <Text size="xs" c="dimmed">
            {t('upload.overall', { percent: upload.progress.percent })}
          </Text>
        </Group>
      )}
      {upload.pending.length > 0 && !upload.uploading && (
        <Button leftSection={<UploadIcon size={16} />} onClick={() => void upload.upload()} data-testid="report-submit" w="fit-content">
          {t('reports.uploadButton', { count: upload.pending.length })}
        </Button>
      )}
      {upload.notice && (
        <Alert
          color="red"
          variant="light"
          withCloseButton
          closeButtonLabel={t('common.dismiss')}
          onClose={upload.dismissNotice}
          role="alert"
        >
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="report-error">
            {upload.notice}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
