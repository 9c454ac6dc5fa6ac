import { useCallback, useLayoutEffect, useRef } from 'react';
import {
  createSearchParams,
  type NavigateOptions,
  type SetURLSearchParams,
  useLocation,
  useNavigationType,
  useSearchParams,
} from 'react-router';

/** An address's search this hook asked the router for and the router has not drawn yet: `to`, asked for while the
 *  location `fromKey` was drawn, through the asks `via` (drawn or not) since. */
interface Asked {
  fromKey: string;
  via: Set<string>;
  to: string;
}

/** useSearchParams whose setter, given a function, hands it the search parameters asked for last, not those last drawn;
 *  the third item returns them (for a change that needs them before it is asked for).
 *
 *  The router draws a navigation later than it is asked for (in a React transition), and a click or a key can come in
 *  between on a busy machine or a slow phone: a city picked, then "Liste" clicked, then a letter typed. react-router's
 *  own setter hands its function the parameters of the last render, so each of those changes would start from the
 *  address drawn before the others and undo them. Here a change starts from the address asked for last while the router
 *  has drawn nothing but this hook's own asks since; back/forward (a POP) or a link elsewhere ends that. */
export function useQueuedSearchParams(): [URLSearchParams, SetURLSearchParams, () => URLSearchParams] {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  const type = useNavigationType();
  const search = params.toString();
  const drawn = useRef({ key, search, pop: type === 'POP' });
  useLayoutEffect(() => {
    drawn.current = { key, search, pop: type === 'POP' };
  }, [key, search, type]);
  const asked = useRef<Asked | null>(null);
  /** the last ask, while the router has not drawn it and has drawn nothing but this hook's asks since it was made */
  const pending = useCallback(() => {
    const ahead = asked.current;
    const now = drawn.current;
    if (ahead === null || ahead.to === now.search) return null;
    return now.key === ahead.fromKey || (!now.pop && ahead.via.has(now.search)) ? ahead : null;
  }, []);
  const latest = useCallback(() => new URLSearchParams(pending()?.to ?? drawn.current.search), [pending]);
  const set = useCallback<SetURLSearchParams>(
    (init, options?: NavigateOptions) => {
      const ahead = pending();
      const next = createSearchParams(typeof init === 'function' ? init(latest()) : init);
      asked.current = ahead
        ? { fromKey: ahead.fromKey, via: ahead.via.add(ahead.to), to: next.toString() }
        : { fromKey: drawn.current.key, via: new Set(), to: next.toString() };
      setParams(next, options);
    },
    [setParams, pending, latest],
  );
  return [params, set, latest];
}
