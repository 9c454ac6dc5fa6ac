import { and, inArray, sql } from 'drizzle-orm';
import type { Language } from '@windscope/contract';
import { makeAccountLinkMail } from '../auth/account-links.ts';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { createJobRunner, createLeasedTable, type QueueWorker, queueWorker } from '../jobs/runner.ts';
import { makeEscalationMail } from '../notifications/escalations.ts';
import { makeEmailChangeMail } from '../users/email-change.ts';
import { mailErrorKind } from './error-kind.ts';
import type { MailMessage } from './mailer.ts';

/** The outbox's worker in this process (every process runs one; the rows' leases share the work). */
export type MailOutbox = QueueWorker;

/** A send that takes longer than this may be taken over by another process: well beyond the SMTP timeouts of mailer.ts
 *  (30 s to connect and be greeted, 60 s of silence). */
export const MAIL_LEASE_SECONDS = 180;
/** How often an idle worker looks for rows it was not told about (another process's, retries, expired leases). */
export const MAIL_POLL_MS = 1_000;
/** Sent and skipped rows are kept this long after they were queued (or last sent again by hand), for the superadmin's
 *  list, then removed; failed ones stay until someone sends them again. */
export const MAIL_KEEP_DAYS = 30;

/** Removes sent and skipped rows older than MAIL_KEEP_DAYS; answers how many. */
export async function pruneMailOutbox(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, ['sent', 'skipped']),
        sql`coalesce(${mailOutbox.retriedAt}, ${mailOutbox.createdAt}) < ${new Date(now.getTime() - MAIL_KEEP_DAYS * 86_400_000)}`,
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

interface OutboxRow {
  id: number;
  kind: string;
  recipient: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  reply_to: string | null;
  params: Record<string, unknown> | null;
  attempts: number;
  created_at: Date | string;
  retried_at: Date | string | null;
}

export function createMailOutbox(
  ctx: AppContext,
  options: { retryHours: number; pollMs?: number; leaseSeconds?: number; log: (message: string, details: Record<string, unknown>) => void },
): MailOutbox {
  const table = createLeasedTable<OutboxRow>({
    db: ctx.db,
    table: mailOutbox,
    leaseSeconds: options.leaseSeconds ?? MAIL_LEASE_SECONDS,
    retryMs: options.retryHours * 3_600_000,
    now: ctx.now,
  });

  /** the e-mail a row stands for, made now for the kinds made at send time; null: nothing to send any more */
  async function make(row: OutboxRow): Promise<MailMessage | null> {
    // written by enqueueMailJob with the shape its kind has (OutboxParams)
    const p = (row.params ?? {}) as never;
    switch (row.kind) {
      case 'message':
        if (!row.recipient || !row.subject || row.text === null) return null;
        return { to: row.recipient, subject: row.subject, text: row.text, html: row.html ?? undefined, replyTo: row.reply_to ?? undefined };
      case 'passwordReset':
      case 'signInLink':
        return makeAccountLinkMail(ctx, { ...(p as { email: string; lang: Language }), kind: row.kind });
      case 'emailChange':
        return makeEmailChangeMail(ctx, p, async (tx, tokenHash) => {
          await tx.execute(sql`update ${mailOutbox} set params = params || ${JSON.stringify({ tokenHash })}::jsonb where id = ${row.id}`);
        });
      case 'escalation':
        return makeEscalationMail(ctx, p);
      default:
        throw new Error(`unknown outbox kind ${row.kind}`);
    }
  }

  async function run(row: OutboxRow) {
    // the retry window runs from the row's creation, or from when a superadmin sent it again
    const windowStart = new Date(row.retried_at ?? row.created_at);
    let message: MailMessage | null = null;
    try {
      message = await make(row);
      if (!message) {
        await table.finish(row.id, 'skipped', sql`, last_error_kind = null`);
        return;
      }
      // the same Message-ID on every attempt of a window: a receiver that got an attempt whose success we never heard of
      // can tell; a superadmin's "send again" is a new message
      await ctx.mailer.send({ ...message, messageId: `<outbox-${row.id}-${windowStart.getTime()}@windscope>` });
    } catch (error) {
      const known = message ? sql`, recipient = ${message.to}, subject = ${message.subject.slice(0, 400)}` : sql``;
      const state = await table.retryOrFail(
        { id: row.id, attempts: row.attempts, windowStart },
        error,
        sql`, last_error_kind = ${mailErrorKind(error)} ${known}`,
      );
      options.log(state === 'failed' ? 'e-mail failed for good' : 'e-mail not sent; will retry', {
        mailId: row.id,
        kind: row.kind,
        attempts: row.attempts,
        errorKind: mailErrorKind(error),
        err: String(error),
      });
      return;
    }
    // what was sent stays readable (recipient, subject); a link's text (a live token) is never stored
    await table.finish(
      row.id,
      'sent',
      sql`, sent_at = ${ctx.now()}, last_error_kind = null, recipient = ${message.to}, subject = ${message.subject.slice(0, 400)}`,
    );
  }

  const runner = createJobRunner<OutboxRow>({
    name: 'mail outbox',
    claim: () => table.claim(),
    run,
    concurrency: 1,
    pollMs: options.pollMs ?? MAIL_POLL_MS,
    log: options.log,
  });
  return queueWorker(runner, {
    run: () => pruneMailOutbox(ctx.db, ctx.now()),
    log: (error) => options.log('could not prune the mail outbox', { err: String(error) }),
  });
}
