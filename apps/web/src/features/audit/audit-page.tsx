import { Container, Group, Pagination, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { AUDIT_PAGE_SIZE } from '@windscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditFilters, useAuditLog } from '../../api/audit.ts';
import { AppHeader } from '../../ui/app-header/app-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RequirePermission } from '../auth/require-permission.tsx';
import '../management/management-styles.ts';
import { LoadErrorBanner } from '../management/load-error-banner.tsx';
import { AuditFilterBar } from './audit-filters.tsx';
import { AuditTable } from './audit-table.tsx';
import { AUDIT_NS } from './i18n.ts';

/** /dashboard/audit (DECISIONS §17): the superadmin reads every company's events, a manager their company's (the
 *  server decides); filtered, 50 a page, and the filtered rows as CSV. Others see the unauthorized notice. */
export function AuditPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.audit'));
  return (
    <>
      <AppHeader title={t('pages.audit')} />
      <RequirePermission action="audit.read" otherwise="unauthorized">
        <AuditContent />
      </RequirePermission>
    </>
  );
}

function AuditContent() {
  const { t } = useTranslation(AUDIT_NS);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const log = useAuditLog(filters, page);
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / AUDIT_PAGE_SIZE)) : 1;
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Text c="dimmed" maw={760}>
          {t('intro')}
        </Text>
        <AuditFilterBar
          filters={filters}
          onApply={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        {log.isError && (
          <LoadErrorBanner
            title={t('loadError')}
            error={log.error}
            onRetry={() => void log.refetch()}
            retrying={log.isFetching}
            testId="audit-error"
          />
        )}
        {log.isPending && <Skeleton height={260} radius="lg" />}
        {log.data && (
          <Text size="sm" c="dimmed" data-testid="audit-total">
            {t('total', { count: log.data.total })}
          </Text>
        )}
        {log.data && log.data.items.length === 0 && (
          <Paper withBorder radius="lg" p="xl" data-testid="audit-empty">
            <Text c="dimmed" ta="center">
              {t('empty')}
            </Text>
          </Paper>
        )}
        {log.data && log.data.items.length > 0 && <AuditTable rows={log.data.items} />}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              aria-label={t('pagination')}
              data-testid="audit-pagination"
              getControlProps={(control) => ({ 'aria-label': t(`pageControl.${control}`) })}
            />
          </Group>
        )}
      </Stack>
    </Container>
  );
}
