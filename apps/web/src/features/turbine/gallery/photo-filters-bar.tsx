import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { SearchIcon } from '../turbine-icons.tsx';
import classes from './gallery.module.css';
import type { PhotoSort } from '../../viewer-common/photo-order.ts';
import { PHOTO_TYPES, type PhotoFilters } from './photo-filters.ts';
import { choiceOf, PHOTO_SORT_CHOICES, sortOfChoice } from './photo-sort.ts';

export interface PhotoFiltersBarProps {
  filters: PhotoFilters;
  years: readonly number[];
  onChange: (filters: PhotoFilters) => void;
  sort: PhotoSort;
  onSortChange: (sort: PhotoSort) => void;
}

/** Year (all plus the years found), type (all, Kanat, Drone, Operatör, Robot) and "Fotoğraf ara..." (spec §2 item 7),
 *  and the order: name, capture date or upload date, either way (issue 24 item 22). */
export function PhotoFiltersBar({ filters, years, onChange, sort, onSortChange }: PhotoFiltersBarProps) {
  const { t } = useTranslation(TURBINE_NS);
  return (
    <div className={classes.filters}>
      <Select
        label={t('gallery.yearFilter')}
        data={[{ value: 'all', label: t('gallery.yearAll') }, ...years.map((year) => ({ value: String(year), label: String(year) }))]}
        value={String(filters.year)}
        onChange={(value) => onChange({ ...filters, year: value && value !== 'all' ? Number(value) : 'all' })}
        allowDeselect={false}
        w={150}
        data-testid="filter-year"
      />
      <Select
        label={t('gallery.typeFilter')}
        data={[
          { value: 'all', label: t('gallery.typeAll') },
          ...PHOTO_TYPES.map((type) => ({ value: type, label: t(`gallery.types.${type}`) })),
        ]}
        value={filters.type}
        onChange={(value) =>
          onChange({ ...filters, type: (PHOTO_TYPES as readonly string[]).includes(value ?? '') ? (value as PhotoFilters['type']) : 'all' })
        }
        allowDeselect={false}
        w={170}
        data-testid="filter-type"
      />
      <TextInput
        label={t('gallery.searchLabel')}
        placeholder={t('gallery.search')}
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.currentTarget.value })}
        leftSection={<SearchIcon size={16} />}
        className={classes.search}
        type="search"
        data-testid="filter-search"
      />
      <Select
        label={t('gallery.sortLabel')}
        data={PHOTO_SORT_CHOICES.map((choice) => ({ value: choice, label: t(`gallery.sort.${choice}`) }))}
        value={choiceOf(sort)}
        onChange={(value) => onSortChange(sortOfChoice(value))}
        allowDeselect={false}
        w={290}
        data-testid="photo-sort"
      />
    </div>
  );
}
