import { useCallback, useMemo } from 'react';
import { useQueuedSearchParams } from '../../../ui/use-queued-search-params.ts';
import {
  DEFAULT_PHOTO_SORT,
  isPhotoSortKey,
  type PhotoSort,
  type PhotoSortKey,
  type SortDirection,
} from '../../viewer-common/photo-order.ts';

/** The direction an order starts in: names A to Z, dates newest first. */
export const FIRST_DIRECTION: Record<PhotoSortKey, SortDirection> = { name: 'asc', taken: 'desc', uploaded: 'desc' };

/** The choices of the sort menu, each an order and a direction ("taken-desc"). */
export const PHOTO_SORT_CHOICES = ['name-asc', 'name-desc', 'taken-desc', 'taken-asc', 'uploaded-desc', 'uploaded-asc'] as const;
export type PhotoSortChoice = (typeof PHOTO_SORT_CHOICES)[number];

export const choiceOf = (sort: PhotoSort): PhotoSortChoice => `${sort.key}-${sort.direction}`;
export function sortOfChoice(choice: string | null): PhotoSort {
  const [key, direction] = (choice ?? '').split('-');
  return isPhotoSortKey(key) && (direction === 'asc' || direction === 'desc') ? { key, direction } : DEFAULT_PHOTO_SORT;
}

/** Search parameter names on the turbine page (its other lists keep theirs): ?photoSort=taken&photoDir=asc */
const PARAM = { key: 'photoSort', direction: 'photoDir' } as const;

/** The order a URL asks for; anything missing or unknown is the default (by name). */
export function readPhotoSort(params: URLSearchParams): PhotoSort {
  const key = params.get(PARAM.key);
  if (!isPhotoSortKey(key)) return DEFAULT_PHOTO_SORT;
  const direction = params.get(PARAM.direction);
  return { key, direction: direction === 'asc' || direction === 'desc' ? direction : FIRST_DIRECTION[key] };
}

/** The URL for an order, leaving the default (and a direction that is the order's first) out, other parameters alone. */
export function writePhotoSort(sort: PhotoSort, base: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  const isDefault = sort.key === DEFAULT_PHOTO_SORT.key && sort.direction === DEFAULT_PHOTO_SORT.direction;
  if (isDefault) params.delete(PARAM.key);
  else params.set(PARAM.key, sort.key);
  if (isDefault || sort.direction === FIRST_DIRECTION[sort.key]) params.delete(PARAM.direction);
  else params.set(PARAM.direction, sort.direction);
  return params;
}

/** The all-photos list's order kept in the URL, like the dashboard's list state: shared, bookmarked, reloaded, and
 *  stepped through with back/forward. */
export function usePhotoSort(): [PhotoSort, (sort: PhotoSort) => void] {
  const [params, setParams, latest] = useQueuedSearchParams();
  const sort = useMemo(() => readPhotoSort(params), [params]);
  const change = useCallback((next: PhotoSort) => setParams(writePhotoSort(next, latest())), [setParams, latest]);
  return [sort, change];
}
