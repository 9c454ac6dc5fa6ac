import { Container, Stack, Text } from '@mantine/core';
import { AUDIT_PAGE_SIZE } from '@windscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditFilters, useAuditLog } from '../../api/audit.ts';
import { GuardedPage } from '../management/guarded-page.tsx';
import '../management/management-styles.ts';
import { PagedList } from '../management/paged-list.tsx';
import { AuditFilterBar } from './audit-filters.tsx';
import { AuditTable } from './audit-table.tsx';
import { AUDIT_NS } from './i18n.ts';

/** /dashboard/audit (DECISIONS §17): the superadmin reads every company's events, a manager their company's (the
 *  server decides); filtered, 50 a page, and the filtered rows as CSV. Others see the unauthorized notice. */
export function AuditPage() {
  const { t } = useTranslation();
  return (
    <GuardedPage title={t('pages.audit')} action="audit.read">
      <AuditContent />
    </GuardedPage>
  );
}

function AuditContent() {
  const { t } = useTranslation(AUDIT_NS);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const log = useAuditLog(filters, page);
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
        <PagedList
          query={log}
          page={page}
          onPage={setPage}
          pageSize={AUDIT_PAGE_SIZE}
          text={{ loadError: t('loadError'), total: (count) => t('total', { count }), empty: t('empty'), pagination: t('pagination') }}
          testIds={{ error: 'audit-error', total: 'audit-total', empty: 'audit-empty', pages: 'audit-pagination' }}
        >
          {(rows) => <AuditTable rows={rows} />}
        </PagedList>
      </Stack>
    </Container>
  );
}
