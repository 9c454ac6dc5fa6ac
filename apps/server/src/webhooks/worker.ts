import http from 'node:http';
import https from 'node:https';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { WebhookErrorKind } from '@windscope/contract';
import { recordAudit } from '../audit/record.ts';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { companies, users, webhookDeliveries, webhooks } from '../db/schema.ts';
import { createJobRunner, createLeasedTable, type QueueWorker, queueWorker } from '../jobs/runner.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { hostOf, PrivateAddressError, publicOnlyLookup, resolvePublic } from './address-guard.ts';
import { openSecret } from './secret-box.ts';

/** The webhook deliveries' worker in this process (every process runs one; the rows' leases share the work). It is
 *  the job runner of the mail outbox (jobs/runner.ts) over another table: leases, retries with back-off, takeover of
 *  a dead process's rows. */
export type WebhookWorker = QueueWorker;

export const WEBHOOK_POLL_MS = 1_000;
/** Finished deliveries are kept this long for the delivery log, then removed. */
export const WEBHOOK_KEEP_DAYS = 30;

interface DeliveryRow {
  id: number;
  webhook_id: number;
  event_type: string;
  message_id: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date | string;
}

/** What one attempt ended with: an HTTP status, or an error before any (refused address, timeout, connection). */
type Outcome = { status: number; latencyMs: number } | { error: string; kind: WebhookErrorKind; latencyMs: number };

class TimeoutError extends Error {}
class NotHttpsError extends Error {}

/** An error before any answer, in the delivery log's words. */
export function errorKindOf(error: unknown): WebhookErrorKind {
  if (error instanceof PrivateAddressError) return 'private_address';
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof NotHttpsError) return 'not_https';
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL') return 'dns';
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/.test(code)) return 'tls';
  if (/^(ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|EPIPE|ETIMEDOUT|ECONNABORTED|ERR_HTTP_)/.test(code)) return 'connection';
  return 'other';
}

