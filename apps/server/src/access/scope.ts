import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Actor, MAX_ROW_ID, seesAllCompanies } from '@windscope/contract';

/** The tenant condition for a company-owned table: none for superadmin, `company_id = actor.company` for everyone else.
 *  Put it in the WHERE clause of every read and write, so another company's row is simply "not found". */
export function companyScope(actor: Actor, companyColumn: PgColumn): SQL | undefined {
  return seesAllCompanies(actor) ? undefined : eq(companyColumn, actor.companyId);
}

/** Route ids arrive as text; anything but a positive integer is "not found" (or the caller's own message). */
export function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= MAX_ROW_ID ? n : null;
}
