import { and, asc, eq, sql } from 'drizzle-orm';
import { type Actor, type Comment, can, seesAllCompanies } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { comments, turbines } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { UserRow } from '../users/presenter.ts';

type CommentRow = typeof comments.$inferSelect;

export function presentComment(row: CommentRow): Comment {
  return {
    id: row.id,
    turbine_id: row.turbineId,
    user_id: row.userId,
    user_name: row.userName,
    comment: row.body,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The comments panel loads on every turbine page, so its reads are prepared statements (SQL built once by drizzle,
 *  parsed and planned once per connection by PostgreSQL), one set per database handle. The turbine check reads only
 *  the turbine's company under the tenant condition: the full turbine read (getTurbine) also counts its photos. */
function prepareCommentReads(db: Database) {
  const id = sql.placeholder('id');
  const companyOf = () => db.select({ companyId: turbines.companyId }).from(turbines);
  return {
    turbineCompany: companyOf().where(eq(turbines.id, id)).limit(1).prepare('comments_turbine_company'),
    turbineCompanyScoped: companyOf()
      .where(and(eq(turbines.id, id), eq(turbines.companyId, sql.placeholder('companyId'))))
      .limit(1)
      .prepare('comments_turbine_company_scoped'),
    list: db
      .select()
      .from(comments)
      .where(eq(comments.turbineId, id))
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .prepare('comments_of_turbine'),
  };
}
const preparedReads = new WeakMap<Database, ReturnType<typeof prepareCommentReads>>();
function commentReads(db: Database) {
  let reads = preparedReads.get(db);
  if (!reads) {
    reads = prepareCommentReads(db);
    preparedReads.set(db, reads);
  }
  return reads;
}

/** The company of a turbine the actor may see (companyScope: superadmin any, everyone else their own company's);
 *  otherwise "not found", exactly as getTurbine answers. */
async function visibleTurbineCompany(ctx: AppContext, actor: Actor, turbineId: number): Promise<number> {
  const reads = commentReads(ctx.db);
  const [row] = seesAllCompanies(actor)
    ? await reads.turbineCompany.execute({ id: turbineId })
    : await reads.turbineCompanyScoped.execute({ id: turbineId, companyId: actor.companyId });
  if (!row) throw notFound('TURBINE_NOT_FOUND');
  return row.companyId;
}

/** Comments of a turbine the actor may see (another company's turbine is "not found"), oldest first. */
export async function listComments(ctx: AppContext, actor: Actor, turbineId: number): Promise<Comment[]> {
  await visibleTurbineCompany(ctx, actor, turbineId);
  const rows = await commentReads(ctx.db).list.execute({ id: turbineId });
  return rows.map(presentComment);
}

export async function addComment(ctx: AppContext, actor: Actor, author: UserRow, turbineId: number, text: string): Promise<Comment> {
  const companyId = await visibleTurbineCompany(ctx, actor, turbineId);
  if (!can(actor, 'comment.create', { companyId })) throw forbidden();
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(comments)
    .values({
      turbineId,
      userId: author.id,
      userName: `${author.firstName} ${author.lastName}`.trim(),
      body: text,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return presentComment(row as CommentRow);
}

async function findComment(ctx: AppContext, actor: Actor, turbineId: number, commentId: number) {
  const companyId = await visibleTurbineCompany(ctx, actor, turbineId);
  const [row] = await ctx.db
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.turbineId, turbineId)))
    .limit(1);
  if (!row) throw notFound();
  return { row, resource: { companyId, ownerId: row.userId, createdAt: row.createdAt } };
}

/** Authors edit their own within 60 minutes; superadmin edits any (DECISIONS §5). */
export async function editComment(ctx: AppContext, actor: Actor, turbineId: number, commentId: number, text: string): Promise<Comment> {
  const { resource } = await findComment(ctx, actor, turbineId, commentId);
  if (!can(actor, 'comment.update', resource, ctx.now())) throw forbidden();
  const [row] = await ctx.db.update(comments).set({ body: text, updatedAt: ctx.now() }).where(eq(comments.id, commentId)).returning();
  return presentComment(row as CommentRow);
}

export async function removeComment(ctx: AppContext, actor: Actor, turbineId: number, commentId: number): Promise<void> {
  const { resource } = await findComment(ctx, actor, turbineId, commentId);
  if (!can(actor, 'comment.delete', resource, ctx.now())) throw forbidden();
  await ctx.db.delete(comments).where(eq(comments.id, commentId));
}
