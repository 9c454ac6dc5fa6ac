import { Badge, Button, Container, Paper, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { MailOutboxItem, MailOutboxStatus } from '@windscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMailOutbox, useRetryMail } from '../../api/mail-outbox.ts';
import { useFormatters } from '../../i18n/format.ts';
import { AppHeader } from '../../ui/app-header/app-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { RequirePermission } from '../auth/require-permission.tsx';
import '../management/management-styles.ts';
import { LoadErrorBanner } from '../management/load-error-banner.tsx';
import { MAIL_OUTBOX_NS } from './i18n.ts';

const COLORS: Record<MailOutboxStatus, string> = { pending: 'yellow', sending: 'blue', sent: 'green', skipped: 'gray', failed: 'red' };

/** /dashboard/mail-outbox (DECISIONS §15): the superadmin sees what went out, what waits and what failed, and sends a
 *  failed e-mail again. Others see the unauthorized notice. */
export function MailOutboxPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.mailOutbox'));
  return (
    <>
      <AppHeader title={t('pages.mailOutbox')} />
      <RequirePermission action="mail.read" otherwise="unauthorized">
        <MailOutboxContent />
      </RequirePermission>
    </>
  );
}

function MailOutboxContent() {
  const { t } = useTranslation(MAIL_OUTBOX_NS);
  const [status, setStatus] = useState<MailOutboxStatus | 'all'>('failed');
  const list = useMailOutbox(status);
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Text c="dimmed" maw={720}>
          {t('intro')}
        </Text>
        <SegmentedControl
          aria-label={t('filter')}
          data-testid="mail-status-filter"
          value={status}
          onChange={(value) => setStatus(value as MailOutboxStatus | 'all')}
          data={(['failed', 'pending', 'sent', 'skipped', 'all'] as const).map((value) => ({ value, label: t(`status.${value}`) }))}
          w="fit-content"
        />
        {list.isError && (
          <LoadErrorBanner
            title={t('loadError')}
            error={list.error}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
            testId="mail-outbox-error"
          />
        )}
        {list.isPending && <Skeleton height={220} radius="lg" />}
        {list.data && list.data.length === 0 && (
          <Paper withBorder radius="lg" p="xl" data-testid="no-mails">
            <Text c="dimmed" ta="center">
              {t('empty')}
            </Text>
          </Paper>
        )}
        {list.data && list.data.length > 0 && <MailTable rows={list.data} />}
      </Stack>
    </Container>
  );
}

function MailTable({ rows }: { rows: MailOutboxItem[] }) {
  const { t } = useTranslation(MAIL_OUTBOX_NS);
  const { dateTime } = useFormatters();
  const retry = useRetryMail();
  const send = (row: MailOutboxItem) =>
    retry.mutate(row.id, {
      onSuccess: () => toast.success(t('retried')),
      onError: () => toast.error(t('retryFailed')),
    });
  return (
    // a narrow window scrolls the table sideways: the region takes the keyboard's focus to do so
    <Paper withBorder radius="lg" style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('tableLabel')}>
      <Table verticalSpacing="sm" horizontalSpacing="md" miw={1000} data-testid="mail-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.created')}</Table.Th>
            <Table.Th>{t('columns.recipient')}</Table.Th>
            <Table.Th>{t('columns.subject')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
            <Table.Th>{t('columns.attempts')}</Table.Th>
            <Table.Th>{t('columns.error')}</Table.Th>
            <Table.Th>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="mail-row" data-status={row.status}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(row.created_at)}</Table.Td>
              <Table.Td>{row.recipient ?? t('pendingRecipient')}</Table.Td>
              <Table.Td miw={260}>{row.subject ?? '—'}</Table.Td>
              <Table.Td>
                <Badge color={COLORS[row.status]} variant="light">
                  {t(`status.${row.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{row.attempts}</Table.Td>
              <Table.Td style={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{row.last_error ?? '—'}</Table.Td>
              <Table.Td>
                {row.status === 'failed' && (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => send(row)}
                    loading={retry.isPending && retry.variables === row.id}
                    aria-label={t('retryLabel', { recipient: row.recipient ?? '' })}
                    data-testid="mail-retry"
                  >
                    {t('retry')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
