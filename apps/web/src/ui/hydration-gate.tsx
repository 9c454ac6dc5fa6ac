import type { CSSProperties, ReactNode } from 'react';
import { useHydrated } from './use-hydrated.ts';

const UNSTYLED: CSSProperties = { border: 0, padding: 0, margin: 0, minWidth: 0 };

/** A form's fields and buttons, disabled in the prerendered HTML (apps/web/scripts/prerender.mjs) and while React
 *  hydrates it, enabled once the app has taken the page over (useHydrated). What a visitor types or clicks into a field
 *  before that never reaches the app's state (a sign-in or contact form sent early posted the page to itself, a search
 *  typed early stayed unfiltered): the controls wait a moment instead. An unstyled fieldset: it only carries
 *  `disabled` to every control inside. */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} data-hydrated={hydrated} style={UNSTYLED}>
      {children}
    </fieldset>
  );
}
