import { STALE_TIME_MS } from '@windscope/contract';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error.ts';

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
  client.setQueryDefaults(['photos'], { staleTime: STALE_TIME_MS.photos });
  return client;
}
