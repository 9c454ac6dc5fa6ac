import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useLayoutEffect, useState } from 'react';

/** Width of an element, kept current with a ResizeObserver (0 until measured). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Rows of a list that scrolls with the page, rendered only near the viewport (2,000 turbines stay smooth).
 *  `scrollMargin` is the list's distance from the top of the document, measured after every render. */
export function useWindowRows(ref: RefObject<HTMLElement | null>, count: number, rowHeight: number) {
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
    if (top !== scrollMargin) setScrollMargin(top);
  });
  const rows = useWindowVirtualizer({ count, estimateSize: () => rowHeight, overscan: 2, scrollMargin });
  // rows of another height (the list in one or two lines): placed anew
  // biome-ignore lint/correctness/useExhaustiveDependencies: measure again when the height changes
  useLayoutEffect(() => rows.measure(), [rows, rowHeight]);
  return rows;
}
