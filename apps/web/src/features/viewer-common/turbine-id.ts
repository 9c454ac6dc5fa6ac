import { MAX_ROW_ID, type Turbine } from '@windscope/contract';

/** Spec §5: the turbine id from the route is a number; anything else is "Geçersiz türbin ID". */
export function parseTurbineId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= MAX_ROW_ID ? id : null;
}

/** Spec §3 and the turbine card: turbine_name, else name, else code. */
export function turbineDisplayName(turbine: Pick<Turbine, 'turbine_name' | 'name' | 'code'>): string {
  return turbine.turbine_name?.trim() || turbine.name?.trim() || turbine.code;
}
