/** Runs `run` once the browser is idle (at the latest after `timeoutMs`); answers the cancel. For work a screen needs soon
 *  but not to be drawn (scripts fetched ahead of use), so it stays off the first paint's path. */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}
