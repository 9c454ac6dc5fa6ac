import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@windscope/contract';
import type { Executor } from '../db/client.ts';
import { findings, turbines, users, webhookDeliveries, webhooks } from '../db/schema.ts';

/** DECISIONS §17: events are queued as delivery rows in the transaction of the action they tell of, so a crash can
 *  neither lose one (the action committed, the rows with it) nor invent one (the action rolled back, the rows too).
 *  Payloads carry what a manager of the company sees, never an e-mail address, never another company's rows. */

/** The Standard Webhooks `webhook-id`: one per event and hook, the same on every attempt, so receivers dedupe. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** Active hooks of the company that subscribed to the event. */
async function subscribers(db: Executor, companyId: number, type: WebhookEventType) {
  return db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.companyId, companyId), eq(webhooks.active, true), sql`${webhooks.events} @> ${JSON.stringify([type])}::jsonb`));
}

/** One delivery row per subscribed hook; answers how many. */
export async function enqueueWebhookEvent(
  db: Executor,
  event: { companyId: number; type: WebhookEventType; data: Record<string, unknown>; orderingKey?: string; at: Date },
): Promise<number> {
  const hooks = await subscribers(db, event.companyId, event.type);
  if (hooks.length === 0) return 0;
  await db.insert(webhookDeliveries).values(
    hooks.map((hook) => ({
      webhookId: hook.id,
      eventType: event.type,
      messageId: newMessageId(),
      payload: event.data,
      orderingKey: event.orderingKey ?? null,
      nextAttemptAt: event.at,
      createdAt: event.at,
    })),
  );
  return hooks.length;
}

/** A finding's event, read in the caller's transaction (its state as committed with the change). One finding's events
 *  reach each hook in the order they happened (ordering key). */
export async function enqueueFindingEvent(
  db: Executor,
  type: Extract<WebhookEventType, `finding.${string}`>,
  findingId: number,
  at: Date,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const [row] = await db
    .select({
      id: findings.id,
      status: findings.status,
      severity: findings.severity,
      type: findings.type,
      blade: findings.blade,
      surface: findings.surface,
      room: findings.room,
      distanceFromRootM: findings.distanceFromRootM,
      dueDate: findings.dueDate,
      turbineId: turbines.id,
      turbineName: sql<string>`coalesce(${turbines.turbineName}, ${turbines.name}, ${turbines.code})`,
      companyId: turbines.companyId,
    })
    .from(findings)
    .innerJoin(turbines, eq(turbines.id, findings.turbineId))
    .where(eq(findings.id, findingId));
  if (!row) return 0;
  return enqueueWebhookEvent(db, {
    companyId: row.companyId,
    type,
    orderingKey: `finding:${row.id}`,
    at,
    data: {
      finding: {
        id: row.id,
        status: row.status,
        severity: row.severity,
        type: row.type,
        blade: row.blade,
        surface: row.surface,
        room: row.room,
        distance_from_root_m: row.distanceFromRootM,
        due_date: row.dueDate,
      },
      turbine: { id: row.turbineId, name: row.turbineName },
      ...extra,
    },
  });
}

/** An escalation of a finding (DECISIONS §17, issue 16): a severity that rose, or a repair past its due date. Every
 *  route that records one calls this in the escalation's transaction (notifications/escalations.ts recordSeverityChange
 *  and recordOverdue), so the payload is the same whichever route raised it. */
export async function enqueueEscalationEvent(
  db: Executor,
  escalation: {
    id: number;
    findingId: number;
    kind: 'severity' | 'overdue';
    severityBefore: number | null;
    severityAfter: number;
    dueDate?: string | null;
    at: Date;
  },
): Promise<number> {
  return enqueueFindingEvent(db, 'finding.escalated', escalation.findingId, escalation.at, {
    escalation: {
      id: escalation.id,
      kind: escalation.kind,
      severity_before: escalation.severityBefore,
      severity_after: escalation.severityAfter,
      ...(escalation.kind === 'overdue' ? { due_date: escalation.dueDate ?? null } : {}),
    },
  });
}

/** A finding linked into an earlier one (findings/links.ts linkFinding) goes on as that one: its events still waiting
 *  take the earlier finding's ordering key, so each hook gets them before the `finding.linked` event that ends them
 *  and before anything later of the earlier finding. */
