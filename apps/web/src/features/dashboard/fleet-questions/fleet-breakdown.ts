import type { Turbine } from '@windscope/contract';

/** Issue 27 item 3 ("fleet questions"): open findings of the listed turbines grouped by an asset field (DECISIONS §18).
 *  The distance bands come from the server (GET /findings/distance-bands): the turbine list has no findings. */

/** A field the open findings are grouped by, with the dashboard filter that picks one of its values. */
export interface FleetField {
  key: 'model' | 'blade_type';
  filter: 'model' | 'bladeType';
  read: (turbine: Turbine) => string | null;
}

/** The value as stored (the dashboard's filter compares it whole); blank is none. */
const storedValue = (value: string | null): string | null => (value && value.trim() !== '' ? value : null);

export const FLEET_FIELDS: readonly FleetField[] = [
  { key: 'model', filter: 'model', read: (turbine) => storedValue(turbine.model) },
  { key: 'blade_type', filter: 'bladeType', read: (turbine) => storedValue(turbine.blade_type) },
];

export interface FleetGroup {
  /** the field's value; null: turbines without one */
  value: string | null;
  open: number;
  turbines: number;
}

/** Open findings (health.open) and turbines per value of the field, most open findings first, then by value
 *  (Turkish order); turbines without a value form the last group. */
export function openFindingsBy(turbines: readonly Turbine[], field: FleetField): FleetGroup[] {
  const groups = new Map<string | null, FleetGroup>();
  for (const turbine of turbines) {
    const value = field.read(turbine);
    const group = groups.get(value) ?? { value, open: 0, turbines: 0 };
    group.open += turbine.health.open;
    group.turbines += 1;
    groups.set(value, group);
  }
  const turkish = new Intl.Collator('tr', { sensitivity: 'base', numeric: true });
  return [...groups.values()].sort((a, b) => {
    if ((a.value === null) !== (b.value === null)) return a.value === null ? 1 : -1;
    return b.open - a.open || turkish.compare(a.value ?? '', b.value ?? '');
  });
}
