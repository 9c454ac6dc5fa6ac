import type { User } from '@windscope/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { logoutRequest } from './auth-api.ts';
import { authStore, clearSessionStorage } from './auth-store.ts';

/** Stores a fresh session: nothing of a previous user survives (query cache, session storage). */
export function startSession(queryClient: QueryClient, token: string, user: User) {
  clearSessionStorage();
  queryClient.clear();
  authStore.signIn(token, user);
}

/** startSession with this screen's query cache. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (token: string, user: User) => startSession(queryClient, token, user);
}

/** Spec §2: sign out on the server, then clear and go to / even if that call failed. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await logoutRequest();
    } catch {
      // the server may be unreachable or the session already gone; signing out here still proceeds
    }
    authStore.signOut();
    clearSessionStorage();
    queryClient.clear();
    await navigate(paths.home, { replace: true });
  };
}
