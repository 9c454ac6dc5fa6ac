import { COMPARE_LIMIT } from '@windscope/contract';

/** Ticks or unticks a photo for comparison; at most COMPARE_LIMIT (2) stay ticked (spec §5). */
export function toggleCompare(selected: readonly number[], id: number, limit: number = COMPARE_LIMIT): number[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  if (selected.length >= limit) return [...selected];
  return [...selected, id];
}

/** Further checkboxes are disabled once the limit is reached (spec §2). */
export function isCompareDisabled(selected: readonly number[], id: number, limit: number = COMPARE_LIMIT): boolean {
  return !selected.includes(id) && selected.length >= limit;
}

/** Comparing needs exactly two ticked photos. */
export function canCompare(selected: readonly number[], limit: number = COMPARE_LIMIT): boolean {
  return selected.length === limit;
}
