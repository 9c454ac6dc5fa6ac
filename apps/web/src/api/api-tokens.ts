import { API_PATHS, apiTokenSchema, type CreateApiTokenBody, createdApiTokenSchema } from '@windscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

const listSchema = apiTokenSchema.array();

/** The signed-in user's live API tokens (DECISIONS §17). */
export function useApiTokens() {
  return useQuery({
    queryKey: queryKeys.apiTokens.all(),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.apiTokens, { schema: listSchema, signal })).data,
  });
}

/** Makes a token; the answer carries the whole token, the only time it is shown. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiTokenBody) => (await api.post(API_PATHS.apiTokens, body, { schema: createdApiTokenSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all() }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(API_PATHS.apiToken(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all() }),
  });
}
