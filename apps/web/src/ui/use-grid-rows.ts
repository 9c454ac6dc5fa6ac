import { useElementSize, useMergedRef } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';

export interface GridRowsOptions {
  /** how many tiles */
  count: number;
  /** narrowest a tile may be, px: as many columns as fit at this width */
  minTile: number;
  /** space between tiles, px */
  gap: number;
  /** a row's height (gap included) for a tile of this width */
  rowHeight: (tileWidth: number) => number;
  /** the scroller's height before it is measured (and in test DOMs without layout) */
  initialHeight: number;
  overscan?: number;
}

/**
 * Tiles of a scrolling box laid out in columns that fill its width, and only the rows near the visible part in the DOM
 * (@tanstack/react-virtual): a thousand photos cost a screenful of tiles. `ref` goes on the scroller; each rendered row
 * spans `columns` tiles from `row.index * columns`.
 */
export function useGridRows({ count, minTile, gap, rowHeight: heightOf, initialHeight, overscan = 3 }: GridRowsOptions) {
  const { ref: sizeRef, width } = useElementSize();
  const scrollRef = useRef<HTMLDivElement>(null);
  const ref = useMergedRef(sizeRef, scrollRef);
  const inner = Math.max(0, width);
  const columns = Math.max(1, Math.floor((inner + gap) / (minTile + gap)));
  const tileWidth = inner > 0 ? (inner - gap * (columns - 1)) / columns : minTile;
  const rowHeight = Math.round(heightOf(tileWidth));
  const rows = Math.ceil(count / columns);
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: { width: 1200, height: initialHeight },
  });
  // a new width changes the row height: the rows are measured again
  useEffect(() => {
    if (rowHeight > 0) virtualizer.measure();
  }, [virtualizer, rowHeight]);
  return { ref, virtualizer, columns, rowHeight, rows };
}
