import { API_PATHS, type MailOutboxStatus, mailOutboxItemSchema } from '@windscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

const listSchema = mailOutboxItemSchema.array();
/** While an e-mail shown waits or is being sent, the list looks again this often (a retried one turns sent by itself). */
const WAITING_POLL_MS = 5_000;

/** The e-mail outbox for the superadmin (DECISIONS §15): the newest rows, of one state or all ('all'). */
export function useMailOutbox(status: MailOutboxStatus | 'all') {
  return useQuery({
    queryKey: queryKeys.mailOutbox.list(status),
    queryFn: async ({ signal }) =>
      (await api.get(`${API_PATHS.mailOutbox}${status === 'all' ? '' : `?status=${status}`}`, { schema: listSchema, signal })).data,
    refetchInterval: (query) =>
      query.state.data?.some((row) => row.status === 'pending' || row.status === 'sending') ? WAITING_POLL_MS : false,
  });
}

/** Sends a failed e-mail again (a new retry window). */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(API_PATHS.mailOutboxRetry(id), {}, { schema: mailOutboxItemSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mailOutbox.all() }),
  });
}
