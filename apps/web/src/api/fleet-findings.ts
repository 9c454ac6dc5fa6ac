import {
  API_PATHS,
  distanceBandsSchema,
  type FleetFindingListQuery,
  fleetFindingListSchema,
  type TurbineFilterQuery,
} from '@windscope/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Issue 27 item 3: the findings of the turbines the dashboard lists for its filters (the fleet findings page). */
export function useFleetFindings(query: Partial<FleetFindingListQuery>) {
  return useQuery({
    queryKey: queryKeys.turbines.fleetFindings(query),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.fleetFindings, { query, schema: fleetFindingListSchema, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** Their open findings per 10 m band from the root (the dashboard's distance chart). */
export function useDistanceBands(query: Partial<TurbineFilterQuery>, enabled = true) {
  return useQuery({
    queryKey: queryKeys.turbines.distanceBands(query),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.fleetDistanceBands, { query, schema: distanceBandsSchema, signal })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}
