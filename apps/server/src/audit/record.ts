import { sql } from 'drizzle-orm';
import type { Actor, AuditKind, AuditTargetType } from '@windscope/contract';
import type { Executor } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';
import { currentRequestMeta } from './request-meta.ts';

export interface AuditTarget {
  type: AuditTargetType;
  id: string | number;
  /** a name a reader recognises (an address, a turbine's name, a file name), kept as it was then */
  label?: string | null;
}

export interface AuditEvent {
  /** the action's own clock (ctx.now()) */
  at: Date;
  /** who acted; null: nobody signed in (a failed sign-in). A job acting for someone may name them by id only: their
   *  role is then read from their account */
  actor: Actor | { id: number } | null;
  kind: AuditKind;
  target?: AuditTarget | null;
  /** the company the event concerns (the target's); by default the actor's */
  companyId?: number | null;
  details?: Record<string, unknown> | null;
  /** the address typed at a failed sign-in; otherwise the actor's address is read from their account */
  actorEmail?: string | null;
}

let measuringWithout = false;
/** bench/findings-server.ts only: the same server writing no audit rows (true) or writing them again (false), switched
 *  between rounds, so `npm run bench:findings` measures what the audit log costs the lists and the changes in one process
 *  (issue 26). Nothing in the app calls it. */
export function auditOffForBenchmark(off: boolean) {
  measuringWithout = off;
}

/** The one way into the audit log (DECISIONS §17). Call it with the transaction of the action it records, so the row
 *  exists exactly when the action committed. The request's address and user agent come from request-meta.ts. */
export async function recordAudit(db: Executor, event: AuditEvent): Promise<void> {
  if (measuringWithout) return;
  const meta = currentRequestMeta();
  const { actor, target } = event;
  const actorEmail =
    event.actorEmail != null
      ? event.actorEmail.slice(0, 254)
      : actor
        ? sql`(select ${users.email} from ${users} where ${users.id} = ${actor.id})`
        : null;
  await db.insert(auditLog).values({
    kind: event.kind,
    actorId: actor?.id ?? null,
    actorEmail,
    actorRole: actor ? ('role' in actor ? actor.role : sql`(select ${users.role} from ${users} where ${users.id} = ${actor.id})`) : null,
    companyId: event.companyId !== undefined ? event.companyId : actor && 'companyId' in actor ? actor.companyId : null,
    targetType: target?.type ?? null,
    targetId: target ? String(target.id).slice(0, 64) : null,
    targetLabel: target?.label?.slice(0, 300) ?? null,
    details: event.details ?? null,
    ip: meta?.ip.slice(0, 64) ?? null,
    userAgent: meta?.userAgent ?? null,
    createdAt: event.at,
  });
}
