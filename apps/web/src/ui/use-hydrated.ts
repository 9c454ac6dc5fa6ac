import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False while the server prerenders a page and while React hydrates that HTML, true from the render after: a component
 *  whose output depends on what only the browser knows (the saved theme) renders the prerendered variant first, so
 *  hydration finds the markup it expects, and its own right after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
