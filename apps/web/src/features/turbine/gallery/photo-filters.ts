import { type Photo, type PhotoCategory, roomLabel } from '@windscope/contract';

/** Spec §2 item 7: type filter values; `blade` is the 360° blade photos (no category), shown as "Kanat". */
export const PHOTO_TYPES = ['blade', 'drone', 'operator', 'robot'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export interface PhotoFilters {
  year: number | 'all';
  type: PhotoType | 'all';
  search: string;
}

export const NO_FILTERS: PhotoFilters = { year: 'all', type: 'all', search: '' };

export function photoType(photo: { category: PhotoCategory | null }): PhotoType {
  return photo.category ?? 'blade';
}

/** The years the photos were filed under, newest first (the year filter offers "all" plus these). */
export function photoYears(photos: readonly Pick<Photo, 'year'>[]): number[] {
  return [...new Set(photos.map((p) => p.year))].sort((a, b) => b - a);
}

export function hasActiveFilters(filters: PhotoFilters): boolean {
  return filters.year !== 'all' || filters.type !== 'all' || filters.search.trim() !== '';
}

/** Case folding for the search: Turkish rules (İ -> i, Ş -> ş), with dotless ı and i treated alike, so "DJI" matches
 *  "dji" and "ışık" matches "Işık". */
const fold = (text: string) => text.toLocaleLowerCase('tr-TR').replace(/ı/g, 'i');

/** Text the free search looks in: file name, uploader, blade and room. */
function searchableText(photo: Photo, roomWord: string): string {
  return fold(
    [photo.originalName, photo.uploader_name ?? '', photo.blade ?? '', photo.room === null ? '' : roomLabel(photo.room, roomWord)].join(
      ' ',
    ),
  );
}

/** Year, type and free-text filters of the all-photos list; keeps the order it is given. */
export function filterPhotos(photos: readonly Photo[], filters: PhotoFilters, roomWord = 'Oda'): Photo[] {
  const terms = fold(filters.search.trim()).split(/\s+/).filter(Boolean);
  return photos.filter(
    (photo) =>
      (filters.year === 'all' || photo.year === filters.year) &&
      (filters.type === 'all' || photoType(photo) === filters.type) &&
      (terms.length === 0 || terms.every((term) => searchableText(photo, roomWord).includes(term))),
  );
}
