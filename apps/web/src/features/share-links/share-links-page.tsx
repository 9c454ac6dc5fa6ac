import { Container, Group, Select, Stack, Text } from '@mantine/core';
import { SHARE_LINK_PAGE_SIZE, SHARE_LINK_STATES, type ShareLink, type ShareLinkState } from '@windscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../../api/companies.ts';
import { type ShareLinkFilters, useShareLinkPage } from '../../api/share-links.ts';
import { useCurrentUser } from '../auth/use-auth.ts';
import { GuardedPage } from '../management/guarded-page.tsx';
import '../management/management-styles.ts';
import { PagedList } from '../management/paged-list.tsx';
import { SHARE_NS } from './i18n.ts';
import { OpeningsDialog, RevokeLinkDialog, ShareLinkTable } from './share-link-table.tsx';

/** /dashboard/share-links (issue 26 item 1): every share link of a manager's company (the superadmin's: every company's,
 *  with a company filter), newest first, 25 a page, by state and turbine; each with its openings and revoke. Links are
 *  made on a turbine's page. Others see the unauthorized notice. */
export function ShareLinksPage() {
  const { t } = useTranslation(SHARE_NS);
  return (
    <GuardedPage title={t('list.title')} action="shareLink.manage">
      <ShareLinksContent />
    </GuardedPage>
  );
}

function ShareLinksContent() {
  const { t } = useTranslation(SHARE_NS);
  const superadmin = useCurrentUser()?.role === 'superadmin';
  const companies = useCompanies({ enabled: superadmin });
  const [filters, setFilters] = useState<ShareLinkFilters>({});
  const [page, setPage] = useState(1);
  const [openingsOf, setOpeningsOf] = useState<ShareLink | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const list = useShareLinkPage(filters, page);
  const filter = (next: ShareLinkFilters) => {
    setFilters(next);
    setPage(1);
  };
  const number = (value: string | null) => (value ? Number(value) : undefined);
  const turbines = (list.data?.turbines ?? []).filter((x) => filters.company_id === undefined || x.company_id === filters.company_id);
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Text c="dimmed" maw={760}>
          {superadmin ? t('list.introAll') : t('list.intro')}
        </Text>
        <Group gap="md" align="flex-end" data-testid="share-link-filters">
          {superadmin && (
            <Select
              label={t('list.company')}
              placeholder={t('list.allCompanies')}
              value={filters.company_id === undefined ? null : String(filters.company_id)}
              onChange={(value) => filter({ ...filters, company_id: number(value), turbine_id: undefined })}
              data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              clearable
              searchable
              w={240}
              data-testid="share-link-filter-company"
            />
          )}
          <Select
            label={t('list.state')}
            placeholder={t('list.allStates')}
            value={filters.state ?? null}
            onChange={(value) => filter({ ...filters, state: (value as ShareLinkState | null) ?? undefined })}
            data={SHARE_LINK_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
            clearable
            w={200}
            data-testid="share-link-filter-state"
          />
          <Select
            label={t('list.turbine')}
            placeholder={t('list.allTurbines')}
            value={filters.turbine_id === undefined ? null : String(filters.turbine_id)}
            onChange={(value) => filter({ ...filters, turbine_id: number(value) })}
            data={turbines.map((x) => ({ value: String(x.id), label: x.name }))}
            clearable
            searchable
            w={240}
            data-testid="share-link-filter-turbine"
          />
        </Group>
        <PagedList
          query={list}
          page={page}
          onPage={setPage}
          pageSize={SHARE_LINK_PAGE_SIZE}
          text={{
            loadError: t('list.loadError'),
            total: (count) => t('list.total', { count }),
            empty: t('list.empty'),
            pagination: t('list.pagination'),
          }}
          testIds={{ error: 'share-links-error', total: 'share-links-total', empty: 'share-links-empty', pages: 'share-links-pages' }}
        >
          {(links) => (
            <ShareLinkTable
              links={links}
              onOpenings={setOpeningsOf}
              onRevoke={setRevoking}
              wide={{ company: superadmin && filters.company_id === undefined }}
              label={t('list.tableLabel')}
            />
          )}
        </PagedList>
      </Stack>
      <OpeningsDialog link={openingsOf} onClose={() => setOpeningsOf(null)} />
      <RevokeLinkDialog link={revoking} onClose={() => setRevoking(null)} />
    </Container>
  );
}
