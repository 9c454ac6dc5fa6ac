import { Alert, Container, Stack } from '@mantine/core';
import { type Company, type Turbine, turbineFilterQueryOf } from '@windscope/contract';
import { type SetStateAction, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../../api/companies.ts';
import { useTurbines } from '../../api/turbines.ts';
import { AppHeader } from '../../ui/app-header/app-header.tsx';
import { AlertCircleIcon } from '../../ui/app-icons.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { useCan, useCurrentUser } from '../auth/use-auth.ts';
import '../management/management-styles.ts';
import { LoadErrorBanner } from '../management/load-error-banner.tsx';
import { useEntityDialogs } from '../management/use-entity-dialogs.ts';
import { DashboardCounters } from './dashboard-counters.tsx';
import { useDashboardHeaderActions } from './dashboard-header-actions.tsx';
import { useDashboardUrlState } from './filters/dashboard-url-state.ts';
import { assetChoicesOf } from './filters/asset-filters.tsx';
import { FilterBar } from './filters/filter-bar.tsx';
import {
  applyFilters,
  cityOptions,
  hasFilters,
  indexTurbines,
  NO_FILTERS,
  escalationTotals,
  openBySeverity,
  type TurbineFilters,
  yearOptions,
} from './filters/turbine-filters.ts';
import { nextSort, type SortKey, sortTurbines, type TurbineSort } from './filters/turbine-sort.ts';
import { DASHBOARD_NS } from './i18n.ts';
import { TurbineResults } from './list/turbine-results.tsx';
import { DeleteTurbineDialog } from './modals/delete-turbine-dialog.tsx';
import { TurbineFormModal } from './modals/turbine-form-modal.tsx';
import type { ViewMode } from './view-mode.ts';

/** /dashboard (spec §2): the turbines the user may see, with counters, filters, grid or list, and the turbine modals. */
export function DashboardPage() {
  const { t } = useTranslation(DASHBOARD_NS);
  const { t: tc } = useTranslation();
  usePageTitle(tc('pages.dashboard'));
  const user = useCurrentUser();
  const seesAllCompanies = useCan('company.list');
  const canEdit = useCan('turbine.update');
  const canDelete = useCan('turbine.delete');

  const [state, update] = useDashboardUrlState();
  const { filters, companyId, view, sort } = state;
  // typing changes the URL in place; a chosen city, year or severity is a step back/forward can return to. The change
  // applies to the filters as last asked for, not as last drawn (a key right after a pick keeps the pick)
  const setFilters = useCallback(
    (action: SetStateAction<TurbineFilters>) =>
      update((current) => ({ filters: typeof action === 'function' ? action(current.filters) : action }), {
        replace: ({ filters: was }, { filters: next }) =>
          next.city === was.city &&
          next.year === was.year &&
          next.minSeverity === was.minSeverity &&
          next.manufacturer === was.manufacturer &&
          next.model === was.model &&
          next.bladeType === was.bladeType,
      }),
    [update],
  );
  const setCompanyId = useCallback((next: number | null) => update(() => ({ companyId: next })), [update]);
  const setView = useCallback((next: ViewMode) => update(() => ({ view: next })), [update]);
  const sortBy = useCallback((key: SortKey) => update((current) => ({ sort: nextSort(current.sort, key) })), [update]);
  const setSort = useCallback((next: TurbineSort) => update(() => ({ sort: next })), [update]);
  const turbines = useTurbines({ companyId: companyId ?? undefined });
  const companies = useCompanies({ enabled: seesAllCompanies });
  const dialogs = useEntityDialogs<Turbine, 'edit' | 'delete'>();
  const { show } = dialogs;
  const edit = useCallback((turbine: Turbine) => show('edit', turbine), [show]);
  const remove = useCallback((turbine: Turbine) => show('delete', turbine), [show]);

  // typing re-renders this page; the same header element lets React skip the header
  const headerActions = useDashboardHeaderActions(dialogs.add);
  const header = useMemo(() => <AppHeader title={tc('pages.dashboard')} actions={headerActions} />, [tc, headerActions]);
  const companyList = seesAllCompanies ? companies.data : undefined;
  const clearFilters = useCallback(() => update(() => ({ filters: NO_FILTERS, companyId: null })), [update]);

  const index = useMemo(() => indexTurbines(turbines.data ?? []), [turbines.data]);
  const cities = useMemo(() => cityOptions(index), [index]);
  const years = useMemo(() => yearOptions(index), [index]);
  const assetChoices = useMemo(() => assetChoicesOf(turbines.data ?? []), [turbines.data]);
  const results = useMemo(
    () => (turbines.data ? sortTurbines(applyFilters(index, filters), sort) : undefined),
    [index, filters, sort, turbines.data],
  );
  const severityCounts = useMemo(() => (results ? openBySeverity(results) : undefined), [results]);
  const totals = useMemo(() => (results ? escalationTotals(results) : undefined), [results]);
  const exportFilters = useMemo(() => turbineFilterQueryOf(filters, companyId), [filters, companyId]);

  return (
    <>
      {header}
      <Container size="xl" py="lg">
        <Stack gap="md">
          {!user && <ErrorBanner title={t('errors.noUser')} />}
          {turbines.isError && (
            <LoadErrorBanner
              title={t('errors.load')}
              error={turbines.error}
              onRetry={() => void turbines.refetch()}
              retrying={turbines.isFetching}
              testId="dashboard-error"
            />
          )}
          {seesAllCompanies && companies.isError && (
            <LoadErrorBanner
              title={t('errors.loadCompanies')}
              error={companies.error}
              onRetry={() => void companies.refetch()}
              retrying={companies.isFetching}
              testId="dashboard-companies-error"
            />
          )}
          <DashboardCounters
            total={turbines.data?.length}
            found={results?.length}
            openBySeverity={severityCounts}
            escalated={totals?.escalated}
            overdue={totals?.overdue}
            unavailable={turbines.isError && !turbines.data}
            exportFilters={exportFilters}
          />
          <FilterBar
            filters={filters}
            onFiltersChange={setFilters}
            cities={cities}
            years={years}
            companies={seesAllCompanies ? (companyList ?? NO_COMPANIES) : undefined}
            companyId={companyId}
            onCompanyChange={setCompanyId}
            view={view}
            onViewChange={setView}
            sort={sort}
            onSortChange={setSort}
            assetChoices={assetChoices}
          />
          {!turbines.isError && (
            <TurbineResults
              turbines={results}
              view={view}
              filters={filters}
              companyId={companyId}
              filtered={hasFilters(filters) || companyId !== null}
              sort={sort}
              onSort={sortBy}
              onClearFilters={clearFilters}
              onEdit={canEdit ? edit : undefined}
              onDelete={canDelete ? remove : undefined}
            />
          )}
        </Stack>
      </Container>
      <TurbineFormModal opened={dialogs.open === 'add' || dialogs.open === 'edit'} onClose={dialogs.close} turbine={dialogs.target} />
      <DeleteTurbineDialog opened={dialogs.open === 'delete'} onClose={dialogs.close} turbine={dialogs.target} />
    </>
  );
}

const NO_COMPANIES: Company[] = [];

function ErrorBanner({ title, message }: { title: string; message?: string }) {
  return (
    <Alert
      color="red"
      variant="light"
      radius="lg"
      title={title}
      icon={<AlertCircleIcon size={18} />}
      role="alert"
      data-testid="dashboard-error"
    >
      {message}
    </Alert>
  );
}

/** The campaign screens' chunk (issue 17), asked for through this one so the entry carries neither its name nor its
 *  preload list (app/router.tsx). */
export const loadCampaigns = () => import('../campaigns/campaigns-page.tsx');

/** The fleet findings list (issue 27 item 3; /dashboard/findings), asked for through this chunk like the campaigns. */
export const loadFleetFindings = () => import('./fleet-questions/fleet-findings-page.tsx');
