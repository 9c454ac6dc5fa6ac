import { and, asc, eq, sql } from 'drizzle-orm';
import { type Actor, type Comment, can } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { comments } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { oncePer } from '../lib/once-per.ts';
import { getTurbine } from '../turbines/service.ts';
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

/** The comments panel loads on every turbine page, so its list is a prepared statement (SQL built once by drizzle,
 *  parsed and planned once per connection by PostgreSQL), one per database handle. */
const commentList = oncePer((db: Database) =>
  db
    .select()
    .from(comments)
    .where(eq(comments.turbineId, sql.placeholder('id')))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .prepare('comments_of_turbine'),
);

/** The company of a turbine the actor may see; another company's is "not found" (getTurbine: a prepared, scoped
 *  primary-key read). */
async function visibleTurbineCompany(ctx: AppContext, actor: Actor, turbineId: number): Promise<number> {
  return (await getTurbine(ctx, actor, turbineId)).company_id;
}

/** Comments of a turbine the actor may see (another company's turbine is "not found"), oldest first. */
export async function listComments(ctx: AppContext, actor: Actor, turbineId: number): Promise<Comment[]> {
  await visibleTurbineCompany(ctx, actor, turbineId);
  const rows = await commentList(ctx.db).execute({ id: turbineId });
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
