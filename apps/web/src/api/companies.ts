import { API_PATHS, type CompanyBody, companySchema } from '@windscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

const companyListSchema = companySchema.array();

/** Partner companies: all of them for the superadmin (never the internal one), otherwise only the user's own. */
export function useCompanies(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.companies.list(),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.companies, { schema: companyListSchema, signal })).data,
    enabled: options.enabled ?? true,
  });
}

/** A company's name appears on turbines and users, its counts on the partners page: refresh all three. */
function useRefreshAfterCompanyChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.companies.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.turbines.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.users.all() }),
    ]);
}

export function useCreateCompany() {
  const refresh = useRefreshAfterCompanyChange();
  return useMutation({
    mutationFn: (body: CompanyBody) => api.post(API_PATHS.companies, body, { schema: companySchema }),
    onSuccess: refresh,
  });
}

export function useUpdateCompany() {
  const refresh = useRefreshAfterCompanyChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CompanyBody }) => api.put(API_PATHS.company(id), body, { schema: companySchema }),
    onSuccess: refresh,
  });
}

/** Refused with 409 (COMPANY_HAS_DEPENDENTS) while the company still has turbines or users. */
export function useDeleteCompany() {
  const refresh = useRefreshAfterCompanyChange();
  return useMutation({
    mutationFn: (id: number) => api.delete(API_PATHS.company(id)),
    onSuccess: refresh,
  });
}
