import { Alert, Badge, Button, Group, Loader, Select, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { BLADES, can, type Finding, SEVERITIES } from '@windscope/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FindingFilters, useFindings } from '../../api/findings.ts';
import { useFormatters } from '../../i18n/format.ts';
import { actorOf, useCurrentUser } from '../auth/use-auth.ts';
import { FindingsExportMenu } from './export-buttons.tsx';
import { FindingDrawer } from './finding-drawer.tsx';
import { FINDINGS_NS } from './findings-i18n.ts';
import './findings-styles.ts';
import { comparePath } from '../compare/compare-path.ts';
import { findingsReviewPath, useFindingLabels } from './labels.ts';
import { SeverityChip } from './severity-chip.tsx';
import { SeverityCountBadges } from './severity-counts.tsx';
import stacked from '../../ui/stacked-table.module.css';
import { PageSection } from '../../ui/page-section.tsx';

type SortKey = 'severity' | 'due_date' | 'last_seen' | 'blade' | 'updated_at';
const SORTS = [
  { value: 'severity', label: 'filters.sortSeverity' },
  { value: 'due_date', label: 'filters.sortDue' },
  { value: 'last_seen', label: 'filters.sortLastSeen' },
  { value: 'blade', label: 'filters.sortBlade' },
  { value: 'updated_at', label: 'filters.sortUpdated' },
] as const satisfies readonly { value: SortKey; label: string }[];

/** Open findings per severity: the same figures as the turbine's health, per step of the scale. */
function SeverityCounts({ findings }: { findings: Finding[] }) {
  const { t } = useTranslation(FINDINGS_NS);
  const open = findings.filter((f) => ['confirmed', 'monitoring', 'repair_planned'].includes(f.status));
  return (
    <SeverityCountBadges
      counts={SEVERITIES.map((s) => open.filter((f) => f.severity === s).length)}
      label={t('countsLabel')}
      testIdPrefix="finding-count"
    >
      <Text size="sm" c="dimmed">
        {t('overdueCount', { count: open.filter((f) => f.overdue).length })}
      </Text>
    </SeverityCountBadges>
  );
}

/** Turbine detail page: the turbine's findings, filtered and sorted by the server, export and the detail drawer. */
export function FindingsSection({ turbineId }: { turbineId: number }) {
  const { t } = useTranslation(FINDINGS_NS);
  const labels = useFindingLabels();
  const format = useFormatters();
  const [status, setStatus] = useState<string>('all');
  const [minSeverity, setMinSeverity] = useState<string | null>(null);
  const [blade, setBlade] = useState<string | null>(null);
  const [sort, setSort] = useState<SortKey>('severity');
  const filters = useMemo<FindingFilters>(
    () => ({
      status: status === 'all' ? undefined : status,
      min_severity: minSeverity ? Number(minSeverity) : undefined,
      blade: (blade as FindingFilters['blade']) ?? undefined,
      sort,
    }),
    [status, minSeverity, blade, sort],
  );
  const all = useFindings(turbineId);
  const list = useFindings(turbineId, filters);
  const [openId, setOpenId] = useState<number | null>(null);
  // ?finding={id}: a notification (bell or e-mail, issue 16) opens that finding's drawer, once
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = Number(searchParams.get('finding'));
  useEffect(() => {
    if (!Number.isInteger(linked) || linked <= 0) return;
    setOpenId(linked);
    setSearchParams(
      (params) => {
        params.delete('finding');
        return params;
      },
      { replace: true },
    );
  }, [linked, setSearchParams]);
  const rows = list.data ?? [];
  const actor = actorOf(useCurrentUser());
  const mayLink = can(actor, 'finding.link', { companyId: actor?.companyId ?? 0 });
  // the review starts at the latest year something was first seen in
  const reviewYear = Math.max(0, ...(all.data ?? []).map((f) => f.first_seen_year)) || undefined;
  return (
    <PageSection
      titleId="findings-title"
      title={t('title')}
      subtitle={t('subtitle')}
      testId="findings-section"
      actions={
        <Group gap="xs">
          {mayLink && (all.data?.length ?? 0) > 0 && (
            <Button
              component={Link}
              to={findingsReviewPath(turbineId, reviewYear)}
              size="xs"
              variant="light"
              data-testid="findings-review-link"
            >
              {t('review.open')}
            </Button>
          )}
          <Button component={Link} to={comparePath(turbineId)} size="xs" variant="light" data-testid="turbine-compare-years">
            {t('compare.open')}
          </Button>
          <FindingsExportMenu
            shown={{ turbineId, filters }}
            all={{ turbineId }}
            shownLabel={t('export.shownFindings', { count: rows.length })}
            allLabel={t('export.allFindings', { count: all.data?.length ?? 0 })}
          />
        </Group>
      }
      after={<FindingDrawer turbineId={turbineId} findingId={openId} onClose={() => setOpenId(null)} onOpen={setOpenId} />}
    >
      <SeverityCounts findings={all.data ?? []} />
      <Group gap="sm" align="flex-end">
        <Select
          label={t('filters.status')}
          size="xs"
          w={170}
          value={status}
          onChange={(v) => setStatus(v ?? 'all')}
          allowDeselect={false}
          data={[
            { value: 'all', label: t('filters.statusAll') },
            { value: 'open', label: t('filters.statusOpen') },
            ...(['draft', 'confirmed', 'rejected', 'monitoring', 'repair_planned', 'repaired', 'verified'] as const).map((s) => ({
              value: s,
              label: labels.status(s),
            })),
          ]}
          data-testid="findings-filter-status"
        />
        <Select
          label={t('filters.minSeverity')}
          size="xs"
          w={170}
          value={minSeverity}
          onChange={setMinSeverity}
          placeholder={t('filters.any')}
          clearable
          data={SEVERITIES.map((s) => ({ value: String(s), label: `${s} · ${labels.severity(s)}` }))}
          data-testid="findings-filter-severity"
        />
        <Select
          label={t('filters.blade')}
          size="xs"
          w={110}
          value={blade}
          onChange={setBlade}
          placeholder={t('filters.any')}
          clearable
          data={[...BLADES]}
        />
        <Select
          label={t('filters.sort')}
          size="xs"
          w={170}
          value={sort}
          onChange={(v) => setSort((v as SortKey) ?? 'severity')}
          allowDeselect={false}
          data={SORTS.map((s) => ({ value: s.value, label: t(s.label) }))}
        />
      </Group>
      {list.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('loading')}</Text>
        </Group>
      ) : list.error ? (
        <Alert color="red" variant="light">
          {t('loadError')}
        </Alert>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="findings-empty">
          {(all.data?.length ?? 0) === 0 ? t('empty') : t('none')}
        </Text>
      ) : (
        // a table while it fits, each finding a card of labelled cells in a narrower window (ui/stacked-table)
        <div className={stacked.box}>
          <Table highlightOnHover verticalSpacing="xs" className={stacked.table} data-testid="findings-table">
            <Table.Thead>
              <Table.Tr>
                {(['blade', 'surface', 'position', 'type', 'severity', 'status', 'due', 'lastSeen', 'observations'] as const).map((c) => (
                  <Table.Th key={c}>{t(`columns.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((f) => (
                <Table.Tr key={f.id} data-testid="finding-row" data-finding-id={f.id} data-status={f.status}>
                  <Table.Td data-label={t('columns.blade')}>{f.blade}</Table.Td>
                  <Table.Td data-label={t('columns.surface')}>
                    {f.surface === 'interior' && f.room
                      ? `${labels.surface(f.surface)} · ${t('room', { room: f.room })}`
                      : labels.surface(f.surface)}
                  </Table.Td>
                  <Table.Td data-label={t('columns.position')}>
                    {f.distance_from_root_m == null ? '—' : t('positionMetres', { value: format.number(f.distance_from_root_m) })}
                  </Table.Td>
                  <Table.Td data-label={t('columns.type')}>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => setOpenId(f.id)}
                      aria-label={t('open', { type: labels.type(f.type), id: f.id })}
                      data-testid="finding-open"
                    >
                      {labels.type(f.type)}
                    </Button>
                  </Table.Td>
                  <Table.Td data-label={t('columns.severity')}>
                    <SeverityChip severity={f.severity} />
                  </Table.Td>
                  <Table.Td data-label={t('columns.status')}>{labels.status(f.status)}</Table.Td>
                  <Table.Td data-label={t('columns.due')}>
                    {f.due_date ? format.date(`${f.due_date}T00:00:00Z`) : '—'}
                    {f.overdue && (
                      <Badge ml={6} color="red" variant="filled" size="xs" data-testid="finding-overdue">
                        {t('overdue')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t('columns.lastSeen')}>{f.last_seen_year}</Table.Td>
                  <Table.Td data-label={t('columns.observations')}>{f.observation_count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </PageSection>
  );
}
