import { API_PATHS, mapSettingsSchema } from '@windscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** DECISIONS §18: the map style the server names (MAP_STYLE_URL), null for the offline basemap; asked once a visit. */
export function useMapSettings() {
  return useQuery({
    queryKey: queryKeys.mapSettings(),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.mapSettings, { schema: mapSettingsSchema, signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
