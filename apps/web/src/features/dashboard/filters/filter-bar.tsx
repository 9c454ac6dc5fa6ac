import { Group, Paper, SegmentedControl, Select, VisuallyHidden } from '@mantine/core';
import { type Company, SEVERITIES } from '@windscope/contract';
import { type Dispatch, memo, type ReactNode, type SetStateAction, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartBarIcon, GridIcon, ListIcon, MapIcon } from '../../management/icons.tsx';
import { useFindingLabels } from '../../findings/labels.ts';
import { SearchField } from '../../management/search-field.tsx';
import { displayCity } from '../../management/text.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import { isViewMode, type ViewMode } from '../view-mode.ts';
import { turbineFilterQueryOf } from '@windscope/contract';
import { TurbineSheetMenu } from '../../turbine-assets/turbine-sheet-menu.tsx';
import { type AssetChoices, AssetFilters } from './asset-filters.tsx';
import type { TurbineFilters } from './turbine-filters.ts';
import { FIRST_DIRECTION, isSortKey, SORT_KEYS, type SortKey, type TurbineSort } from './turbine-sort.ts';

/** The sort choice's words: the list's column titles, health said to come worst first. */
const SORT_LABELS: Record<SortKey, string> = {
  name: 'card.name',
  city: 'filters.city',
  code: 'card.code',
  location: 'card.location',
  company: 'card.company',
  rooms: 'card.rooms',
  photos: 'card.photos',
  status: 'card.status',
  health: 'filters.sortHealth',
};

interface FilterBarProps {
  filters: TurbineFilters;
  onFiltersChange: Dispatch<SetStateAction<TurbineFilters>>;
  cities: readonly string[];
  years: readonly number[];
  /** superadmin only: the partner companies to narrow the list to; undefined hides the company filter */
  companies?: readonly Company[];
  companyId: number | null;
  onCompanyChange: (companyId: number | null) => void;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  sort: TurbineSort;
  /** a key chosen from the sort list: it sorts in its first direction (health: worst first) */
  onSortChange: (sort: TurbineSort) => void;
  /** issue 27: the manufacturers, models and blade types to filter by */
  assetChoices?: AssetChoices;
}

/** City, year, company (superadmin), worst severity (DECISIONS §12) and free-text filters, the sort (the list's
 *  column headers sort too; the cards have only this) and the grid/list switch (spec §2 Dashboard).
 *  Typing re-renders only the search box: the other controls are memoized on their own values. */
export function FilterBar({ filters, onFiltersChange, assetChoices, ...choices }: FilterBarProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  // the box keeps what is typed: the address (where the filter lives) catches up a navigation later, and binding the
  // box to it would put a stale value back under the cursor. It follows the address only when that changed elsewhere
  // (back/forward, a shared link).
  const [text, setText] = useState(filters.text);
  const typed = useRef(filters.text);
  useEffect(() => {
    if (filters.text !== typed.current) {
      typed.current = filters.text;
      setText(filters.text);
    }
  }, [filters.text]);
  const changeText = (next: string) => {
    typed.current = next;
    setText(next);
    onFiltersChange((current) => ({ ...current, text: next }));
  };
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={t('filters.label')}>
      <Group align="flex-end" gap="md" wrap="wrap">
        <div style={{ flex: '1 1 220px', minWidth: 200 }}>
          <SearchField
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            value={text}
            onChange={changeText}
            testId="turbine-search"
          />
        </div>
        <FilterChoices
          city={filters.city}
          year={filters.year}
          minSeverity={filters.minSeverity}
          onFiltersChange={onFiltersChange}
          {...choices}
        />
        {assetChoices && (
          <AssetFilters
            choices={assetChoices}
            values={{ manufacturer: filters.manufacturer, model: filters.model, bladeType: filters.bladeType }}
            onFiltersChange={onFiltersChange}
          />
        )}
        <TurbineSheetMenu filters={turbineFilterQueryOf(filters, choices.companyId)} />
      </Group>
    </Paper>
  );
}

type ChoicesProps = Omit<FilterBarProps, 'filters'> & Pick<TurbineFilters, 'city' | 'year' | 'minSeverity'>;

const FilterChoices = memo(function FilterChoices({
  city,
  year,
  minSeverity,
  onFiltersChange,
  cities,
  years,
  companies,
  companyId,
  onCompanyChange,
  view,
  onViewChange,
  sort,
  onSortChange,
}: ChoicesProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const labels = useFindingLabels();
  const severityData = useMemo(
    () => SEVERITIES.map((value) => ({ value, label: t('filters.severityOption', { severity: value, label: labels.severity(value) }) })),
    [t, labels.severity],
  );
  const sortData = useMemo(() => SORT_KEYS.map((value) => ({ value, label: t(SORT_LABELS[value] as 'card.name') })), [t]);
  const cityData = useMemo(() => cities.map((value) => ({ value, label: displayCity(value) })), [cities]);
  const yearData = useMemo(() => years.map((value) => ({ value, label: String(value) })), [years]);
  const companyData = useMemo(() => companies?.map((company) => ({ value: company.id, label: company.name })), [companies]);
  return (
    <>
      <Select
        label={t('filters.city')}
        placeholder={t('filters.allCities')}
        data={cityData}
        value={city}
        onChange={(next) => onFiltersChange((current) => ({ ...current, city: next }))}
        clearable
        searchable
        w={190}
        data-testid="filter-city"
      />
      <Select<number>
        label={t('filters.year')}
        placeholder={t('filters.allYears')}
        data={yearData}
        value={year}
        onChange={(next) => onFiltersChange((current) => ({ ...current, year: next }))}
        clearable
        w={120}
        data-testid="filter-year"
      />
      <Select<number>
        label={t('filters.severity')}
        placeholder={t('filters.anySeverity')}
        data={severityData}
        value={minSeverity}
        onChange={(next) => onFiltersChange((current) => ({ ...current, minSeverity: next }))}
        clearable
        w={190}
        data-testid="filter-severity"
      />
      {companyData && (
        <Select<number>
          label={t('filters.company')}
          placeholder={t('filters.allCompanies')}
          data={companyData}
          value={companyId}
          onChange={onCompanyChange}
          clearable
          searchable
          w={220}
          data-testid="filter-company"
        />
      )}
      <Select
        label={t('filters.sort')}
        data={sortData}
        value={sort.key}
        onChange={(next) => {
          if (isSortKey(next)) onSortChange({ key: next, direction: FIRST_DIRECTION[next] });
        }}
        allowDeselect={false}
        w={210}
        data-testid="filter-sort"
      />
      <div>
        <VisuallyHidden id="view-mode-label">{t('view.label')}</VisuallyHidden>
        <SegmentedControl
          role="radiogroup"
          aria-labelledby="view-mode-label"
          value={view}
          onChange={(value) => {
            if (isViewMode(value)) onViewChange(value);
          }}
          data={[
            { value: 'grid', label: <ViewLabel icon={<GridIcon size={16} />} text={t('view.grid')} /> },
            { value: 'list', label: <ViewLabel icon={<ListIcon size={16} />} text={t('view.list')} /> },
            { value: 'map', label: <ViewLabel icon={<MapIcon size={16} />} text={t('view.map')} /> },
            { value: 'charts', label: <ViewLabel icon={<ChartBarIcon size={16} />} text={t('view.charts')} /> },
          ]}
          data-testid="view-toggle"
        />
      </div>
    </>
  );
});

function ViewLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      {icon}
      <span>{text}</span>
    </Group>
  );
}
