import { type RefObject, useLayoutEffect } from 'react';

/** On a prerendered page (apps/web/scripts/prerender.mjs) the fields work before the app's JS has arrived: what a visitor
 *  types there (or a password manager fills in) is in the page but not in React's state, and hydration keeps it in the
 *  field without reporting it as a change (React leaves a hydrated input's value alone and only sets its defaultValue to
 *  what it drew). Once the component is on the page, before the browser paints it again, `apply` gets the text of every
 *  field among `names` (their `name` attribute, inside `root`) that differs from what the component drew, so the form's
 *  state holds what its fields show and a submit sends it. On a page drawn by the app itself nothing differs: no call. */
export function useTypedBeforeHydration<Name extends string>(
  root: RefObject<HTMLElement | null>,
  names: readonly Name[],
  apply: (typed: Partial<Record<Name, string>>) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the component first lands on the page
  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    const typed: Partial<Record<Name, string>> = {};
    let found = false;
    for (const name of names) {
      const field = element.querySelector(`[name="${name}"]`);
      if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value !== field.defaultValue) {
        typed[name] = field.value;
        found = true;
      }
    }
    if (found) apply(typed);
  }, []);
}
