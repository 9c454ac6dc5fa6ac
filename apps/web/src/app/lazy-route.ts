import type { ComponentType } from 'react';

/** A route's screen loaded on demand, so each area is its own chunk:
 *  `lazy: lazyPage(() => import('../features/x/x-page.tsx'), 'XPage')`. */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] });
}
