import type { Turbine } from '@windscope/contract';
import { type CSSProperties, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortKey, TurbineSort } from '../filters/turbine-sort.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import type { TurbineItemHandlers } from './turbine-actions.tsx';
import type { AssetColumn } from './turbine-columns.ts';
import classes from './turbine-list.module.css';
import { TurbineListHead, TurbineRow } from './turbine-row.tsx';
import { useElementWidth, useWindowRows } from './use-window-list.ts';

/** The narrowest table that holds a turbine in one line (turbine-list.module.css .row: the columns' minimums, gaps,
 *  padding and border); a narrower one shows each turbine in two lines (.compact), taller rows. */
const WIDE_TABLE = 1264;
const ROW_HEIGHT = { wide: 58, compact: 100 } as const;
/** what a line of asset values adds (one line of text); a longer value wraps and its row is measured */
const ASSET_LINE_HEIGHT = 30;

interface TurbineTableProps extends TurbineItemHandlers {
  turbines: readonly Turbine[];
  /** the asset columns chosen (issue 27 item 1): a line of their own in every row, measured */
  assetColumns: readonly AssetColumn[];
  sort: TurbineSort;
  onSort: (key: SortKey) => void;
}

/** The list view: an ARIA table (column headers that sort, aria-sort), virtualized: only the rows near the viewport
 *  are in the page, so aria-rowcount gives the whole count and each row its aria-rowindex. */
export function TurbineTable({ turbines, assetColumns, sort, onSort, onEdit, onDelete }: TurbineTableProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const ref = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(tableRef);
  const layout = width > 0 && width < WIDE_TABLE ? 'compact' : 'wide';
  const withAssets = assetColumns.length > 0;
  const rowHeight = ROW_HEIGHT[layout] + (withAssets ? ASSET_LINE_HEIGHT : 0);
  const rows = useWindowRows(ref, turbines.length, rowHeight);
  const margin = rows.options.scrollMargin;

  return (
    <div
      ref={tableRef}
      role="table"
      aria-label={t('list.label')}
      aria-rowcount={turbines.length + 1}
      className={layout === 'compact' ? classes.compact : undefined}
      style={{ '--row-height': `${rowHeight}px` } as CSSProperties}
      data-layout={layout}
      data-testid="turbine-table"
    >
      <div role="rowgroup">
        <TurbineListHead sort={sort} onSort={onSort} assetColumns={assetColumns} />
      </div>
      <div ref={ref} role="rowgroup" className={classes.listBody} style={{ position: 'relative', height: rows.getTotalSize() }}>
        {rows.getVirtualItems().map((row) => {
          const turbine = turbines[row.index];
          if (!turbine) return null;
          return (
            <TurbineRow
              key={turbine.id}
              turbine={turbine}
              rowIndex={row.index + 2}
              offset={row.start - margin}
              assetColumns={assetColumns}
              measureRef={withAssets ? rows.measureElement : undefined}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          );
        })}
      </div>
    </div>
  );
}
