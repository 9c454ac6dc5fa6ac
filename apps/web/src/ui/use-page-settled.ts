import { useSyncExternalStore } from 'react';

/** One signal for the whole page: true once it has loaded and the browser has been idle once. What is only decoration
 *  (the public scenes' moving parts) waits for it, so it never competes with what the visitor came for. One `load`
 *  listener and one idle callback serve every component that asks; one mounted after it is settled starts at once. */
let settled = false;
let armed = false;
/** a reset (tests) makes an earlier arming's callback void */
let generation = 0;
const listeners = new Set<() => void>();

function arm(): void {
  if (armed) return;
  armed = true;
  const mine = generation;
  const start = () =>
    (window.requestIdleCallback ?? setTimeout)(() => {
      if (mine !== generation) return;
      settled = true;
      for (const listener of listeners) listener();
    });
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

function subscribe(listener: () => void): () => void {
  arm();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** the prerendered page and its hydration: not settled */
const serverSnapshot = () => false;

export function usePageSettled(): boolean {
  return useSyncExternalStore(subscribe, () => settled, serverSnapshot);
}

/** Component tests only: every test renders a page that has not settled yet (one module serves a whole test file). */
export function resetPageSettledForTests(): void {
  settled = false;
  armed = false;
  generation += 1;
}
