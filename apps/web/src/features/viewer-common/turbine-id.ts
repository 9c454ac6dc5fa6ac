import { MAX_ROW_ID } from '@windscope/contract';

/** Spec §5: the turbine id from the route is a number; anything else is "Geçersiz türbin ID". One check for the detail
 *  page and the viewers. */
export function parseTurbineId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= MAX_ROW_ID ? id : null;
}
