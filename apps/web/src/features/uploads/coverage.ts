import { API_PATHS, type Coverage, coverageSchema } from '@windscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

/** A turbine's photo counts for a year (issue 15, item 5); under the turbine's photo keys, so an upload refreshes it. */
export const coverageKey = (turbineId: number, year: number) => queryKeys.photos.list(turbineId, { view: 'coverage', year });

export function useCoverage(turbineId: number, year: number) {
  return useQuery({
    queryKey: coverageKey(turbineId, year),
    queryFn: async ({ signal }): Promise<Coverage> =>
      (await api.get(`${API_PATHS.turbine(turbineId)}/coverage`, { query: { year }, schema: coverageSchema, signal })).data,
  });
}
