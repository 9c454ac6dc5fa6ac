import { and, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import { type Actor, can, findingResource, type Resource, STAFF_ONLY_FINDING_STATUSES, seesAllCompanies } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import type { Database, Transaction } from '../db/client.ts';
import { findingEvents, findings, turbines, users } from '../db/schema.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { oncePer } from '../lib/once-per.ts';
import type { UserRow } from '../users/presenter.ts';
import { heldRoomCount } from '../turbines/service.ts';
import { findingColumns, type FindingRecord, type FindingRow } from './presenter.ts';

/** Who acts: the actor for the rules, the user for the history's names. */
export interface Who {
  actor: Actor;
  user: UserRow;
}

/** Customers and viewers never see drafts or rejected findings (§12): a condition for every read of findings. */
export function visibleStatuses(actor: Actor): SQL | undefined {
  return can(actor, 'finding.readDrafts') ? undefined : notInArray(findings.status, [...STAFF_ONLY_FINDING_STATUSES]);
}

/** The turbine's company, code and finding version, by its primary key under the tenant condition: prepared, and
 *  without the health join of getTurbine (a turbine with thousands of open findings counts them all there). */
const turbineHeads = oncePer((db: Database) => {
  const head = () =>
    db
      .select({
        companyId: turbines.companyId,
        code: turbines.code,
        rooms: turbines.rooms,
        findingVersion: turbines.findingVersion,
        people: sql<string | null>`(select max(${users.updatedAt})::text from ${users})`,
      })
      .from(turbines);
  const id = sql.placeholder('id');
  return {
    any: head().where(eq(turbines.id, id)).prepare('finding_turbine_head'),
    ofCompany: head()
      .where(and(eq(turbines.id, id), eq(turbines.companyId, sql.placeholder('companyId'))))
      .prepare('finding_turbine_head_of_company'),
  };
});

export interface TurbineHead {
  companyId: number;
  code: string;
  /** its number of interior rooms: a finding's room is 1..rooms, as a photo's (issue 24 item 17) */
  rooms: number;
  /** grows with every change to the turbine's findings (triggers, migration 0007) and to any user (author names):
   *  what a kept findings answer is valid for */
  version: string;
}

/** The turbine if the actor may see it (another company's is "not found"), checking the action: one primary-key read. */
export async function turbineFor(
  ctx: AppContext,
  actor: Actor,
  turbineId: number,
  action: 'finding.read' | 'finding.create',
): Promise<TurbineHead> {
  const heads = turbineHeads(ctx.db);
  const [row] = seesAllCompanies(actor)
    ? await heads.any.execute({ id: turbineId })
    : await heads.ofCompany.execute({ id: turbineId, companyId: actor.companyId });
  if (!row) throw notFound('TURBINE_NOT_FOUND');
  if (!can(actor, action, { companyId: row.companyId })) throw forbidden();
  return { companyId: row.companyId, code: row.code, rooms: row.rooms, version: `${row.findingVersion}.${row.people ?? ''}` };
}

export interface LoadedFinding {
  record: FindingRecord;
  row: FindingRow;
  companyId: number;
  resource: Resource;
  turbine: TurbineHead;
}

/** A finding's room must be one the turbine has, as a photo's must (issue 24 item 17: a room beyond its count would never
 *  show in its coverage); checked on every route that sets a room (create, edit). */
export function assertRoomOnTurbine(room: number | null | undefined, turbine: { rooms: number }) {
  if (room != null && room > turbine.rooms) throw badRequest('FINDING_ROOM_BEYOND_TURBINE', { room, rooms: turbine.rooms });
}

/** assertRoomOnTurbine once more inside the write's transaction, with the turbine's row held (turbines/service.ts
 *  heldRoomCount): a count lowered since the first check, or being lowered now, is seen. */
export async function assertRoomHeld(tx: Transaction, turbineId: number, room: number | null | undefined) {
  if (room == null) return;
  const rooms = await heldRoomCount(tx, turbineId);
  if (rooms !== null) assertRoomOnTurbine(room, { rooms });
}

/** A finding of a turbine the actor may see, as the actor may see it (a draft is "not found" for a customer). */
export async function loadFinding(ctx: AppContext, actor: Actor, turbineId: number, findingId: number): Promise<LoadedFinding> {
  const turbine = await turbineFor(ctx, actor, turbineId, 'finding.read');
  const [record] = await ctx.db
    .select(findingColumns)
    .from(findings)
    .leftJoin(users, eq(users.id, findings.createdBy))
    .where(and(eq(findings.id, findingId), eq(findings.turbineId, turbineId), visibleStatuses(actor)))
    .limit(1);
  if (!record) throw notFound('FINDING_NOT_FOUND');
  const row = record.finding;
  const resource = findingResource(turbine.companyId, { created_by: row.createdBy, repaired_by: row.repairedBy, status: row.status });
  return { record, row, companyId: turbine.companyId, resource, turbine };
}

/** The actor as escalations name them. */
export const actorOf = (who: Who) => ({ id: who.user.id, name: `${who.user.firstName} ${who.user.lastName}`.trim() });

/** One event of the finding's history (append-only: nothing updates or deletes one). */
export async function recordEvent(
  tx: Transaction | Database,
  who: Who,
  findingId: number,
  kind: string,
  change: { before?: object | null; after?: object | null; reason?: string | null },
  at: Date,
) {
  await tx.insert(findingEvents).values({
    findingId,
    kind,
    actorId: who.user.id,
    actorName: `${who.user.firstName} ${who.user.lastName}`.trim(),
    before: change.before ?? null,
    after: change.after ?? null,
    reason: change.reason ?? null,
    createdAt: at,
  });
}
