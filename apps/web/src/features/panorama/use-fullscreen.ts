import { type RefObject, useCallback, useEffect, useState } from 'react';

/** Full screen for one element. A refusal by the browser is reported with the browser's own message (spec §2). */
export function useFullscreen(ref: RefObject<HTMLElement | null>, onFailure: (message: string) => void) {
  const [active, setActive] = useState(false);

  useEffect(() => {
    const update = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [ref]);

  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else if (ref.current) {
        if (typeof ref.current.requestFullscreen !== 'function') throw new Error('Fullscreen API is not supported');
        await ref.current.requestFullscreen();
      }
    } catch (error) {
      onFailure(error instanceof Error ? error.message : String(error));
    }
  }, [ref, onFailure]);

  return { active, toggle };
}
