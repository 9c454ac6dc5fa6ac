import { API_PATHS, type Comment, commentSchema } from '@windscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

const commentListSchema = commentSchema.array();

/** Comments of one turbine, oldest first (the server's order). Fetched fresh whenever the panel opens. */
export function useComments(turbineId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.comments.ofTurbine(turbineId),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.turbineComments(turbineId), { schema: commentListSchema, signal })).data,
    enabled,
    refetchOnMount: 'always',
  });
}

/** Every comment mutation ends by reloading the list: after a failure too (spec §8: "then comments reload"). */
function useReloadComments(turbineId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.comments.ofTurbine(turbineId) });
}

export function useAddComment(turbineId: number) {
  const reload = useReloadComments(turbineId);
  return useMutation({
    mutationFn: async (comment: string): Promise<Comment> =>
      (await api.post(API_PATHS.turbineComments(turbineId), { comment }, { schema: commentSchema })).data,
    onSettled: reload,
  });
}

export function useUpdateComment(turbineId: number) {
  const reload = useReloadComments(turbineId);
  return useMutation({
    mutationFn: async ({ id, comment }: { id: number; comment: string }): Promise<Comment> =>
      (await api.put(API_PATHS.turbineComment(turbineId, id), { comment }, { schema: commentSchema })).data,
    onSettled: reload,
  });
}

export function useDeleteComment(turbineId: number) {
  const reload = useReloadComments(turbineId);
  return useMutation({
    mutationFn: async (id: number): Promise<void> => {
      await api.delete(API_PATHS.turbineComment(turbineId, id));
    },
    onSettled: reload,
  });
}