/** One POST, never following a redirect, to an address checked when the connection is made. */
function post(url: URL, body: string, headers: Record<string, string>, options: { timeoutMs: number; allowPrivate: boolean }) {
  return new Promise<{ status: number }>((resolve, reject) => {
    const started = { done: false };
    const finish = (fn: () => void) => {
      if (started.done) return;
      started.done = true;
      clearTimeout(timer);
      fn();
    };
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Windscope-Webhooks/1',
          ...headers,
        },
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup() }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.destroy();
        finish(() => resolve({ status }));
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new TimeoutError(`no answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    request.on('error', (error) => finish(() => reject(error)));
    request.end(body);
  });
}

/** Removes delivered, failed and cancelled rows older than WEBHOOK_KEEP_DAYS; answers how many. */
export async function pruneWebhookDeliveries(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ['delivered', 'failed', 'cancelled']),
        lte(webhookDeliveries.createdAt, new Date(now.getTime() - WEBHOOK_KEEP_DAYS * 86_400_000)),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

export function createWebhookWorker(
  ctx: AppContext,
  options: { pollMs?: number; log: (message: string, details: Record<string, unknown>) => void },
): WebhookWorker {
  const settings = ctx.config.webhooks;
  const table = createLeasedTable<DeliveryRow>({
    db: ctx.db,
    table: webhookDeliveries,
    // WEBHOOK_LEASE_SECONDS (90), beyond one attempt's timeout: past it, another process may take the row
    leaseSeconds: settings.leaseSeconds,
    retryMs: settings.retryHours * 3_600_000,
    now: ctx.now,
    // one finding's events in order: a row waits while an earlier row of its hook and key is still to be sent
    claimableWhere: sql`webhook_deliveries.ordering_key is null or not exists (
      select 1 from webhook_deliveries earlier
      where earlier.webhook_id = webhook_deliveries.webhook_id and earlier.ordering_key = webhook_deliveries.ordering_key
        and earlier.id < webhook_deliveries.id and earlier.status in ('pending', 'sending'))`,
  });

  async function attempt(hook: typeof webhooks.$inferSelect, row: DeliveryRow): Promise<Outcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const url = new URL(hook.url);
      if (!settings.allowPrivate) {
        if (url.protocol !== 'https:') throw new NotHttpsError('only https addresses are allowed');
        // an address literal never goes through a lookup: judged here; a name is judged by the lookup as it connects
        await resolvePublic(hostOf(url)).catch((error: unknown) => {
          if (error instanceof PrivateAddressError) throw error;
        });
      }
      const body = JSON.stringify({ type: row.event_type, timestamp: new Date(row.created_at).toISOString(), data: row.payload });
      // the attempt's own time (receivers refuse a timestamp far from their clock): the wall clock, not the app's
      const sentAt = new Date();
      const signature = new Webhook(openSecret(ctx.config.jwtSecret, hook.secretBox)).sign(row.message_id, sentAt, body);
      const { status } = await post(
        url,
        body,
        { 'webhook-id': row.message_id, 'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)), 'webhook-signature': signature },
        settings,
      );
      return { status, latencyMs: elapsed() };
    } catch (error) {
      return { error: String(error instanceof Error ? error.message : error), kind: errorKindOf(error), latencyMs: elapsed() };
    }
  }

  /** A failed attempt counts against the hook: failing without a success for WEBHOOK_DISABLE_AFTER_HOURS switches it off,
   *  cancels what it still had to send, and e-mails the company's managers, all in one transaction. */
  async function noteFailure(hookId: number) {
    const now = ctx.now();
    const disabled = await ctx.db.transaction(async (tx) => {
      const [hook] = await tx
        .update(webhooks)
        .set({ failingSince: sql`coalesce(${webhooks.failingSince}, ${now})` })
        .where(eq(webhooks.id, hookId))
        .returning();
      if (!hook?.active || !hook.failingSince) return false;
      if (now.getTime() - hook.failingSince.getTime() < settings.disableAfterHours * 3_600_000) return false;
      await tx.update(webhooks).set({ active: false, disabledAt: now, updatedAt: now }).where(eq(webhooks.id, hookId));
      await tx
        .update(webhookDeliveries)
        .set({ status: 'cancelled', leaseUntil: null })
        .where(and(eq(webhookDeliveries.webhookId, hookId), eq(webhookDeliveries.status, 'pending')));
      await recordAudit(tx, {
        at: now,
        actor: null,
        kind: 'webhook_updated',
        companyId: hook.companyId,
        target: { type: 'webhook', id: hook.id, label: hook.url },
        details: { active: false, reason: 'failing', failing_since: hook.failingSince.toISOString() },
      });
      const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, hook.companyId));
      const managers = await tx
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(and(eq(users.companyId, hook.companyId), eq(users.isActive, true), inArray(users.role, ['admin', 'company_manager'])));
      for (const manager of managers) await enqueueMail(tx, now, disabledMail(ctx, manager, hook, company?.name ?? ''));
      return managers.length > 0;
    });
    if (disabled) ctx.mail.wake();
  }

  async function run(row: DeliveryRow) {
    const [hook] = await ctx.db.select().from(webhooks).where(eq(webhooks.id, row.webhook_id));
    // deleted meanwhile: its deliveries went with it (cascade), and this one's updates find no row
    if (!hook) return;
    if (!hook.active) {
      await table.finish(row.id, 'cancelled');
      return;
    }
    const outcome = await attempt(hook, row);
    const now = ctx.now();
    const status = 'status' in outcome ? outcome.status : null;
    const redirect = status !== null && status >= 300 && status < 400;
    const kind: WebhookErrorKind | null =
      'kind' in outcome ? outcome.kind : status !== null && (status < 200 || status >= 300) ? (redirect ? 'redirect' : 'status') : null;
    const recorded = sql`, last_status_code = ${status}, last_latency_ms = ${outcome.latencyMs}, last_attempt_at = ${now}, last_error_kind = ${kind}`;
    if (status !== null && status >= 200 && status < 300) {
      await table.finish(row.id, 'delivered', sql`${recorded}, delivered_at = ${now}`);
      await ctx.db
        .update(webhooks)
        .set({ failingSince: null })
        .where(and(eq(webhooks.id, hook.id), sql`${webhooks.failingSince} is not null`));
      return;
    }
    const error = 'error' in outcome ? outcome.error : redirect ? `answered ${status} (a redirect, not followed)` : `answered ${status}`;
    const state = await table.retryOrFail({ id: row.id, attempts: row.attempts, windowStart: new Date(row.created_at) }, error, recorded);
    options.log(state === 'failed' ? 'webhook delivery failed for good' : 'webhook not delivered; will retry', {
      deliveryId: row.id,
      webhookId: hook.id,
      attempts: row.attempts,
      err: error,
    });
    await noteFailure(hook.id);
  }

  const runner = createJobRunner<DeliveryRow>({
    name: 'webhooks',
    claim: () => table.claim(),
    run,
    concurrency: 2,
    pollMs: options.pollMs ?? WEBHOOK_POLL_MS,
    log: options.log,
  });
  return queueWorker(runner, {
    run: () => pruneWebhookDeliveries(ctx.db, ctx.now()),
    log: (error) => options.log('could not prune webhook deliveries', { err: String(error) }),
  });
}

function disabledMail(
  ctx: AppContext,
  manager: { email: string; language: string | null },
  hook: { id: number; url: string; failingSince: Date | null },
  companyName: string,
) {
  const since = hook.failingSince?.toISOString().slice(0, 16).replace('T', ' ') ?? '';
  const link = `${ctx.config.publicUrl}/webhooks`;
  if (manager.language === 'en')
    return {
      to: manager.email,
      subject: 'Windscope: a webhook was switched off',
      text: `The webhook of ${companyName} to ${hook.url} has failed since ${since} UTC without a successful delivery, so it was switched off and its waiting events were cancelled.\n\nCheck the receiver, then switch the webhook on again: ${link}`,
    };
  return {
    to: manager.email,
    subject: 'Windscope: bir webhook kapatıldı',
    text: `${companyName} firmasının ${hook.url} adresine giden webhook’u ${since} UTC’den beri hiç başarılı teslimat yapamadı; bu yüzden kapatıldı ve bekleyen olayları iptal edildi.\n\nAlıcıyı kontrol edin, ardından webhook’u yeniden açın: ${link}`,
  };
}
