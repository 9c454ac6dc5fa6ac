import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

const DAY_MS = 86_400_000;

/** Removes audit rows older than `days` (AUDIT_RETENTION_DAYS). The table's trigger refuses every DELETE except inside a
 *  transaction that names its cut-off, and then only of rows older than it: this is the one place that does. */
export async function removeExpiredAuditRows(db: Database, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('windscope.audit_purge_before', ${cutoff.toISOString()}, true)`);
    const gone = await tx.delete(auditLog).where(lt(auditLog.createdAt, cutoff)).returning({ id: auditLog.id });
    return gone.length;
  });
}
