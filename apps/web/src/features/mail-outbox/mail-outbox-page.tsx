import { Container, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import type { MailOutboxStatus } from '@windscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMailOutbox } from '../../api/mail-outbox.ts';
import { GuardedPage } from '../management/guarded-page.tsx';
import '../management/management-styles.ts';
import { LoadErrorBanner } from '../management/load-error-banner.tsx';
import { MAIL_OUTBOX_NS } from './i18n.ts';
import { MailTable } from './mail-table.tsx';

/** /dashboard/mail-outbox (DECISIONS §15): the superadmin sees what went out, what waits and what failed, and sends a
 *  failed e-mail again. Others see the unauthorized notice. */
export function MailOutboxPage() {
  const { t } = useTranslation();
  return (
    <GuardedPage title={t('pages.mailOutbox')} action="mail.read">
      <MailOutboxContent />
    </GuardedPage>
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
