import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { can, NOTIFICATION_LIST_LIMIT, type Notification, type NotificationList } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { findingEscalations, findings, notifications, turbines, users } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { AuthState } from '../http/auth-hook.ts';

/** Every notification route: only those who receive them (managers, superadmins), and only their own rows (every query
 *  carries the signed-in user, so another user's notification is "not found"). */
function recipient(auth: AuthState): number {
  if (!can(auth.actor, 'notification.read')) throw forbidden();
  return auth.user.id;
}

async function unread(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function unreadCount(ctx: AppContext, auth: AuthState) {
  return { unread_count: await unread(ctx, recipient(auth)) };
}

/** What a notification says: its escalation and the turbine's names (the bell's list and the e-mails select these). */
export const escalationColumns = {
  kind: findingEscalations.kind,
  findingId: findingEscalations.findingId,
  turbineId: findingEscalations.turbineId,
  before: findingEscalations.severityBefore,
  after: findingEscalations.severityAfter,
  dueDate: findingEscalations.dueDate,
  actorName: findingEscalations.actorName,
  code: turbines.code,
  turbineName: turbines.turbineName,
};

/** The newest notifications (NOTIFICATION_LIST_LIMIT) with the unread count. */
export async function listNotifications(ctx: AppContext, auth: AuthState): Promise<NotificationList> {
  const userId = recipient(auth);
  const rows = await ctx.db
    .select({
      id: notifications.id,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      resolvedAt: findingEscalations.resolvedAt,
      findingStatus: findings.status,
      ...escalationColumns,
    })
    .from(notifications)
    .innerJoin(findingEscalations, eq(findingEscalations.id, notifications.escalationId))
    .innerJoin(turbines, eq(turbines.id, findingEscalations.turbineId))
    .leftJoin(findings, eq(findings.id, findingEscalations.findingId))
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  const items: Notification[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind === 'overdue' ? 'overdue' : 'severity',
    finding_id: r.findingId,
    turbine_id: r.turbineId,
    turbine_code: r.code,
    turbine_name: r.turbineName,
    severity_before: r.before,
    severity_after: r.after,
    due_date: r.dueDate,
    actor_name: r.actorName,
    created_at: r.createdAt.toISOString(),
    read: r.readAt !== null,
    unreviewed: r.resolvedAt === null && r.findingStatus === 'draft',
    resolved: r.resolvedAt !== null,
  }));
  return { items, unread_count: await unread(ctx, userId) };
}

export async function markRead(ctx: AppContext, auth: AuthState, id: number) {
  const userId = recipient(auth);
  const [row] = await ctx.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${ctx.now()})` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound('NOTIFICATION_NOT_FOUND');
  return { unread_count: await unread(ctx, userId) };
}

export async function markAllRead(ctx: AppContext, auth: AuthState) {
  const userId = recipient(auth);
  await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { unread_count: 0 };
}

export async function notificationSettings(ctx: AppContext, auth: AuthState) {
  const userId = recipient(auth);
  const [row] = await ctx.db.select({ email: users.emailNotifications }).from(users).where(eq(users.id, userId));
  return { email: row?.email ?? true };
}

/** The user's own e-mail choice (escalation e-mails and the digest); the in-app list is always kept. */
export async function saveNotificationSettings(ctx: AppContext, auth: AuthState, input: { email: boolean }) {
  const userId = recipient(auth);
  await ctx.db.update(users).set({ emailNotifications: input.email }).where(eq(users.id, userId));
  return { email: input.email };
}
