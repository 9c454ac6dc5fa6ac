/** Route-table rows of the e-mail outbox routes (DECISIONS §15): superadmins only. */
import { mailOutbox } from '../src/db/schema.ts';
import { unique } from './factories.ts';
import type { TestApp } from './harness.ts';
import type { RouteCase } from './route-table.ts';

/** A finished e-mail that gave up: what the superadmin's list shows and may send again. */
export async function insertFailedMail(t: TestApp) {
  const [row] = await t.app.ctx.db
    .insert(mailOutbox)
    .values({
      kind: 'message',
      recipient: `failed-${unique()}@test.example`,
      subject: 'Failed',
      text: 'x',
      status: 'failed',
      attempts: 9,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      lastErrorKind: 'connection',
      createdAt: new Date(t.clock.now().getTime() - 25 * 3_600_000),
    })
    .returning();
  if (!row) throw new Error('outbox row not inserted');
  return row;
}

export const MAIL_ROUTE_CASES: Record<string, RouteCase> = {
  'GET /api/admin/mail-outbox': {
    needs: 'mail.read',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => {
      await insertFailedMail(c.t);
      return { query: '?status=failed' };
    },
    check: (res, c) => {
      const rows = res.json().data as { status: string; recipient: string; last_error_kind: string | null }[];
      if (rows.length === 0 || rows.some((r) => r.status !== 'failed')) throw new Error(`${c.role}: failed mails not listed alone`);
      if (rows.some((r) => r.last_error_kind === null)) throw new Error(`${c.role}: a failed mail without the kind of its error`);
    },
  },
  'POST /api/admin/mail-outbox/:id/retry': {
    needs: 'mail.retry',
    ok: 200,
    tenantRow: false,
    prepare: async (c) => ({ params: { id: (await insertFailedMail(c.t)).id } }),
    check: (res, c) => {
      const data = res.json().data as { status: string; created_at: string; retried_at: string | null };
      if (data.status !== 'pending') throw new Error(`${c.role}: the retried mail is not pending`);
      // queued 25 hours ago, sent again now: both shown
      if (!data.retried_at || Date.parse(data.retried_at) - Date.parse(data.created_at) < 24 * 3_600_000)
        throw new Error(`${c.role}: the retry moved created_at or set no retried_at`);
    },
  },
};
