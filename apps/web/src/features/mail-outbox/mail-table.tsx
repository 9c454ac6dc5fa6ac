import '@mantine/core/styles/Tooltip.layer.css';
import { ActionIcon, Badge, Button, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MailOutboxItem, MailOutboxStatus } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useRetryMail } from '../../api/mail-outbox.ts';
import { useFormatters } from '../../i18n/format.ts';
import { icon } from '../../ui/icons.tsx';
import { toast } from '../../ui/toast/toast.tsx';
import { MAIL_OUTBOX_NS } from './i18n.ts';
import { MailErrorCell } from './mail-error.tsx';

const RetryIcon = icon(<path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />);
const COLORS: Record<MailOutboxStatus, string> = { pending: 'yellow', sending: 'blue', sent: 'green', skipped: 'gray', failed: 'red' };
/** Mantine's `lg` breakpoint: below it the queued time moves under the subject and "send again" is an icon. */
const WIDE = '(min-width: 75em)';

/** A fixed layout that fits the window from 769 px up: long addresses and subjects are cut with the whole text as a
 *  tooltip, an error is one or two lines in words, nothing scrolls sideways. */
export function MailTable({ rows }: { rows: MailOutboxItem[] }) {
  const { t } = useTranslation(MAIL_OUTBOX_NS);
  const wide = useMediaQuery(WIDE) ?? false;
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table layout="fixed" verticalSpacing="xs" horizontalSpacing="sm" data-testid="mail-table" aria-label={t('tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            {wide && <Table.Th w={200}>{t('columns.created')}</Table.Th>}
            <Table.Th>{t('columns.mail')}</Table.Th>
            <Table.Th w={wide ? 140 : 120}>{t('columns.status')}</Table.Th>
            <Table.Th>{t('columns.error')}</Table.Th>
            <Table.Th w={wide ? 170 : 56}>{wide ? t('columns.actions') : <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <MailRow key={row.id} row={row} wide={wide} />
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function MailRow({ row, wide }: { row: MailOutboxItem; wide: boolean }) {
  const { t } = useTranslation(MAIL_OUTBOX_NS);
  const { dateTime } = useFormatters();
  const recipient = row.recipient ?? t('pendingRecipient');
  const queued = (
    <>
      {dateTime(row.created_at)}
      {row.retried_at && <> · {t('retriedAt', { date: dateTime(row.retried_at) })}</>}
    </>
  );
  return (
    <Table.Tr data-testid="mail-row" data-status={row.status} data-id={row.id}>
      {wide && (
        <Table.Td>
          <Text size="sm">{dateTime(row.created_at)}</Text>
          {row.retried_at && (
            <Text size="xs" c="dimmed" data-testid="mail-retried-at">
              {t('retriedAt', { date: dateTime(row.retried_at) })}
            </Text>
          )}
        </Table.Td>
      )}
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" fw={500} truncate="end" title={recipient} c={row.recipient ? undefined : 'dimmed'}>
            {recipient}
          </Text>
          <Text size="xs" c="dimmed" truncate="end" title={row.subject ?? undefined}>
            {row.subject ?? '—'}
          </Text>
          {!wide && (
            <Text size="xs" c="dimmed" truncate="end" data-testid={row.retried_at ? 'mail-retried-at' : undefined}>
              {queued}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Badge color={COLORS[row.status]} variant="light" maw="100%">
          {t(`status.${row.status}`)}
        </Badge>
        <Text size="xs" c="dimmed" mt={2}>
          {t('attempts', { count: row.attempts })}
        </Text>
      </Table.Td>
      <Table.Td>
        <MailErrorCell row={row} />
      </Table.Td>
      <Table.Td>{row.status === 'failed' && <RetryButton row={row} wide={wide} />}</Table.Td>
    </Table.Tr>
  );
}

function RetryButton({ row, wide }: { row: MailOutboxItem; wide: boolean }) {
  const { t } = useTranslation(MAIL_OUTBOX_NS);
  const retry = useRetryMail();
  const label = t('retryLabel', { recipient: row.recipient ?? '' });
  const common = {
    onClick: () =>
      retry.mutate(row.id, {
        onSuccess: () => toast.success(t('retried')),
        onError: () => toast.error(t('retryFailed')),
      }),
    loading: retry.isPending,
    'aria-label': label,
    'data-testid': 'mail-retry',
  };
  if (wide)
    return (
      <Button size="xs" variant="light" {...common}>
        {t('retry')}
      </Button>
    );
  return (
    <Tooltip label={t('retry')}>
      <ActionIcon variant="light" size="md" {...common}>
        <RetryIcon size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
