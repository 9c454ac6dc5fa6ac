import { API_PATHS, type CreateTurbineBody, turbineSchema, type UpdateTurbineBody } from '@windscope/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

const turbineListSchema = turbineSchema.array();

/** The turbines the signed-in user may see; superadmin may narrow to one company (DECISIONS §1).
 *  While another company's list loads, the previous one stays on screen. */
export function useTurbines(filters: { companyId?: number } = {}) {
  return useQuery({
    queryKey: queryKeys.turbines.list({ companyId: filters.companyId }),
    queryFn: async ({ signal }) => {
      const answer = await api.get(API_PATHS.turbines, {
        query: { filter_company_id: filters.companyId },
        schema: turbineListSchema,
        signal,
      });
      return answer.data;
    },
    placeholderData: keepPreviousData,
  });
}

/** Turbine counts show on the partners page, so a turbine change refreshes both. */
function useRefreshAfterTurbineChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.turbines.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.companies.all() }),
    ]);
}

export function useCreateTurbine() {
  const refresh = useRefreshAfterTurbineChange();
  return useMutation({
    mutationFn: (body: CreateTurbineBody) => api.post(API_PATHS.turbines, body, { schema: turbineSchema }),
    onSuccess: refresh,
  });
}

export function useUpdateTurbine() {
  const refresh = useRefreshAfterTurbineChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTurbineBody }) => api.put(API_PATHS.turbine(id), body, { schema: turbineSchema }),
    onSuccess: refresh,
  });
}

/** Deletes the turbine with its photos, reports and comments (the server removes them). */
export function useDeleteTurbine() {
  const refresh = useRefreshAfterTurbineChange();
  return useMutation({
    mutationFn: (id: number) => api.delete(API_PATHS.turbine(id)),
    onSuccess: refresh,
  });
}
