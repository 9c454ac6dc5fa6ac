/** Index arithmetic of the photo viewer (spec §2): previous/next wrap around; after a delete the index is clamped,
 *  or the viewer closes when nothing is left. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

export function stepIndex(index: number, delta: number, length: number): number {
  return wrapIndex(index + delta, length);
}

/** The index to show once the photo at `index` was removed and `length` photos remain; null closes the viewer. */
export function indexAfterRemoval(index: number, length: number): number | null {
  if (length <= 0) return null;
  return Math.min(Math.max(0, index), length - 1);
}
