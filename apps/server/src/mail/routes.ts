import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  can,
  idParamSchema,
  MAIL_ERROR_KINDS,
  MAIL_OUTBOX_LIST_LIMIT,
  type MailErrorKind,
  type MailOutboxItem,
  type MailOutboxStatus,
  mailOutboxItemSchema,
  mailOutboxQuerySchema,
} from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { mailOutbox } from '../db/schema.ts';
import { type AuthState, requireAuth } from '../http/auth-hook.ts';
import { envelope } from '../http/envelope.ts';
import { localize } from '../http/error-handler.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { routeId } from '../http/params.ts';

function allowed(auth: AuthState, action: 'mail.read' | 'mail.retry') {
  if (!can(auth.actor, action)) throw forbidden();
}

type Row = typeof mailOutbox.$inferSelect;
const present = (r: Row): MailOutboxItem => ({
  id: r.id,
  kind: r.kind,
  recipient: r.recipient,
  subject: r.subject,
  status: r.status as MailOutboxStatus,
  attempts: r.attempts,
  last_error: r.lastError,
  // a row that failed before kinds were recorded says "other"
  last_error_kind:
    r.lastError === null
      ? null
      : (MAIL_ERROR_KINDS as readonly string[]).includes(r.lastErrorKind ?? '')
        ? (r.lastErrorKind as MailErrorKind)
        : 'other',
  next_attempt_at: r.nextAttemptAt.toISOString(),
  created_at: r.createdAt.toISOString(),
  retried_at: r.retriedAt?.toISOString() ?? null,
  sent_at: r.sentAt?.toISOString() ?? null,
});

/** The e-mail outbox for superadmins (DECISIONS §15): the newest rows, by state (`?status=failed`: what gave up), and a
 *  failed row sent again (a new retry window from now; created_at stays, retried_at says when). */
export async function mailOutboxRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];

  r.get(
    '/admin/mail-outbox',
    { schema: { tags, querystring: mailOutboxQuerySchema, response: { 200: envelope(z.array(mailOutboxItemSchema)) } } },
    async (req) => {
      allowed(requireAuth(req), 'mail.read');
      const rows = await ctx.db
        .select()
        .from(mailOutbox)
        .where(req.query.status ? eq(mailOutbox.status, req.query.status) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(MAIL_OUTBOX_LIST_LIMIT);
      return { success: true as const, data: rows.map(present) };
    },
  );

  r.post(
    '/admin/mail-outbox/:id/retry',
    { schema: { tags, params: idParamSchema, response: { 200: envelope(mailOutboxItemSchema) } } },
    async (req) => {
      allowed(requireAuth(req), 'mail.retry');
      const now = ctx.now();
      const [row] = await ctx.db
        .update(mailOutbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: now, retriedAt: now, leaseUntil: null })
        .where(and(eq(mailOutbox.id, routeId(req.params.id)), eq(mailOutbox.status, 'failed')))
        .returning();
      if (!row) throw notFound();
      ctx.mail.wake();
      return { success: true as const, data: present(row), message: localize(req, 'MAIL_RETRY_QUEUED') };
    },
  );
}
