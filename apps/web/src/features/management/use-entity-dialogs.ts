import { useCallback, useState } from 'react';

/** Which modal of a list page is open, and for which row. The row stays set while a modal fades out,
 *  so its text does not vanish early; "add" clears it. */
export function useEntityDialogs<T, Kind extends string>() {
  const [open, setOpen] = useState<Kind | 'add' | null>(null);
  const [target, setTarget] = useState<T | null>(null);
  return {
    open,
    target,
    add: useCallback(() => {
      setTarget(null);
      setOpen('add');
    }, []),
    show: useCallback((kind: Kind, row: T) => {
      setTarget(row);
      setOpen(kind);
    }, []),
    close: useCallback(() => setOpen(null), []),
  };
}

export type EntityDialogs<T, Kind extends string> = ReturnType<typeof useEntityDialogs<T, Kind>>;