export async function moveFindingEvents(db: Executor, fromFindingId: number, toFindingId: number) {
  await db
    .update(webhookDeliveries)
    .set({ orderingKey: `finding:${toFindingId}` })
    .where(and(eq(webhookDeliveries.orderingKey, `finding:${fromFindingId}`), sql`${webhookDeliveries.status} in ('pending', 'sending')`));
}

/** A generated report (one per turbine it was made for). */
export async function enqueueReportGenerated(
  db: Executor,
  report: { id: number; turbineId: number; fileName: string; language: string; at: Date },
): Promise<number> {
  const [turbine] = await db
    .select({ name: sql<string>`coalesce(${turbines.turbineName}, ${turbines.name}, ${turbines.code})`, companyId: turbines.companyId })
    .from(turbines)
    .where(eq(turbines.id, report.turbineId));
  if (!turbine) return 0;
  return enqueueWebhookEvent(db, {
    companyId: turbine.companyId,
    type: 'report.generated',
    at: report.at,
    data: {
      report: { id: report.id, file_name: report.fileName, language: report.language },
      turbine: { id: report.turbineId, name: turbine.name },
    },
  });
}

/** Photos one person sent to one turbine: they join the batch still open for that turbine and person (pending, never
 *  tried), whose sending waits for `quietSeconds` without a new photo; then one `photos.uploaded` event goes with the
 *  batch's count and ids. A multipart request and the files of the resumable uploader end in the same batch. */
export async function enqueuePhotosUploaded(
  db: Executor,
  batch: { turbineId: number; uploaderId: number; photoIds: number[]; at: Date; quietSeconds: number },
): Promise<number> {
  if (batch.photoIds.length === 0) return 0;
  const [turbine] = await db
    .select({ name: sql<string>`coalesce(${turbines.turbineName}, ${turbines.name}, ${turbines.code})`, companyId: turbines.companyId })
    .from(turbines)
    .where(eq(turbines.id, batch.turbineId));
  if (!turbine) return 0;
  const hooks = await subscribers(db, turbine.companyId, 'photos.uploaded');
  if (hooks.length === 0) return 0;
  const [uploader] = await db
    .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(eq(users.id, batch.uploaderId));
  const due = new Date(batch.at.getTime() + batch.quietSeconds * 1000);
  const batchKey = `photos:${batch.turbineId}:${batch.uploaderId}`;
  const payload = {
    turbine: { id: batch.turbineId, name: turbine.name },
    // the uploader's name as managers see it beside the photos; never their e-mail address
    uploaded_by: { id: batch.uploaderId, name: uploader?.name ?? null },
    photo_count: batch.photoIds.length,
    photo_ids: batch.photoIds,
    first_uploaded_at: batch.at.toISOString(),
    last_uploaded_at: batch.at.toISOString(),
  };
  for (const hook of hooks) {
    await db.execute(sql`
      insert into ${webhookDeliveries} (webhook_id, event_type, message_id, payload, batch_key, next_attempt_at, created_at)
      values (${hook.id}, 'photos.uploaded', ${newMessageId()}, ${JSON.stringify(payload)}::jsonb, ${batchKey}, ${due}, ${batch.at})
      on conflict (webhook_id, batch_key) where batch_key is not null and status = 'pending' and attempts = 0
      do update set
        next_attempt_at = excluded.next_attempt_at,
        payload = ${webhookDeliveries}.payload
          || jsonb_build_object(
            'photo_count', (${webhookDeliveries}.payload->>'photo_count')::int + (excluded.payload->>'photo_count')::int,
            'photo_ids', (${webhookDeliveries}.payload->'photo_ids') || (excluded.payload->'photo_ids'),
            'last_uploaded_at', excluded.payload->'last_uploaded_at')`);
  }
  return hooks.length;
}

/** The "send test event" button: one delivery to the one hook, whatever its events. */
export async function enqueueTestEvent(db: Executor, hook: { id: number; companyId: number }, at: Date) {
  await db.insert(webhookDeliveries).values({
    webhookId: hook.id,
    eventType: WEBHOOK_TEST_EVENT,
    messageId: newMessageId(),
    payload: { webhook_id: hook.id, company_id: hook.companyId, message: 'Windscope test event' },
    nextAttemptAt: at,
    createdAt: at,
  });
}
