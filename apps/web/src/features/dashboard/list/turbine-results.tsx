import { Button, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Turbine } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { FilterOffIcon, SearchIcon } from '../../management/icons.tsx';
import { DASHBOARD_NS } from '../i18n.ts';
import type { SortKey, TurbineSort } from '../filters/turbine-sort.ts';
import type { ViewMode } from '../view-mode.ts';
import type { TurbineItemHandlers } from './turbine-actions.tsx';
import { TurbineGrid } from './turbine-grid.tsx';
import { TurbineTable } from './turbine-table.tsx';
import classes from './turbine-list.module.css';

interface TurbineResultsProps extends TurbineItemHandlers {
  turbines: readonly Turbine[] | undefined;
  view: ViewMode;
  filtered: boolean;
  onClearFilters: () => void;
  sort: TurbineSort;
  onSort: (key: SortKey) => void;
}

/** The filtered turbines as cards or rows, a skeleton while loading, the no-results message when empty. */
export function TurbineResults({ turbines, view, filtered, onClearFilters, sort, onSort, onEdit, onDelete }: TurbineResultsProps) {
  if (!turbines) return <Skeleton height={266} radius="lg" />;
  return (
    <div data-testid="turbine-list" data-view={view} data-count={turbines.length}>
      {turbines.length === 0 ? (
        <NoResults filtered={filtered} onClearFilters={onClearFilters} />
      ) : view === 'grid' ? (
        <TurbineGrid turbines={turbines} onEdit={onEdit} onDelete={onDelete} />
      ) : (
        // narrow windows scroll the list sideways inside its own box, never the page
        <div className={classes.tableScroll}>
          <TurbineTable turbines={turbines} sort={sort} onSort={onSort} onEdit={onEdit} onDelete={onDelete} />
        </div>
      )}
    </div>
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
