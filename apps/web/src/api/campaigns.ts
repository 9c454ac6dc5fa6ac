import {
  API_PATHS,
  type CampaignWaiverBody,
  type CreateCampaignBody,
  campaignBoardSchema,
  campaignSchema,
  campaignWaiverSchema,
  type UpdateCampaignBody,
} from '@windscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

const campaignListSchema = campaignSchema.array();

/** Inspection campaigns the user may see (issue 17): the own company's, or every company's for the superadmin. */
export function useCampaigns() {
  return useQuery({
    queryKey: queryKeys.campaigns.list(),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.campaigns, { schema: campaignListSchema, signal })).data,
  });
}

/** A campaign's board. Its states come from photos, findings and reports changed on other screens: asked again on
 *  every visit (stale at once), not kept for the default five minutes. */
export function useCampaignBoard(id: number) {
  return useQuery({
    queryKey: queryKeys.campaigns.board(id),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.campaign(id), { schema: campaignBoardSchema, signal })).data,
    staleTime: 0,
  });
}

function useRefreshCampaigns() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all() });
}

export function useCreateCampaign() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: (body: CreateCampaignBody) => api.post(API_PATHS.campaigns, body, { schema: campaignSchema }),
    onSuccess: refresh,
  });
}

export function useUpdateCampaign() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCampaignBody }) =>
      api.put(API_PATHS.campaign(id), body, { schema: campaignSchema }),
    onSuccess: refresh,
  });
}

export function useDeleteCampaign() {
  const refresh = useRefreshCampaigns();
  return useMutation({ mutationFn: (id: number) => api.delete(API_PATHS.campaign(id)), onSuccess: refresh });
}

export function useAddWaiver(campaignId: number) {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: (body: CampaignWaiverBody) => api.post(API_PATHS.campaignWaivers(campaignId), body, { schema: campaignWaiverSchema }),
    onSuccess: refresh,
  });
}

export function useRemoveWaiver(campaignId: number) {
  const refresh = useRefreshCampaigns();
  return useMutation({ mutationFn: (waiverId: number) => api.delete(API_PATHS.campaignWaiver(campaignId, waiverId)), onSuccess: refresh });
}
