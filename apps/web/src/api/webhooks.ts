import {
  API_PATHS,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@windscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

const listSchema = webhookSchema.array();
const deliveriesSchema = webhookDeliverySchema.array();

/** The webhooks the signed-in manager (their company's) or superadmin (every company's) manages (DECISIONS §17). */
export function useWebhooks() {
  return useQuery({
    queryKey: queryKeys.webhooks.all(),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.webhooks, { schema: listSchema, signal })).data,
  });
}

/** A hook's latest deliveries; looked at again every few seconds while open (a test event on its way). */
export function useWebhookDeliveries(id: number | null) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(id ?? 0),
    enabled: id !== null,
    refetchInterval: 5_000,
    queryFn: async ({ signal }) => (await api.get(API_PATHS.webhookDeliveries(id ?? 0), { schema: deliveriesSchema, signal })).data,
  });
}

/** Makes a hook; the answer carries its secret, the only time it is shown. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWebhookBody) => (await api.post(API_PATHS.webhooks, body, { schema: webhookWithSecretSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all() }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: UpdateWebhookBody }) =>
      api.patch(API_PATHS.webhook(id), body, { schema: webhookSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all() }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(API_PATHS.webhook(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all() }),
  });
}

/** A new secret, answered once. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.post(API_PATHS.webhookRotateSecret(id), undefined, { schema: webhookWithSecretSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all() }),
  });
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(API_PATHS.webhookTest(id)),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(id) }),
  });
}
