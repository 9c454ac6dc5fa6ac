import type { CSSProperties, ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the prerendered HTML (apps/web/scripts/prerender.mjs) and while React hydrates it, true once the app has
 * taken the page over; true at once on a page the app draws itself (no hydration). What a visitor types or clicks into
 * a prerendered field before that never reaches the app's state: a search typed early stayed unfiltered, a sign-in or
 * contact form sent before hydration posted the page to itself and lost what was typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

const UNSTYLED: CSSProperties = { border: 0, padding: 0, margin: 0, minWidth: 0 };

/** A form's fields and buttons, disabled until the app has taken the page over (see useHydrated): they wait a moment
 *  instead of losing what is typed. An unstyled fieldset: it only carries `disabled` to every control inside. */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} data-hydrated={hydrated} style={UNSTYLED}>
      {children}
    </fieldset>
  );
}
