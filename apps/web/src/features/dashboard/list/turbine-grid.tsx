import type { Turbine } from '@windscope/contract';
import { useRef } from 'react';
import type { TurbineItemHandlers } from './turbine-actions.tsx';
import { TurbineCard } from './turbine-card.tsx';
import { useElementWidth, useWindowRows } from './use-window-list.ts';

const CARD_MIN_WIDTH = 380;
const CARD_HEIGHT = 266;
const GAP = 16;

/** Cards in as many columns as fit, virtualized by rows. */
export function TurbineGrid({ turbines, onEdit, onDelete }: { turbines: readonly Turbine[] } & TurbineItemHandlers) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const columns = Math.max(1, Math.floor((width + GAP) / (CARD_MIN_WIDTH + GAP)));
  const rows = useWindowRows(ref, Math.ceil(turbines.length / columns), CARD_HEIGHT + GAP);
  const margin = rows.options.scrollMargin;

  return (
    <div ref={ref} style={{ position: 'relative', height: rows.getTotalSize() }} data-testid="turbine-grid" data-columns={columns}>
      {rows.getVirtualItems().map((row) => (
        <div
          key={row.key}
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            height: CARD_HEIGHT,
            transform: `translateY(${row.start - margin}px)`,
            display: 'grid',
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            gap: GAP,
          }}
        >
          {turbines.slice(row.index * columns, (row.index + 1) * columns).map((turbine) => (
            <TurbineCard key={turbine.id} turbine={turbine} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </div>
      ))}
    </div>
  );
}
