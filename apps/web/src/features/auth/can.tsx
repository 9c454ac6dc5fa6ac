import type { Action, Resource } from '@windscope/contract';
import type { ReactNode } from 'react';
import { useCan } from './use-auth.ts';

/** Renders its children only when the signed-in user may take the action: `<Can action="turbine.create"><Button …/></Can>`. */
export function Can({
  action,
  resource,
  children,
  fallback = null,
}: {
  action: Action;
  resource?: Resource;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCan(action, resource) ? children : fallback;
}
