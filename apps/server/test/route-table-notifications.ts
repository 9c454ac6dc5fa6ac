/** Route-table rows of the notification routes (issue 16): each user reads and marks only their own. */
import { notificationSettingsBodySchema } from '@windscope/contract';
import { findingEscalations, notifications } from '../src/db/schema.ts';
import type { UserRow } from '../src/users/presenter.ts';
import { insertTurbine } from './factories.ts';
import { insertFinding } from './finding-factories.ts';
import type { TestApp } from './harness.ts';
import type { RouteCase, RouteContext } from './route-table.ts';

/** An escalation of a finding on a turbine of `companyId` and its notification to `user`. */
export async function insertNotification(t: TestApp, companyId: number, user: UserRow) {
  const turbine = await insertTurbine(t, companyId);
  const finding = await insertFinding(t, turbine.id, user, { status: 'confirmed', severity: 4 });
  const [escalation] = await t.app.ctx.db
    .insert(findingEscalations)
    .values({ findingId: finding.id, turbineId: turbine.id, kind: 'severity', severityBefore: 2, severityAfter: 4, actorName: 'Test' })
    .returning();
  if (!escalation) throw new Error('escalation not inserted');
  const [row] = await t.app.ctx.db.insert(notifications).values({ userId: user.id, escalationId: escalation.id }).returning();
  if (!row) throw new Error('notification not inserted');
  return { notification: row, finding, turbine };
}

const expectTrue = (ok: boolean, message: string) => {
  if (!ok) throw new Error(message);
};

const own = async (c: RouteContext) => (await insertNotification(c.t, c.companyId, c.actorUser)).notification;

export const NOTIFICATION_ROUTE_CASES: Record<string, RouteCase> = {
  'GET /api/notifications': {
    needs: 'notification.read',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      await own(c);
      return {};
    },
    check: (res, c) => {
      const items = res.json().data.items as { read: boolean }[];
      expectTrue(items.length >= 1 && res.json().data.unread_count >= 1, `${c.role}: own notification not listed`);
    },
  },
  'GET /api/notifications/unread-count': {
    needs: 'notification.read',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      await own(c);
      return {};
    },
    check: (res, c) => expectTrue(res.json().data.unread_count >= 1, `${c.role}: unread count misses its notification`),
  },
  'POST /api/notifications/:id/read': {
    needs: 'notification.read',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => ({ params: { id: (await own(c)).id } }),
  },
  'POST /api/notifications/read-all': {
    needs: 'notification.read',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      await own(c);
      return {};
    },
    check: (res, c) => expectTrue(res.json().data.unread_count === 0, `${c.role}: not all read`),
  },
  'GET /api/notifications/settings': {
    needs: 'notification.read',
    ok: 200,
    tenantRow: false,
    prepare: async () => ({}),
  },
  'PUT /api/notifications/settings': {
    needs: 'notification.read',
    ok: 200,
    tenantRow: false,
    body: notificationSettingsBodySchema,
    prepare: async () => ({ payload: { email: false } }),
    check: (res, c) => expectTrue(res.json().data.email === false, `${c.role}: setting not saved`),
  },
};
