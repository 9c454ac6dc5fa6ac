import { API_PATHS, type CreateUserBody, type UpdateUserBody, userSchema } from '@windscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

const userListSchema = userSchema.array();

/** Users the signed-in manager or superadmin may manage (the server scopes the list to their company). */
export function useUsers() {
  return useQuery({
    queryKey: queryKeys.users.list(),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.users, { schema: userListSchema, signal })).data,
  });
}

/** User counts show on the partners page, so a change refreshes both lists. */
function useRefreshAfterUserChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.users.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.companies.all() }),
    ]);
}

export function useCreateUser() {
  const refresh = useRefreshAfterUserChange();
  return useMutation({
    mutationFn: (body: CreateUserBody) => api.post(API_PATHS.users, body, { schema: userSchema }),
    onSuccess: refresh,
  });
}

export function useUpdateUser() {
  const refresh = useRefreshAfterUserChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) => api.put(API_PATHS.user(id), body, { schema: userSchema }),
    onSuccess: refresh,
  });
}

/** Withdraws an address a manager set that still waits for its confirmation link. */
export function useCancelEmailChange() {
  const refresh = useRefreshAfterUserChange();
  return useMutation({
    mutationFn: (id: number) => api.delete(API_PATHS.userEmailChange(id), { schema: userSchema }),
    onSuccess: refresh,
  });
}

export function useChangeUserPassword() {
  return useMutation({
    mutationFn: ({ id, password, currentPassword }: { id: number; password: string; currentPassword?: string }) =>
      api.put(API_PATHS.userPassword(id), currentPassword === undefined ? { password } : { password, current_password: currentPassword }),
  });
}

export function useDeleteUser() {
  const refresh = useRefreshAfterUserChange();
  return useMutation({
    mutationFn: (id: number) => api.delete(API_PATHS.user(id)),
    onSuccess: refresh,
  });
}
