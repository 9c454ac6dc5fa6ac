import { STORAGE_KEYS } from '../../config/storage-keys.ts';

/** Cards, rows, the fleet on a map (DECISIONS §18) or its open findings as charts (issue 27 item 3); the map and the
 *  charts are chunks of their own, loaded only with their view. */
export const VIEW_MODES = ['grid', 'list', 'map', 'charts'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export const isViewMode = (value: unknown): value is ViewMode => VIEW_MODES.includes(value as ViewMode);

/** The view last chosen (cards by default); a URL's `view` wins over it (filters/dashboard-url-state.ts). */
export function readViewMode(): ViewMode {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEYS.dashboardView);
    return isViewMode(saved) ? saved : 'grid';
  } catch {
    return 'grid';
  }
}

export function saveViewMode(mode: ViewMode) {
  try {
    window.localStorage.setItem(STORAGE_KEYS.dashboardView, mode);
  } catch {
    // private mode or full storage: the choice lasts for this visit only
  }
}
