import { FILE_URL_REFRESH_MS, STALE_TIME_MS } from '@windscope/contract';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error.ts';
import { FILE_LINK_QUERY_KEYS } from '../api/file-links.ts';

/** A fresh cache per start (spec §1: the app starts with an empty data cache; nothing is persisted). */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS.default,
        // a 4xx will not change by asking again; a dropped connection or a 5xx might
        retry: (failures, error) => failures < 1 && (!isApiError(error) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
  client.setQueryDefaults(['turbines'], { staleTime: STALE_TIME_MS.turbines });
  // answers with file URLs are fetched again before their URLs expire (DECISIONS §17), a hidden tab when it is shown
  for (const queryKey of FILE_LINK_QUERY_KEYS) client.setQueryDefaults(queryKey, { refetchInterval: FILE_URL_REFRESH_MS });
  client.setQueryDefaults(['photos'], { staleTime: STALE_TIME_MS.photos, refetchInterval: FILE_URL_REFRESH_MS });
  return client;
}
