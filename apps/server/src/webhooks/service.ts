import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import {
  type Actor,
  type CreateWebhookBody,
  can,
  type UpdateWebhookBody,
  WEBHOOK_LOG_LIMIT,
  WEBHOOK_MAX_PER_COMPANY,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookErrorKind,
  type WebhookEventType,
  type WebhookWithSecret,
} from '@windscope/contract';
import { recordAudit } from '../audit/record.ts';
import type { AppContext } from '../context.ts';
import { companies, webhookDeliveries, webhooks } from '../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { hostOf, PrivateAddressError, resolvePublic } from './address-guard.ts';
import { enqueueTestEvent } from './events.ts';
import { newWebhookSecret, sealSecret, WEBHOOK_SECRET_PREFIX } from './secret-box.ts';

type Row = typeof webhooks.$inferSelect;

function present(row: Row, companyName: string): Webhook {
  return {
    id: row.id,
    company_id: row.companyId,
    company_name: companyName,
    url: row.url,
    events: row.events as WebhookEventType[],
    active: row.active,
    secret_hint: row.secretHint,
    failing_since: row.failingSince?.toISOString() ?? null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function assertMayManage(actor: Actor) {
  if (!can(actor, 'webhook.manage')) throw forbidden();
}

/** the hooks an actor reaches: a manager's company's, every one for the superadmin */
const scopeOf = (actor: Actor): SQL | undefined => (actor.role === 'superadmin' ? undefined : eq(webhooks.companyId, actor.companyId));

/** The save-time half of the address rule (the send-time half is in worker.ts, at every attempt): https, and a host
 *  that is, or resolves to, public addresses only. A name that does not resolve yet is accepted (its sends fail and
 *  are retried until it does). */
async function checkUrl(ctx: AppContext, raw: string) {
  if (ctx.config.webhooks.allowPrivate) return;
  const url = new URL(raw);
  if (url.protocol !== 'https:') throw badRequest('WEBHOOK_URL_NOT_HTTPS');
  try {
    await resolvePublic(hostOf(url));
  } catch (error) {
    if (error instanceof PrivateAddressError) throw badRequest('WEBHOOK_URL_PRIVATE');
  }
}

async function loadHook(ctx: AppContext, actor: Actor, id: number) {
  const [found] = await ctx.db
    .select({ hook: webhooks, companyName: companies.name })
    .from(webhooks)
    .innerJoin(companies, eq(companies.id, webhooks.companyId))
    .where(and(eq(webhooks.id, id), scopeOf(actor)));
  if (!found) throw notFound('WEBHOOK_NOT_FOUND');
  // scope first: another company's hook is "not found" whoever asks; then the permission
  assertMayManage(actor);
  return found;
}

export async function listWebhooks(ctx: AppContext, actor: Actor): Promise<Webhook[]> {
  assertMayManage(actor);
  const rows = await ctx.db
    .select({ hook: webhooks, companyName: companies.name })
    .from(webhooks)
    .innerJoin(companies, eq(companies.id, webhooks.companyId))
    .where(scopeOf(actor))
    .orderBy(companies.name, webhooks.id);
  return rows.map((r) => present(r.hook, r.companyName));
}

export async function createWebhook(ctx: AppContext, actor: Actor, body: CreateWebhookBody): Promise<WebhookWithSecret> {
  const companyId = body.company_id ?? actor.companyId;
  // nobody but the superadmin names another company than their own: another's is "not found", as everywhere
  if (actor.role !== 'superadmin' && companyId !== actor.companyId) throw notFound('NOT_FOUND');
  assertMayManage(actor);
  await checkUrl(ctx, body.url);
  const now = ctx.now();
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    // the company's row locked: two creations at once cannot pass the limit together
    const [company] = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!company) throw notFound('NOT_FOUND');
    const [existing] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.companyId, companyId));
    if ((existing?.n ?? 0) >= WEBHOOK_MAX_PER_COMPANY) throw new AppError(409, 'WEBHOOK_LIMIT_REACHED', { limit: WEBHOOK_MAX_PER_COMPANY });
    const [inserted] = await tx
      .insert(webhooks)
      .values({
        companyId,
        url: body.url,
        events: [...new Set(body.events)],
        secretBox: sealSecret(ctx.config.jwtSecret, secret),
        secretHint: secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4),
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('webhook not inserted');
    await recordAudit(tx, {
      at: now,
      actor,
      kind: 'webhook_created',
      companyId,
      target: { type: 'webhook', id: inserted.id, label: inserted.url },
      details: { events: inserted.events },
    });
    return { row: inserted, companyName: company.name };
  });
  return { webhook: present(row.row, row.companyName), secret };
}

