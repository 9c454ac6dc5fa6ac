/** Runs `run` once, at the visitor's first interaction with the page (a pointer down, a key, a focus) or after
 *  `timeoutMs`, whichever comes first; answers the cancel. For work a screen needs before its first toast or submit but
 *  not while it is still settling, where it would be a long task in the way of the first taps. */
export function whenInteracted(run: () => void, timeoutMs = 8000): () => void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    run();
  };
  const timer = setTimeout(once, timeoutMs);
  for (const type of events) window.addEventListener(type, once, { capture: true, passive: true });
  function cancel() {
    clearTimeout(timer);
    for (const type of events) window.removeEventListener(type, once, { capture: true });
  }
  return () => {
    done = true;
    cancel();
  };
}
