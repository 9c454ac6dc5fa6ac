import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/format.ts';
import { overallProgress, type QueueTotals, summaryParts } from './queue.ts';
import { UPLOADS_NS } from './uploads-i18n.ts';

/** "3 of 5 files stored · 2 refused · 1.2 MB of 1.2 MB": every chosen file counted, the ones that will not be stored
 *  said as such (issue 24 item 12). The panel's overall line and each turbine's heading. */
export function useSummaryText() {
  const { t } = useTranslation(UPLOADS_NS);
  const { fileSize } = useFormatters();
  return (sums: QueueTotals, options: { name?: string; bytes?: boolean } = {}) => {
    const head =
      options.name === undefined
        ? t('panel.overall', { done: sums.done, total: sums.files })
        : t('panel.turbineQueue', { name: options.name, done: sums.done, total: sums.files });
    const parts = summaryParts(sums).map(({ part, count }) => t(`panel.parts.${part}`, { count }));
    if (options.bytes && sums.totalBytes > 0)
      parts.push(t('panel.bytes', { sent: fileSize(sums.sentBytes), size: fileSize(sums.totalBytes) }));
    return [head, ...parts].join(' · ');
  };
}

/** The overall bar: what the server holds of the bytes to send, and a red part for failed files (so it never looks
 *  complete while files failed); 100 only when every file to send is stored. */
export function OverallBar({ sums }: { sums: QueueTotals }) {
  const { t } = useTranslation(UPLOADS_NS);
  const { percent, stored, failed } = overallProgress(sums);
  return (
    <Progress.Root size="md" radius="xl" data-testid="upload-overall-progress" data-percent={percent} data-failed={sums.failed}>
      <Progress.Section
        value={stored}
        color={percent === 100 ? 'teal' : 'blue'}
        aria-label={t('panel.overallLabel')}
        aria-valuetext={t('panel.storedLabel', { percent })}
        style={{ transitionDuration: '0ms' }}
      />
      {failed > 0 && (
        <Progress.Section
          value={failed}
          color="red"
          striped
          aria-label={t('panel.failedLabel', { count: sums.failed })}
          data-testid="upload-overall-failed"
        />
      )}
    </Progress.Root>
  );
}
