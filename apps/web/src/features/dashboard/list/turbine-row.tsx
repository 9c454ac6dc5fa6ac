import { TURBINE_ASSET_LABELS, type Turbine } from '@windscope/contract';
import { memo, type Ref } from 'react';
import { useFormatters } from '../../../i18n/format.ts';
import { useTranslation } from 'react-i18next';
import { SortAscIcon, SortDescIcon, SortNoneIcon } from '../../management/icons.tsx';
import { displayCity } from '../../management/text.ts';
import { turbineDisplayName } from '../filters/turbine-filters.ts';
import type { SortKey, TurbineSort } from '../filters/turbine-sort.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import { StatusBadge } from './status-badge.tsx';
import { TurbineHealthSummary } from './turbine-health.tsx';
import { EditDeleteIcons, OpenButtons, type TurbineItemHandlers } from './turbine-actions.tsx';
import type { AssetColumn } from './turbine-columns.ts';
import classes from './turbine-list.module.css';

/** The list view's columns in order: their sort key and title (dashboard catalog key). */
const COLUMNS: readonly { key: SortKey; title: string; numeric?: boolean }[] = [
  { key: 'name', title: 'card.name' },
  { key: 'health', title: 'card.health' },
  { key: 'city', title: 'filters.city' },
  { key: 'code', title: 'card.code' },
  { key: 'location', title: 'card.location' },
  { key: 'company', title: 'card.company' },
  { key: 'rooms', title: 'card.rooms', numeric: true },
  { key: 'photos', title: 'card.photos', numeric: true },
  { key: 'status', title: 'card.status' },
];

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** Column headers of the list view (the same grid template as TurbineRow); each sorts the list when pressed. */
export function TurbineListHead({
  sort,
  onSort,
  assetColumns,
}: {
  sort: TurbineSort;
  onSort: (key: SortKey) => void;
  assetColumns: readonly AssetColumn[];
}) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { language } = useFormatters();
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: ARIA table (not grid): rows and headers are read, not focused; the sort buttons take the focus
    <div className={classes.listHead} role="row" aria-rowindex={1} data-assets={assetColumns.length || undefined}>
      {COLUMNS.map((column) => {
        const sorted = sort.key === column.key ? sort.direction : null;
        const Icon = sorted === 'asc' ? SortAscIcon : sorted === 'desc' ? SortDescIcon : SortNoneIcon;
        return (
          // biome-ignore lint/a11y/useFocusableInteractive: ARIA table (not grid): rows and headers are read, not focused; the sort buttons take the focus
          <div
            key={column.key}
            role="columnheader"
            aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}
            className={classes.headCell}
            data-col={column.key}
          >
            <button
              type="button"
              className={classes.sortButton}
              data-sorted={sorted ?? undefined}
              onClick={() => onSort(column.key)}
              data-testid={`sort-${column.key}`}
            >
              <span>{t(column.title as 'card.name')}</span>
              <Icon size={14} aria-hidden />
            </button>
          </div>
        );
      })}
      {/* biome-ignore lint/a11y/useFocusableInteractive: ARIA table (not grid): rows and headers are read, not focused; the sort buttons take the focus */}
      <div role="columnheader" style={{ textAlign: 'right' }} data-col="actions">
        {t('card.actions')}
      </div>
      {assetColumns.length > 0 && (
        <div role="none" className={classes.assetLine}>
          {assetColumns.map((column) => (
            // biome-ignore lint/a11y/useFocusableInteractive: ARIA table (not grid): headers are read, not focused
            <div key={column} role="columnheader" className={classes.headCell} data-col={column}>
              {TURBINE_ASSET_LABELS[column][language]}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

interface TurbineRowProps extends TurbineItemHandlers {
  turbine: Turbine;
  /** 1-based position among all rows of the table, the header being 1 (aria-rowindex: only some rows are rendered) */
  rowIndex: number;
  /** distance from the top of the table body, px */
  offset: number;
  /** the chosen asset columns, in a line of their own under the turbine's */
  assetColumns: readonly AssetColumn[];
  /** the virtualizer's measuring ref (rows with asset columns are as tall as their values need) */
  measureRef?: Ref<HTMLDivElement>;
}

/** One turbine in the list view: a table row placed by the virtualizer. */
export const TurbineRow = memo(function TurbineRow({
  turbine,
  rowIndex,
  offset,
  assetColumns,
  measureRef,
  onEdit,
  onDelete,
}: TurbineRowProps) {
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: ARIA table (not grid): rows and headers are read, not focused; the sort buttons take the focus
    <div
      ref={measureRef}
      data-index={rowIndex - 2}
      data-measured={measureRef ? true : undefined}
      className={classes.row}
      role="row"
      aria-rowindex={rowIndex}
      style={{ transform: `translateY(${offset}px)` }}
      data-testid="turbine-row"
      data-turbine-id={turbine.id}
    >
      <span className={classes.cell} role="cell" data-col="name">
        <strong data-testid="turbine-name">{turbineDisplayName(turbine)}</strong>
      </span>
      <span className={classes.cell} role="cell" data-col="health">
        <TurbineHealthSummary health={turbine.health} />
      </span>
      <span className={classes.cell} role="cell" data-col="city">
        {displayCity(turbine.city)}
      </span>
      <span className={classes.cell} role="cell" data-col="code">
        <span className={classes.code}>{turbine.code}</span>
      </span>
      <span className={classes.cell} role="cell" data-col="location">
        {turbine.location}
      </span>
      <span className={classes.cell} role="cell" data-testid="turbine-company" data-col="company">
        {turbine.company_name ?? '—'}
      </span>
      <span className={`${classes.cell} ${classes.number}`} role="cell" data-col="rooms">
        {turbine.rooms}
      </span>
      <span className={`${classes.cell} ${classes.number}`} role="cell" data-col="photos">
        {turbine.photo_count}
      </span>
      <span className={classes.cell} role="cell" data-col="status">
        <StatusBadge status={turbine.status} />
      </span>
      <span className={classes.actions} role="cell" data-col="actions">
        <OpenButtons turbine={turbine} iconsOnly />
        <EditDeleteIcons turbine={turbine} onEdit={onEdit} onDelete={onDelete} />
      </span>
      {assetColumns.length > 0 && <AssetCells turbine={turbine} columns={assetColumns} />}
    </div>
  );
});

/** The chosen asset values of a turbine, in the units of their headers; '—' when not given. */
function AssetCells({ turbine, columns }: { turbine: Turbine; columns: readonly AssetColumn[] }) {
  const format = useFormatters();
  const text = (column: AssetColumn): string => {
    const value = turbine[column];
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'number') return format.number(value, { maximumFractionDigits: 1 });
    return column === 'commissioning_date' ? format.date(`${value}T00:00:00Z`) : value;
  };
  return (
    <div role="none" className={classes.assetLine}>
      {columns.map((column) => (
        <span key={column} role="cell" className={`${classes.cell} ${classes.assetCell}`} data-col={column}>
          {text(column)}
        </span>
      ))}
    </div>
  );
}
