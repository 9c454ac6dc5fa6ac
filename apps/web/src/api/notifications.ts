import {
  API_PATHS,
  NOTIFICATION_POLL_MS,
  notificationListSchema,
  notificationSettingsSchema,
  type NotificationSettings,
  unreadCountSchema,
} from '@windscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Issue 16: the bell's unread count, asked every NOTIFICATION_POLL_MS and whenever the window gets focus, so an
 *  escalation another user records shows without a reload. */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications.unread(),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.notificationsUnread, { schema: unreadCountSchema, signal })).data.unread_count,
    enabled,
    staleTime: NOTIFICATION_POLL_MS / 2,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
}

/** The newest notifications, while the list is open (fresh each time it opens). */
export function useNotificationList(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications.list(),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.notifications, { schema: notificationListSchema, signal })).data,
    enabled,
    staleTime: 0,
    refetchInterval: enabled ? NOTIFICATION_POLL_MS : false,
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number | 'all') =>
      id === 'all'
        ? (await api.post(API_PATHS.notificationsReadAll, undefined, { schema: unreadCountSchema })).data.unread_count
        : (await api.post(API_PATHS.notificationRead(id), undefined, { schema: unreadCountSchema })).data.unread_count,
    onSuccess: (unread) => queryClient.setQueryData(queryKeys.notifications.unread(), unread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list() }),
  });
}

export function useNotificationSettings(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications.settings(),
    queryFn: async ({ signal }) => (await api.get(API_PATHS.notificationSettings, { schema: notificationSettingsSchema, signal })).data,
    enabled,
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: NotificationSettings) =>
      (await api.put(API_PATHS.notificationSettings, settings, { schema: notificationSettingsSchema })).data,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.notifications.settings(), settings),
  });
}
