import { type Action, type Actor, can, type Resource, type User } from '@windscope/contract';
import { useSyncExternalStore } from 'react';
import { type AuthSnapshot, authStore } from './auth-store.ts';

/** Token and user as stored; re-renders on sign-in, sign-out and changes from other tabs. */
export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(authStore.subscribe, authStore.getSnapshot, authStore.getSnapshot);
}

export function useCurrentUser(): User | null {
  return useAuth().user;
}

export function actorOf(user: User | null): Actor | null {
  return user ? { id: user.id, role: user.role, companyId: user.company_id } : null;
}

/** The contract's can() for the signed-in user: hide what the server would refuse (DECISIONS §1).
 *  `useCan('turbine.delete')`, `useCan('comment.update', { ownerId: c.user_id, createdAt: c.created_at })`. */
export function useCan(action: Action, resource?: Resource): boolean {
  return can(actorOf(useCurrentUser()), action, resource);
}
