import { Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { Company } from '@windscope/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../../api/companies.ts';
import { GuardedPage } from '../management/guarded-page.tsx';
import { useCan } from '../auth/use-auth.ts';
import { useListPageActions } from '../management/header-actions.tsx';
import '../management/management-styles.ts';
import { LoadErrorBanner } from '../management/load-error-banner.tsx';
import { SearchField } from '../management/search-field.tsx';
import { type EntityDialogs, useEntityDialogs } from '../management/use-entity-dialogs.ts';
import { CompanyCard } from './company-card.tsx';
import { CompanyFormModal } from './company-form-modal.tsx';
import { searchCompanies } from './company-search.ts';
import { DeleteCompanyDialog } from './delete-company-dialog.tsx';
import { COMPANIES_NS } from './i18n.ts';

/** /dashboard/companies (spec §2): partner management for the superadmin; others see the unauthorized notice, then /dashboard. */
export function CompaniesPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation(COMPANIES_NS);
  const dialogs = useEntityDialogs<Company, 'edit' | 'delete'>();
  const actions = useListPageActions({
    addLabel: tp('header.add'),
    addTestId: 'add-company',
    permission: 'company.create',
    onAdd: dialogs.add,
  });
  return (
    <GuardedPage title={t('pages.companies')} action="company.list" actions={actions}>
      <CompaniesContent dialogs={dialogs} />
    </GuardedPage>
  );
}

function CompaniesContent({ dialogs }: { dialogs: EntityDialogs<Company, 'edit' | 'delete'> }) {
  const { t } = useTranslation(COMPANIES_NS);
  const companies = useCompanies();
  const canEdit = useCan('company.update');
  const canDelete = useCan('company.delete');
  const [query, setQuery] = useState('');
  const found = useMemo(() => searchCompanies(companies.data ?? [], query), [companies.data, query]);

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="nowrap" gap="lg">
          <Text c="dimmed" maw={560}>
            {t('intro')}
          </Text>
          <div style={{ width: 420 }}>
            <SearchField
              label={t('search.label')}
              placeholder={t('search.placeholder')}
              value={query}
              onChange={setQuery}
              testId="company-search"
            />
          </div>
        </Group>
        {companies.isError && (
          <LoadErrorBanner
            title={t('errors.load')}
            error={companies.error}
            onRetry={() => void companies.refetch()}
            retrying={companies.isFetching}
            testId="companies-error"
          />
        )}
        {companies.isPending && <Skeleton height={220} radius="lg" />}
        {companies.data && found.length === 0 && (
          <Paper withBorder radius="lg" p="xl" data-testid="no-companies">
            <Text c="dimmed" ta="center">
              {query.trim() ? t('empty.filtered') : t('empty.none')}
            </Text>
          </Paper>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="company-grid">
          {found.map((company) => (
            <CompanyCard
              key={company.id}
              company={company}
              onEdit={canEdit ? (row) => dialogs.show('edit', row) : undefined}
              onDelete={canDelete ? (row) => dialogs.show('delete', row) : undefined}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <CompanyFormModal
        opened={dialogs.open === 'add' || dialogs.open === 'edit'}
        onClose={dialogs.close}
        company={dialogs.target}
        companies={companies.data ?? []}
      />
      <DeleteCompanyDialog opened={dialogs.open === 'delete'} onClose={dialogs.close} company={dialogs.target} />
    </Container>
  );
}
