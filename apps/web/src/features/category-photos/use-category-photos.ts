import { POLL_INTERVAL_MS, type PhotoCategory } from '@windscope/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { fetchPhotos } from '../viewer-common/viewer-queries.ts';
import { keepIfUnchanged } from './photo-list-changes.ts';

/** Every photo of one category of a turbine, polled every 15 s; an unchanged answer keeps the same array (spec §2). */
export function useCategoryPhotos(turbineId: number, category: PhotoCategory) {
  const filters = { category } as const;
  return useQuery({
    queryKey: queryKeys.photos.list(turbineId, filters),
    queryFn: ({ signal }) => fetchPhotos(turbineId, filters, signal),
    refetchInterval: POLL_INTERVAL_MS,
    structuralSharing: keepIfUnchanged,
  });
}
