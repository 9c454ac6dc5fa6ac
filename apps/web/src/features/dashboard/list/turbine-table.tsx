import type { Turbine } from '@windscope/contract';
import { useRef } from 'react';
import type { TurbineItemHandlers } from './turbine-actions.tsx';
import classes from './turbine-list.module.css';
import { TurbineListHead, TurbineRow } from './turbine-row.tsx';
import { useWindowRows } from './use-window-list.ts';

const ROW_HEIGHT = 58;

/** The list view: one row per turbine, virtualized. */
export function TurbineTable({ turbines, onEdit, onDelete }: { turbines: readonly Turbine[] } & TurbineItemHandlers) {
  const ref = useRef<HTMLDivElement>(null);
  const rows = useWindowRows(ref, turbines.length, ROW_HEIGHT);
  const margin = rows.options.scrollMargin;

  return (
    <div data-testid="turbine-table">
      <TurbineListHead />
      <div ref={ref} className={classes.listBody} style={{ position: 'relative', height: rows.getTotalSize() }}>
        {rows.getVirtualItems().map((row) => {
          const turbine = turbines[row.index];
          if (!turbine) return null;
          return (
            <div
              key={turbine.id}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: ROW_HEIGHT,
                transform: `translateY(${row.start - margin}px)`,
              }}
            >
              <TurbineRow turbine={turbine} onEdit={onEdit} onDelete={onDelete} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
