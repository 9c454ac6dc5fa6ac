import type { TurbineAssetField } from '@windscope/contract';
import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '../../../config/storage-keys.ts';

/** The turbine list's choosable columns (issue 27 item 1): the asset data, in the form's order; none by default. The
 *  blade serial numbers stay on the turbine page (three per turbine, rarely compared across a fleet). */
export const ASSET_COLUMNS = [
  'manufacturer',
  'model',
  'rated_power_kw',
  'hub_height_m',
  'rotor_diameter_m',
  'blade_length_m',
  'blade_type',
  'commissioning_date',
] as const satisfies readonly TurbineAssetField[];
export type AssetColumn = (typeof ASSET_COLUMNS)[number];

const keyOf = (userId: number) => `${STORAGE_KEYS.dashboardColumns}.${userId}`;

/** The columns this user chose last (in ASSET_COLUMNS' order); anything unreadable is none. */
export function readChosenColumns(userId: number | null): AssetColumn[] {
  if (userId === null) return [];
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(saved) ? ASSET_COLUMNS.filter((column) => saved.includes(column)) : [];
  } catch {
    return [];
  }
}

export function saveChosenColumns(userId: number | null, columns: readonly string[]): AssetColumn[] {
  const chosen = ASSET_COLUMNS.filter((column) => columns.includes(column));
  if (userId !== null) {
    try {
      window.localStorage.setItem(keyOf(userId), JSON.stringify(chosen));
    } catch {
      // private mode or full storage: the choice lasts for this visit only
    }
  }
  return chosen;
}

/** The chosen asset columns of the signed-in user, remembered in this browser. */
export function useChosenColumns(userId: number | null): [AssetColumn[], (columns: string[]) => void] {
  const [state, setState] = useState(() => ({ userId, columns: readChosenColumns(userId) }));
  // another user signed in on this tab: their own choice
  const current = state.userId === userId ? state.columns : readChosenColumns(userId);
  if (state.userId !== userId) setState({ userId, columns: current });
  const choose = useCallback((columns: string[]) => setState({ userId, columns: saveChosenColumns(userId, columns) }), [userId]);
  return [current, choose];
}
