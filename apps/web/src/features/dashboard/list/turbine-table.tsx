import type { Turbine } from '@windscope/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortKey, TurbineSort } from '../filters/turbine-sort.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import type { TurbineItemHandlers } from './turbine-actions.tsx';
import classes from './turbine-list.module.css';
import { TurbineListHead, TurbineRow } from './turbine-row.tsx';
import { useWindowRows } from './use-window-list.ts';

const ROW_HEIGHT = 58;

interface TurbineTableProps extends TurbineItemHandlers {
  turbines: readonly Turbine[];
  sort: TurbineSort;
  onSort: (key: SortKey) => void;
}

/** The list view: an ARIA table (column headers that sort, aria-sort), virtualized: only the rows near the viewport
 *  are in the page, so aria-rowcount gives the whole count and each row its aria-rowindex. */
export function TurbineTable({ turbines, sort, onSort, onEdit, onDelete }: TurbineTableProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const ref = useRef<HTMLDivElement>(null);
  const rows = useWindowRows(ref, turbines.length, ROW_HEIGHT);
  const margin = rows.options.scrollMargin;

  return (
    <div role="table" aria-label={t('list.label')} aria-rowcount={turbines.length + 1} data-testid="turbine-table">
      <div role="rowgroup">
        <TurbineListHead sort={sort} onSort={onSort} />
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
              onEdit={onEdit}
              onDelete={onDelete}
            />
          );
        })}
      </div>
    </div>
  );
}
