import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '../../config/storage-keys.ts';

export const VIEW_MODES = ['grid', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

const isViewMode = (value: unknown): value is ViewMode => VIEW_MODES.includes(value as ViewMode);

function readViewMode(): ViewMode {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEYS.dashboardView);
    return isViewMode(saved) ? saved : 'grid';
  } catch {
    return 'grid';
  }
}

/** Grid or list, remembered in localStorage (cards by default). */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(readViewMode);
  const choose = useCallback((next: ViewMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(STORAGE_KEYS.dashboardView, next);
    } catch {
      // private mode or full storage: the choice lasts for this visit only
    }
  }, []);
  return [mode, choose];
}

export { isViewMode };
