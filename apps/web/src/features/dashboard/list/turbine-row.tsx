import type { Turbine } from '@windscope/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { SortAscIcon, SortDescIcon, SortNoneIcon } from '../../management/icons.tsx';
import { displayCity } from '../../management/text.ts';
import { turbineDisplayName } from '../filters/turbine-filters.ts';
import type { SortKey, TurbineSort } from '../filters/turbine-sort.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import { StatusBadge } from './status-badge.tsx';
import { TurbineHealthSummary } from './turbine-health.tsx';
import { EditDeleteIcons, OpenButtons, type TurbineItemHandlers } from './turbine-actions.tsx';
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
export function TurbineListHead({ sort, onSort }: { sort: TurbineSort; onSort: (key: SortKey) => void }) {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: ARIA table (not grid): rows and headers are read, not focused; the sort buttons take the focus
    <div className={classes.listHead} role="row" aria-rowindex={1}>
      {COLUMNS.map((column) => {
        const sorted = sort.key === column.key ? sort.direction : null;
        const Icon = sorted === 'asc' ? SortAscIcon : sorted === 'desc' ? SortDescIcon : SortNoneIcon;
        return (
          // biome-ignore lint/a11y/useFocusableInteractive: ARIA table (not grid): rows and headers are read, not focused; the sort buttons take the focus
          <div key={column.key} role="columnheader" aria-sort={sorted ? ARIA_SORT[sorted] : 'none'} className={classes.headCell}>
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
      <div role="columnheader" style={{ textAlign: 'right' }}>
        {t('card.actions')}
      </div>
    </div>
  );
}

interface TurbineRowProps extends TurbineItemHandlers {
  turbine: Turbine;
  /** 1-based position among all rows of the table, the header being 1 (aria-rowindex: only some rows are rendered) */
  rowIndex: number;
  /** distance from the top of the table body, px */
  offset: number;
}

/** One turbine in the list view: a table row placed by the virtualizer. */
export const TurbineRow = memo(function TurbineRow({ turbine, rowIndex, offset, onEdit, onDelete }: TurbineRowProps) {
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: ARIA table (not grid): rows and headers are read, not focused; the sort buttons take the focus
    <div
      className={classes.row}
      role="row"
      aria-rowindex={rowIndex}
      style={{ transform: `translateY(${offset}px)` }}
      data-testid="turbine-row"
      data-turbine-id={turbine.id}
    >
      <span className={classes.cell} role="cell">
        <strong data-testid="turbine-name">{turbineDisplayName(turbine)}</strong>
      </span>
      {/* health next to the name: in view at narrow widths, where the list scrolls sideways */}
      <span className={classes.cell} role="cell">
        <TurbineHealthSummary health={turbine.health} />
      </span>
      <span className={classes.cell} role="cell">
        {displayCity(turbine.city)}
      </span>
      <span className={classes.cell} role="cell">
        <span className={classes.code}>{turbine.code}</span>
      </span>
      <span className={classes.cell} role="cell">
        {turbine.location}
      </span>
      <span className={classes.cell} role="cell" data-testid="turbine-company">
        {turbine.company_name ?? '—'}
      </span>
      <span className={`${classes.cell} ${classes.number}`} role="cell">
        {turbine.rooms}
      </span>
      <span className={`${classes.cell} ${classes.number}`} role="cell">
        {turbine.photo_count}
      </span>
      <span className={classes.cell} role="cell">
        <StatusBadge status={turbine.status} />
      </span>
      <span className={classes.actions} role="cell">
        <OpenButtons turbine={turbine} iconsOnly />
        <EditDeleteIcons turbine={turbine} onEdit={onEdit} onDelete={onDelete} />
      </span>
    </div>
  );
});
