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
  return sortPhotos(photos, DEFAULT_PHOTO_SORT);
}

/** Previous/next with wrap-around: from the last to the first and back (spec §2). */
export function wrapIndex(index: number, total: number): number {
  if (total <= 0) return 0;
  return ((index % total) + total) % total;
}

/** The all-photos list's orders (issue 24 item 22): by name (the default, as above), capture date (EXIF), upload date. */
export const PHOTO_SORT_KEYS = ['name', 'taken', 'uploaded'] as const;
export type PhotoSortKey = (typeof PHOTO_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface PhotoSort {
  key: PhotoSortKey;
  direction: SortDirection;
}
export const DEFAULT_PHOTO_SORT: PhotoSort = { key: 'name', direction: 'asc' };
export const isPhotoSortKey = (value: unknown): value is PhotoSortKey => PHOTO_SORT_KEYS.includes(value as PhotoSortKey);

type Sortable = Pick<Photo, 'originalName' | 'key' | 'id'> & Partial<Pick<Photo, 'taken_at' | 'upload_date'>>;

/** ISO times from the server compare as text only in one shape; parsed once per photo instead. */
const timeOf = (value: string | null): number | null => {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
};

/** A sorted copy. Photos without a capture date come last in both directions of the capture order (they have no place
 *  in it), among themselves by name; ties of any order fall back to the name, then the id, so the order is stable. */
export function sortPhotos<T extends Sortable>(photos: readonly T[], sort: PhotoSort): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const rows = photos.map((photo) => ({
    photo,
    name: photoDisplayName(photo),
    time: sort.key === 'taken' ? timeOf(photo.taken_at ?? null) : sort.key === 'uploaded' ? timeOf(photo.upload_date ?? null) : null,
  }));
  const byName = (a: (typeof rows)[number], b: (typeof rows)[number]) => compareNatural(a.name, b.name) || a.photo.id - b.photo.id;
  rows.sort((a, b) => {
    if (sort.key === 'name') return sign * byName(a, b);
    if (a.time === null || b.time === null) return a.time === b.time ? byName(a, b) : a.time === null ? 1 : -1;
    return sign * (a.time - b.time) || byName(a, b);
  });
  return rows.map((row) => row.photo);
}
