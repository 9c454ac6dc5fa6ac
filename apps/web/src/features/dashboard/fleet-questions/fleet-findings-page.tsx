import { Anchor, Badge, Container, Group, Paper, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import {
  FLEET_FINDINGS_DEFAULT_STATUS,
  FLEET_FINDINGS_LIMIT,
  type FleetFinding,
  type FleetFindingFilter,
  turbineFilterQueryOf,
} from '@windscope/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFleetFindings } from '../../../api/fleet-findings.ts';
import { paths } from '../../../app/paths.ts';
import { useFormatters } from '../../../i18n/format.ts';
import { AppHeader } from '../../../ui/app-header/app-header.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { FindingsExportMenu } from '../../findings/export-buttons.tsx';
import { useFindingLabels } from '../../findings/labels.ts';
import { SeverityChip } from '../../findings/severity-chip.tsx';
import '../../management/management-styles.ts';
import { LoadErrorBanner } from '../../management/load-error-banner.tsx';
import { ListPagination, pageCount } from '../../management/paged-list.tsx';
import { displayCity } from '../../management/text.ts';
import { readDashboardState, writeDashboardState } from '../filters/dashboard-url-state.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import { bandOf, missingOf, PAGE_PARAM, pageOf } from './fleet-links.ts';

/** /dashboard/findings (issue 27 item 3): the open findings of the turbines the dashboard lists for the filters in the
 *  address (the dashboard's own parameters), optionally in a distance band from the root or of the turbines without a
 *  model / blade type; what a chart's bar opens. FLEET_FINDINGS_LIMIT a page, the page in the address (page=). Its
 *  export asks for the list's filters, the same object: the file holds exactly the list's rows, every page. */
export function FleetFindingsPage() {
  const { t } = useTranslation(DASHBOARD_NS);
  const format = useFormatters();
  usePageTitle(t('fleetFindings.title'));
  const [params, setParams] = useSearchParams();
  const { filters, companyId } = useMemo(() => readDashboardState(params, 'charts'), [params]);
  const band = useMemo(() => bandOf(params), [params]);
  const missing = useMemo(() => missingOf(params, filters), [params, filters]);
  const page = pageOf(params);
  /** which findings: the list's and its export's */
  const filterQuery = useMemo(
    (): FleetFindingFilter => ({
      ...turbineFilterQueryOf(filters, companyId),
      status: FLEET_FINDINGS_DEFAULT_STATUS,
      distance_from: band?.from,
      distance_to: band?.to,
      no_model: missing.model ? '1' : undefined,
      no_blade_type: missing.blade_type ? '1' : undefined,
    }),
    [filters, companyId, band, missing],
  );
  const query = useMemo(() => ({ ...filterQuery, offset: (page - 1) * FLEET_FINDINGS_LIMIT }), [filterQuery, page]);
  const list = useFleetFindings(query);
  const pages = pageCount(list.data?.total, FLEET_FINDINGS_LIMIT);
  const goToPage = (next: number) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set(PAGE_PARAM, String(next));
        else updated.delete(PAGE_PARAM);
        return updated;
      },
      { preventScrollReset: false },
    );
    window.scrollTo({ top: 0 });
  };
  const back = useMemo(() => {
    const state = readDashboardState(params, 'charts');
    const next = writeDashboardState({ ...state, view: 'charts' }, new URLSearchParams());
    return `${paths.dashboard}?${next.toString()}`;
  }, [params]);

  const chips = [
    filters.text.trim() && { label: t('fleetFindings.filter.text'), value: filters.text.trim() },
    filters.city && { label: t('filters.city'), value: displayCity(filters.city) },
    filters.year !== null && { label: t('filters.year'), value: String(filters.year) },
    filters.minSeverity !== null && { label: t('fleetFindings.filter.severity'), value: String(filters.minSeverity) },
    filters.manufacturer && { label: t('fleetFindings.filter.manufacturer'), value: filters.manufacturer },
    filters.model && { label: t('fleetFindings.filter.model'), value: filters.model },
    missing.model && { label: t('fleetFindings.filter.model'), value: t('fleetFindings.missing') },
    filters.bladeType && { label: t('fleetFindings.filter.bladeType'), value: filters.bladeType },
    missing.blade_type && { label: t('fleetFindings.filter.bladeType'), value: t('fleetFindings.missing') },
    band && { label: t('fleetFindings.filter.band'), value: t('fleetFindings.bandValue', { from: band.from, to: band.to }) },
  ].filter((chip): chip is { label: string; value: string } => Boolean(chip));

  return (
    <>
      <AppHeader title={t('fleetFindings.title')} />
      <Container size="xl" py="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={6}>
              <Text c="dimmed" maw={760}>
                {t('fleetFindings.intro')}
              </Text>
              <Group gap="xs" data-testid="fleet-findings-filters">
                {chips.length === 0 ? (
                  <Text size="sm">{t('fleetFindings.noFilters')}</Text>
                ) : (
                  chips.map((chip) => (
                    <Badge key={chip.label} variant="light" color="gray" radius="sm" tt="none" size="lg" fw={500}>
                      {`${chip.label}: ${chip.value}`}
                    </Badge>
                  ))
                )}
              </Group>
            </Stack>
            <Anchor component={Link} to={back} data-testid="fleet-findings-back">
              {t('fleetFindings.back')}
            </Anchor>
          </Group>
          {list.isError && (
            <LoadErrorBanner
              title={t('fleetFindings.loadError')}
              error={list.error}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
              testId="fleet-findings-error"
            />
          )}
          {list.isPending && <Skeleton height={260} radius="lg" />}
          {list.data && (
            <Group justify="space-between" align="center" gap="sm">
              <Text size="sm" c="dimmed" data-testid="fleet-findings-total" data-total={list.data.total}>
                {pages > 1 && list.data.items.length > 0
                  ? t('fleetFindings.range', {
                      from: format.number(list.data.offset + 1),
                      to: format.number(list.data.offset + list.data.items.length),
                      total: format.number(list.data.total),
                      count: list.data.total,
                    })
                  : t('fleetFindings.total', { count: list.data.total })}
              </Text>
              {/* this list, every page of it (the server reads the same filters), or every finding the user may see */}
              <FindingsExportMenu
                shown={{ turbineId: 'all', filters: filterQuery }}
                all={{ turbineId: 'all' }}
                shownLabel={t('fleetFindings.exportShown', { count: format.number(list.data.total) })}
                allLabel={t('counters.exportAll')}
                testIdPrefix="fleet-findings-export"
              />
            </Group>
          )}
          {list.data && list.data.items.length === 0 && (
            <Paper withBorder radius="lg" p="xl" data-testid="fleet-findings-empty">
              <Text c="dimmed" ta="center">
                {t('fleetFindings.empty')}
              </Text>
            </Paper>
          )}
          {list.data && list.data.items.length > 0 && <FleetFindingTable rows={list.data.items} />}
          <ListPagination
            pages={pages}
            page={page}
            onChange={goToPage}
            label={t('fleetFindings.pagination')}
            testId="fleet-findings-pagination"
            itemLabel={(item) => t('fleetFindings.page', { page: item })}
          />
        </Stack>
      </Container>
    </>
  );
}

