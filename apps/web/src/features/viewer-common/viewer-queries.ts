import { API_PATHS, type Photo, type PhotoListQuery, photoSchema, turbineSchema } from '@windscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

const photoListSchema = photoSchema.array();

/** One turbine (same key as the turbine detail page, so the two share the cache). */
export function useTurbineDetail(id: number | null) {
  return useQuery({
    queryKey: queryKeys.turbines.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.turbine(id ?? 0), { schema: turbineSchema, signal })).data,
    enabled: id !== null,
  });
}

export type PhotoFilters = Omit<PhotoListQuery, 'noCache' | 'view'>;

/** GET /turbines/{id}/photos with the contract's filters (`category: 'blade'` = the 360° blade photos). */
export async function fetchPhotos(turbineId: number, filters: PhotoFilters, signal?: AbortSignal): Promise<Photo[]> {
  const answer = await api.get(API_PATHS.turbinePhotos(turbineId), { query: { view: 'all', ...filters }, schema: photoListSchema, signal });
  return answer.data;
}
