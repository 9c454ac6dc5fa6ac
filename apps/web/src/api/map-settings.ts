import { API_PATHS, mapSettingsSchema } from '@windscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** DECISIONS §18: the map style the server names (MAP_STYLE_URL), null for the offline basemap; asked once a visit.
 *  `enabled: false` asks nothing (the dashboard asks it as soon as the map view is chosen, beside the map's chunk). */
export function useMapSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: queryKeys.mapSettings(),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.mapSettings, { schema: mapSettingsSchema, signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
