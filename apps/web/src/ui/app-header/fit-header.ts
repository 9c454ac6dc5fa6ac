/** What the header has to place, in pixels, measured from the rendered controls. */
export interface HeaderMeasure {
  /** the header's inner width (without its padding) */
  available: number;
  /** what never folds: logo + title at full width, TR/EN, theme, and the gaps between them */
  fixed: number;
  /** the menu button that appears once something folds */
  menu: number;
  /** the space between two controls */
  gap: number;
  /** the foldable controls' widths, in the order they fold (first folds first) */
  foldable: number[];
}

/** How many foldable controls go into the menu so that the header fits in one row: none when everything fits,
 *  otherwise the fewest (in folding order) for which the rest plus the menu button fit. */
export function foldedCount({ available, fixed, menu, gap, foldable }: HeaderMeasure): number {
  if (available <= 0) return 0; // not laid out (yet): show everything
  let used = fixed + foldable.reduce((sum, width) => sum + width + gap, 0);
  if (used <= available) return 0;
  used += menu + gap;
  for (let folded = 0; folded < foldable.length; folded++) {
    if (used <= available) return folded;
    used -= (foldable[folded] ?? 0) + gap;
  }
  return foldable.length;
}
