import { Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Turbine } from '@windscope/contract';
import { type ComponentProps, lazy, Suspense } from 'react';
import { useMapSettings } from '../../../api/map-settings.ts';
import { useCurrentUser } from '../../auth/use-auth.ts';
import { useTranslation } from 'react-i18next';
import { FilterOffIcon, SearchIcon } from '../../management/icons.tsx';
import { DASHBOARD_NS } from '../i18n.ts';
import type { TurbineFilters } from '../filters/turbine-filters.ts';
import type { SortKey, TurbineSort } from '../filters/turbine-sort.ts';
import type { ViewMode } from '../view-mode.ts';
import type { TurbineItemHandlers } from './turbine-actions.tsx';
import { TurbineGrid } from './turbine-grid.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import { useChosenColumns } from './turbine-columns.ts';
import { TurbineTable } from './turbine-table.tsx';

interface TurbineResultsProps extends TurbineItemHandlers {
  turbines: readonly Turbine[] | undefined;
  view: ViewMode;
  /** what the fleet charts' links carry */
  filters: TurbineFilters;
  companyId: number | null;
  filtered: boolean;
  onClearFilters: () => void;
  sort: TurbineSort;
  onSort: (key: SortKey) => void;
}

/** The map view's chunk (MapLibre GL and the basemap): fetched only when the map is chosen (DECISIONS §18). */
const loadFleetMap = () => import('../map/fleet-map.tsx');
const FleetMap = lazy(loadFleetMap);
/** The fleet questions' chunk (recharts): fetched only when the charts are chosen (issue 27 item 3). */
const FleetCharts = lazy(() => import('../fleet-questions/fleet-charts.tsx'));

/** The filtered turbines as cards, rows or on a map, a skeleton while loading, the no-results message when empty. */
export function TurbineResults({
  turbines,
  view,
  filters,
  companyId,
  filtered,
  onClearFilters,
  sort,
  onSort,
  onEdit,
  onDelete,
}: TurbineResultsProps) {
  // the map's chunk (and through it the outlines) and the map settings asked for beside the turbine list, not after the
  // chunk has run and drawn (bench:web:map)
  if (view === 'map') void loadFleetMap();
  useMapSettings({ enabled: view === 'map' });
  if (!turbines) return <Skeleton height={266} radius="lg" />;
  return (
    <div data-testid="turbine-list" data-view={view} data-count={turbines.length}>
      {turbines.length === 0 ? (
        <NoResults filtered={filtered} onClearFilters={onClearFilters} />
      ) : view === 'map' ? (
        <Suspense fallback={<Skeleton height={560} radius="lg" />}>
          <FleetMap turbines={turbines} onEdit={onEdit} onDelete={onDelete} />
        </Suspense>
      ) : view === 'charts' ? (
        <Suspense fallback={<Skeleton height={560} radius="lg" />}>
          <FleetCharts turbines={turbines} filters={filters} companyId={companyId} />
        </Suspense>
      ) : view === 'grid' ? (
        <TurbineGrid turbines={turbines} onEdit={onEdit} onDelete={onDelete} />
      ) : (
        <ListWithColumns turbines={turbines} sort={sort} onSort={onSort} onEdit={onEdit} onDelete={onDelete} />
      )}
    </div>
  );
}

/** The list view with its column chooser above it (the chosen asset columns are remembered per user). */
function ListWithColumns(props: Omit<ComponentProps<typeof TurbineTable>, 'assetColumns'>) {
  const user = useCurrentUser();
  const [columns, setColumns] = useChosenColumns(user?.id ?? null);
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <ColumnChooser chosen={columns} onChange={setColumns} />
      </Group>
      <TurbineTable {...props} assetColumns={columns} />
    </Stack>
  );
}

function NoResults({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="no-results">
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light">
          <SearchIcon size={24} />
        </ThemeIcon>
        <Text fw={700} fz="lg">
          {t('empty.title')}
        </Text>
        <Text c="dimmed" ta="center">
          {filtered ? t('empty.filtered') : t('empty.none')}
        </Text>
        {filtered && (
          <Button variant="light" leftSection={<FilterOffIcon size={16} />} onClick={onClearFilters} mt="xs">
            {t('filters.clear')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
