import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

type Timer = ReturnType<typeof setTimeout> | null;

function stopTimer(timer: RefObject<Timer>) {
  if (timer.current !== null) clearTimeout(timer.current);
  timer.current = null;
}

/** A message that clears itself after `ms` (spec §4: 5 s for invalid names, 8 s for PDF problems); without `ms` it stays. */
export function useTimedMessage() {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<Timer>(null);
  const show = useCallback((text: string, ms?: number) => {
    stopTimer(timer);
    setMessage(text);
    if (ms !== undefined) timer.current = setTimeout(() => setMessage(null), ms);
  }, []);
  const clear = useCallback(() => {
    stopTimer(timer);
    setMessage(null);
  }, []);
  useEffect(() => () => stopTimer(timer), []);
  return { message, show, clear };
}