function FleetFindingTable({ rows }: { rows: FleetFinding[] }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const labels = useFindingLabels();
  const format = useFormatters();
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <ScrollArea type="auto">
        <Table
          verticalSpacing="xs"
          horizontalSpacing="sm"
          miw={700}
          data-testid="fleet-findings-table"
          aria-label={t('fleetFindings.title')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fleetFindings.columns.turbine')}</Table.Th>
              <Table.Th>{t('fleetFindings.columns.place')}</Table.Th>
              <Table.Th ta="right">{t('fleetFindings.columns.distance')}</Table.Th>
              <Table.Th>{t('fleetFindings.columns.type')}</Table.Th>
              <Table.Th>{t('fleetFindings.columns.severity')}</Table.Th>
              <Table.Th>{t('fleetFindings.columns.status')}</Table.Th>
              <Table.Th>{t('fleetFindings.columns.due')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="fleet-finding-row" data-finding-id={row.id}>
                <Table.Td>
                  <Anchor component={Link} to={`${paths.turbine(row.turbine_id)}?finding=${row.id}`} fw={600}>
                    {row.turbine_name ?? row.turbine_code}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {t('fleetFindings.number', { code: row.turbine_code, id: row.id })}
                  </Text>
                </Table.Td>
                <Table.Td>{t('fleetFindings.place', { blade: row.blade, surface: labels.surface(row.surface) })}</Table.Td>
                <Table.Td ta="right">
                  {row.distance_from_root_m === null ? '—' : format.number(row.distance_from_root_m, { maximumFractionDigits: 1 })}
                </Table.Td>
                <Table.Td>{labels.type(row.type)}</Table.Td>
                <Table.Td>
                  <SeverityChip severity={row.severity} />
                </Table.Td>
                <Table.Td>{labels.status(row.status)}</Table.Td>
                <Table.Td>
                  {row.due_date ? format.date(row.due_date) : '—'}
                  {row.overdue && (
                    <Text size="xs" c="var(--mantine-color-error)" fw={600}>
                      {t('fleetFindings.overdue')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
