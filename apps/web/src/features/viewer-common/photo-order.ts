import { type Photo, stripStoredPrefix } from '@windscope/contract';

/** Natural numeric order ("pano-2" before "pano-10"), case-insensitive, the same in every interface language. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function compareNatural(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Spec §3: the original name, else the key's last segment without its "number-number-" prefix. */
export function photoDisplayName(photo: Pick<Photo, 'originalName' | 'key'>): string {
  if (photo.originalName) return photo.originalName;
  const last = photo.key.split('/').pop() ?? photo.key;
  return stripStoredPrefix(last);
}

/** Photos by original file name in natural numeric order (spec §2, panoramic viewer); ties by id, so the order is stable. */
export function sortByName<T extends Pick<Photo, 'originalName' | 'key' | 'id'>>(photos: readonly T[]): T[] {
  return [...photos].sort((a, b) => compareNatural(photoDisplayName(a), photoDisplayName(b)) || a.id - b.id);
}

/** Previous/next with wrap-around: from the last to the first and back (spec §2). */
export function wrapIndex(index: number, total: number): number {
  if (total <= 0) return 0;
  return ((index % total) + total) % total;
}
