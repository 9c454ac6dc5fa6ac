import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { memo, type ReactNode, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/format.ts';
import { RefreshIcon } from '../../ui/icons.tsx';
import { CloseIcon } from '../../ui/app-icons.tsx';
import { CoverageMatrix } from './coverage-matrix.tsx';
import { formatDuration } from './format-duration.ts';
import { uploadManager } from './manager-instance.ts';
import { type ItemState, type QueueItem, totals as queueTotals } from './queue.ts';
import { OverallBar, useSummaryText } from './queue-summary.tsx';
import { ReviewTable } from './review-table.tsx';
import { FileName } from '../../ui/file-name.tsx';
import classes from './uploads.module.css';
import { UPLOADS_NS } from './uploads-i18n.ts';

const STATE_COLOR: Record<ItemState, string> = {
  review: 'gray',
  waiting: 'gray',
  hashing: 'blue',
  checking: 'blue',
  ready: 'gray',
  sending: 'blue',
  done: 'teal',
  duplicate: 'yellow',
  refused: 'red',
  failed: 'red',
  missing: 'orange',
};
const SHOWN_ROWS = 100;

function byTurbine(items: readonly QueueItem[]): Map<number, QueueItem[]> {
  const groups = new Map<number, QueueItem[]>();
  for (const item of items) groups.set(item.turbineId, [...(groups.get(item.turbineId) ?? []), item]);
  return groups;
}

function Overall() {
  const { t } = useTranslation(UPLOADS_NS);
  const { fileSize, language } = useFormatters();
  const summary = useSummaryText();
  const snap = useSyncExternalStore(uploadManager.subscribe, uploadManager.getSnapshot);
  const { totals } = snap;
  const working = totals.active > 0 && !snap.paused;
  return (
    <Stack gap={6} data-testid="upload-overall">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} data-testid="upload-overall-text">
          {summary(totals, { bytes: true })}
        </Text>
        <Text size="xs" c="dimmed" aria-live="polite">
          {working && snap.speed > 0 && t('panel.speed', { speed: fileSize(snap.speed) })}
          {working && snap.secondsLeft !== null && ` · ${t('panel.timeLeft', { time: formatDuration(snap.secondsLeft, language) })}`}
          {working && snap.speed === 0 && totals.active > 0 && t('panel.waitingLink')}
        </Text>
      </Group>
      {snap.follower && (
        <Text size="xs" c="dimmed" data-testid="upload-other-tab">
          {t('panel.otherTab')}
        </Text>
      )}
      <OverallBar sums={totals} />
      <Group gap="xs">
        {snap.paused ? (
          <Button size="xs" onClick={() => uploadManager.resume()} data-testid="upload-resume">
            {t('panel.resume')}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="default"
            onClick={() => uploadManager.pause()}
            disabled={totals.active === 0}
            data-testid="upload-pause"
          >
            {t('panel.pause')}
          </Button>
        )}
        <Button
          size="xs"
          variant="light"
          color="red"
          disabled={totals.failed === 0}
          onClick={() => uploadManager.retryFailed()}
          data-testid="upload-retry-all"
        >
          {t('panel.retryAll', { count: totals.failed })}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          disabled={totals.done + totals.duplicate + totals.refused === 0}
          onClick={() => uploadManager.clearFinished()}
        >
          {t('panel.clearFinished')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The hidden picker for re-selecting files after a reload (outside the alert, so it stays after the question). */
function ReselectInput() {
  const { t } = useTranslation(UPLOADS_NS);
  const [result, setResult] = useState<{ matched: number; unmatched: number } | null>(null);
  const snap = useSyncExternalStore(uploadManager.subscribe, uploadManager.getSnapshot);
  const missing = snap.totals.missing;
  return (
    <>
      {snap.askForFiles && <AskForFilesWithInput count={missing} onResult={setResult} />}
      {!snap.askForFiles && missing > 0 && (
        <Alert color="orange" variant="light" data-testid="upload-still-missing">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('ask.stillMissing', { count: missing })}</Text>
            <ChooseAgain onResult={setResult} />
          </Group>
        </Alert>
      )}
      {result && (
        <Text size="xs" c="dimmed" aria-live="polite" data-testid="upload-ask-result">
          {t('ask.result', result)}
        </Text>
      )}
    </>
  );
}

function ChooseAgain({ onResult, primary = false }: { onResult(result: { matched: number; unmatched: number }): void; primary?: boolean }) {
  const { t } = useTranslation(UPLOADS_NS);
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="xs" variant={primary ? 'filled' : 'light'} onClick={() => input.current?.click()} data-testid="upload-ask-choose">
        {t('ask.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="upload-ask-input"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (files.length === 0) return;
          const answer = uploadManager.provideFiles(files);
          onResult({ matched: answer.matched, unmatched: answer.unmatched.length });
        }}
      />
    </>
  );
}

function AskForFilesWithInput({ count, onResult }: { count: number; onResult(result: { matched: number; unmatched: number }): void }) {
  const { t } = useTranslation(UPLOADS_NS);
  return (
    <Alert color="orange" variant="light" title={t('ask.title')} data-testid="upload-ask">
      <Stack gap="xs">
        <Text size="sm">{t('ask.body', { count })}</Text>
        <Group gap="xs">
          <ChooseAgain onResult={onResult} primary />
          <Button size="xs" variant="subtle" color="gray" onClick={() => uploadManager.forgetMissing()}>
            {t('ask.forget')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** One file's row; drawn again only when its item or speed changes (items are replaced, never changed in place). */
const FileRow = memo(function FileRow({ item, speed }: { item: QueueItem; speed: number | undefined }) {
  const { t } = useTranslation(UPLOADS_NS);
  const { fileSize } = useFormatters();
  const percent = item.size > 0 ? Math.floor(((item.state === 'done' ? item.size : item.sent) / item.size) * 100) : 100;
  let detail: ReactNode = fileSize(item.size);
  if (item.state === 'sending' || ((item.state === 'ready' || item.state === 'missing') && item.sent > 0))
    detail = (
      <Group gap={6} wrap="nowrap">
        <Progress
          value={percent}
          size="sm"
          w={110}
          transitionDuration={0}
          aria-label={t('file.progress', { name: item.name, percent })}
          data-testid="file-progress"
          data-percent={percent}
        />
        <Text size="xs" c="dimmed">
          {speed ? t('file.percentSpeed', { percent, speed: fileSize(speed) }) : t('file.percent', { percent })}
        </Text>
      </Group>
    );
  else if (item.state === 'duplicate') detail = t('file.duplicateOf', { name: item.duplicateOf ?? '' });
  else if (item.state === 'refused') detail = item.message;
  else if (item.state === 'failed') detail = item.message ?? t('file.failedGeneric');
  return (
    <Table.Tr className={classes.fileRow} data-state={item.state} data-testid="queue-row" data-name={item.name}>
      <Table.Td>
        <Text size="sm" component="div">
          <FileName name={item.name} className={classes.fileName} />
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATE_COLOR[item.state]} variant="light" tt="none" data-testid="queue-state">
          {t(`states.${item.state}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="xs" component="div" data-testid="queue-detail">
          {detail}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={2} wrap="nowrap" justify="flex-end">
          {item.state === 'failed' && (
            <ActionIcon
              size="sm"
              variant="subtle"
              aria-label={t('file.retry', { name: item.name })}
              onClick={() => uploadManager.retryFailed([item.id])}
            >
              <RefreshIcon size={14} />
            </ActionIcon>
          )}
          {item.state !== 'done' && (
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={t('file.remove', { name: item.name })}
              onClick={() => uploadManager.remove([item.id])}
            >
              <CloseIcon size={14} />
            </ActionIcon>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});

function TurbineQueue({ turbineId, items }: { turbineId: number; items: QueueItem[] }) {
  const { t } = useTranslation(UPLOADS_NS);
  const snap = useSyncExternalStore(uploadManager.subscribe, uploadManager.getSnapshot);
  const [showAll, setShowAll] = useState(false);
  // what needs the eye first: problems and work in progress, then the rest in order
  const ordered = useMemo(() => {
    const rank = (state: ItemState) => (state === 'refused' || state === 'failed' ? 0 : state === 'sending' ? 1 : state === 'done' ? 3 : 2);
    return [...items].sort((a, b) => rank(a.state) - rank(b.state));
  }, [items]);
  const shown = showAll ? ordered : ordered.slice(0, SHOWN_ROWS);
  const summary = useSummaryText();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`queue-${turbineId}`} data-testid={`queue-${turbineId}`}>
      <Title order={3} size="h5" id={`queue-${turbineId}`} mb="xs">
        {summary(queueTotals(items), { name: items[0]?.turbineName ?? '' })}
      </Title>
      <Table.ScrollContainer minWidth={520} mah={420}>
        <Table verticalSpacing={4} fz="sm">
          <Table.Tbody>
            {shown.map((item) => (
              <FileRow key={item.id} item={item} speed={snap.fileSpeed.get(item.id)} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {ordered.length > shown.length && (
        <Button size="xs" variant="subtle" mt="xs" onClick={() => setShowAll(true)}>
          {t('panel.showAll', { count: ordered.length })}
        </Button>
      )}
    </Paper>
  );
}

function FinishedCoverage({ turbineId, name, years }: { turbineId: number; name: string; years: readonly number[] }) {
  const { t } = useTranslation(UPLOADS_NS);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={`finished-${turbineId}`}
      data-testid={`finished-coverage-${turbineId}`}
    >
      <Title order={3} size="h5" id={`finished-${turbineId}`}>
        {t('coverage.finishedTitle', { name })}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('coverage.finishedIntro')}
      </Text>
      <Stack gap="md">
        {years.map((year) => (
          <CoverageMatrix key={year} turbineId={turbineId} year={year} testId={`coverage-${turbineId}-${year}`} />
        ))}
      </Stack>
    </Paper>
  );
}

/** The upload manager's panel (its own lazy chunk): overall progress and controls, the re-selection question after a
 *  reload, the review tables, each turbine's queue, and the coverage of turbines whose queue has finished. */
export function UploadPanel() {
  const { t } = useTranslation(UPLOADS_NS);
  const snap = useSyncExternalStore(uploadManager.subscribe, uploadManager.getSnapshot);
  const review = byTurbine(snap.items.filter((item) => item.state === 'review'));
  const queue = byTurbine(snap.items.filter((item) => item.state !== 'review'));
  if (snap.items.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="upload-empty">
        {t('panel.empty')}
      </Text>
    );
  return (
    <Stack gap="md" data-testid="upload-panel">
      {queue.size > 0 && <Overall />}
      <ReselectInput />
      {[...review].map(([turbineId, items]) => (
        <ReviewTable key={turbineId} turbineId={turbineId} items={items} />
      ))}
      {[...snap.finished].map(([turbineId, years]) => (
        <FinishedCoverage key={turbineId} turbineId={turbineId} name={queue.get(turbineId)?.[0]?.turbineName ?? ''} years={[...years]} />
      ))}
      {[...queue].map(([turbineId, items]) => (
        <TurbineQueue key={turbineId} turbineId={turbineId} items={items} />
      ))}
      {queue.size > 0 && (
        <Text size="xs" c="dimmed">
          {t('panel.walkAway')}
        </Text>
      )}
    </Stack>
  );
}