export async function updateWebhook(ctx: AppContext, actor: Actor, id: number, body: UpdateWebhookBody): Promise<Webhook> {
  const { hook, companyName } = await loadHook(ctx, actor, id);
  if (body.url !== undefined && body.url !== hook.url) await checkUrl(ctx, body.url);
  const now = ctx.now();
  const set: Partial<typeof webhooks.$inferInsert> = { updatedAt: now };
  const changes: Record<string, unknown> = {};
  if (body.url !== undefined && body.url !== hook.url) {
    set.url = body.url;
    changes.url = { from: hook.url, to: body.url };
  }
  if (body.events !== undefined) {
    set.events = [...new Set(body.events)];
    changes.events = { from: hook.events, to: set.events };
  }
  if (body.active !== undefined && body.active !== hook.active) {
    set.active = body.active;
    changes.active = { from: hook.active, to: body.active };
    // switched on again: the three days of failures count from the next failure
    if (body.active) Object.assign(set, { failingSince: null, disabledAt: null });
  }
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhooks)
      .set(set)
      .where(and(eq(webhooks.id, id), scopeOf(actor)))
      .returning();
    if (!row) throw notFound('WEBHOOK_NOT_FOUND');
    // switched off: what it still had to send is not sent
    if (set.active === false)
      await tx
        .update(webhookDeliveries)
        .set({ status: 'cancelled' })
        .where(and(eq(webhookDeliveries.webhookId, id), eq(webhookDeliveries.status, 'pending')));
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, {
        at: now,
        actor,
        kind: 'webhook_updated',
        companyId: row.companyId,
        target: { type: 'webhook', id: row.id, label: row.url },
        details: changes,
      });
    return row;
  });
  return present(updated, companyName);
}

/** Deleting a hook deletes its deliveries (cascade): pending ones are never sent; one in flight finishes, and its
 *  outcome has no row left to be written to. */
export async function deleteWebhook(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await loadHook(ctx, actor, id);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhooks)
      .where(and(eq(webhooks.id, id), scopeOf(actor)))
      .returning({ id: webhooks.id, url: webhooks.url, companyId: webhooks.companyId });
    if (!row) throw notFound('WEBHOOK_NOT_FOUND');
    await recordAudit(tx, {
      at: now,
      actor,
      kind: 'webhook_deleted',
      companyId: row.companyId,
      target: { type: 'webhook', id: row.id, label: row.url },
    });
  });
}

/** A new secret, answered once; the old one signs nothing from now on (deliveries still to be tried are signed with the
 *  new one when they go). */
export async function rotateWebhookSecret(ctx: AppContext, actor: Actor, id: number): Promise<WebhookWithSecret> {
  const { companyName } = await loadHook(ctx, actor, id);
  const now = ctx.now();
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhooks)
      .set({
        secretBox: sealSecret(ctx.config.jwtSecret, secret),
        secretHint: secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4),
        updatedAt: now,
      })
      .where(and(eq(webhooks.id, id), scopeOf(actor)))
      .returning();
    if (!updated) throw notFound('WEBHOOK_NOT_FOUND');
    await recordAudit(tx, {
      at: now,
      actor,
      kind: 'webhook_updated',
      companyId: updated.companyId,
      target: { type: 'webhook', id: updated.id, label: updated.url },
      details: { secret: 'rotated' },
    });
    return updated;
  });
  return { webhook: present(row, companyName), secret };
}

export async function sendTestEvent(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const { hook } = await loadHook(ctx, actor, id);
  if (!hook.active) throw new AppError(409, 'WEBHOOK_INACTIVE');
  await enqueueTestEvent(ctx.db, hook, ctx.now());
  ctx.webhooks.wake();
}

export async function listDeliveries(ctx: AppContext, actor: Actor, id: number): Promise<WebhookDelivery[]> {
  await loadHook(ctx, actor, id);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    event_type: row.eventType,
    message_id: row.messageId,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_latency_ms: row.lastLatencyMs,
    last_error_kind: (row.lastErrorKind as WebhookErrorKind | null) ?? null,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  }));
}
