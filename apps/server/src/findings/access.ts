import { and, eq, notInArray, type SQL } from 'drizzle-orm';
import { type Actor, can, findingResource, type Resource, STAFF_ONLY_FINDING_STATUSES } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { findingEvents, findings, users } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import { getTurbine } from '../turbines/service.ts';
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

/** The company of a turbine the actor may see, checking the action; another company's turbine is "not found". */
export async function turbineFor(ctx: AppContext, actor: Actor, turbineId: number, action: 'finding.read' | 'finding.create') {
  const turbine = await getTurbine(ctx, actor, turbineId);
  if (!can(actor, action, { companyId: turbine.company_id })) throw forbidden();
  return turbine;
}

export interface LoadedFinding {
  record: FindingRecord;
  row: FindingRow;
  companyId: number;
  resource: Resource;
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
  const resource = findingResource(turbine.company_id, { created_by: row.createdBy, repaired_by: row.repairedBy, status: row.status });
  return { record, row, companyId: turbine.company_id, resource };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

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
