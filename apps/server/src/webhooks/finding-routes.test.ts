/** Issue 26 item 1: every route that brings a finding to a state raises the webhook event a subscriber expects, with
 *  the payload and ordering key of the others, in the route's transaction. On the test database (PGlite or
 *  PostgreSQL), with a real receiver on 127.0.0.1 and the signatures verified with the standardwebhooks package:
 *  the link into an earlier finding (finding.linked after the later finding's waiting events, then the escalation of
 *  the earlier one), the overdue repair (finding.escalated, kind overdue, once per due date) and the deletion
 *  (finding.deleted). The routes that already raised theirs are in webhooks.test.ts. */
import { eq } from 'drizzle-orm';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookWithSecret } from '@windscope/contract';
import { webhookDeliveries } from '../db/schema.ts';
import { checkOverdue } from '../notifications/overdue.ts';
import { demoCompanies, insertTurbine, sessionFor, userByEmail } from '../../test/factories.ts';
import { FLAT_BOX, insertFinding, insertKindPhoto } from '../../test/finding-factories.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { startReceiver } from '../../test/webhook-receiver.ts';
import type { UserRow } from '../users/presenter.ts';

interface FindingEvent {
  type: string;
  data: {
    finding: { id: number; status: string; severity: number; due_date: string | null };
    turbine: { id: number; name: string };
    escalation?: { id: number; kind: string; severity_before: number | null; severity_after: number; due_date?: string | null };
    linked_finding?: { id: number; status: string; severity: number };
  };
}

describe('webhook events of every route to a finding state', () => {
  let t: TestApp;
  const receiver = startReceiver();
  let base = '';
  let ege = 0;
  let manager = '';
  let operator: UserRow;
  let operatorSession = '';

  const hook = async (path: string, events: string[]): Promise<WebhookWithSecret> => {
    const res = await t.call(manager, { method: 'POST', url: '/api/webhooks', payload: { url: `${base}${path}`, events } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as WebhookWithSecret;
  };
  const drain = () => t.app.ctx.webhooks.drained();
  /** what reached `path`, each verified with the hook's secret (a forged or unsigned body throws) */
  const verifiedAt = (path: string, secret: string) =>
    receiver.received
      .filter((r) => r.path === path)
      .map((r) => new StandardWebhook(secret).verify(r.body, r.headers as Record<string, string>) as FindingEvent);
  const deliveriesOf = (webhookId: number) =>
    t.app.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)).orderBy(webhookDeliveries.id);
  /** drains until none of the hook's rows waits (a row waiting behind one being sent is claimable only after it; an
   *  attempt that failed on a loaded machine is due again past its back-off) */
  const settle = async (webhookId: number) => {
    for (let i = 0; i < 10; i++) {
      await drain();
      const rows = await deliveriesOf(webhookId);
      if (rows.every((r) => r.status !== 'pending' && r.status !== 'sending')) return;
      if (rows.some((r) => r.status === 'pending' && r.attempts > 0)) t.clock.advance(2 * 3_600_000);
    }
  };
  const daysFromNow = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    base = `http://127.0.0.1:${await receiver.listen()}`;
    t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '10000' } });
    ({ ege } = await demoCompanies(t));
    operator = await userByEmail(t, DEMO.egeOperator);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver.close();
  });
  beforeEach(async () => {
    receiver.answerWith((_req, res) => res.writeHead(204).end());
    manager = await t.login(DEMO.egeManager);
    operatorSession = await sessionFor(t, operator);
  });

  it('link: the later finding’s waiting events first, then finding.linked, then the earlier finding’s escalation', async () => {
    const created = await hook('/linked', ['finding.created', 'finding.escalated', 'finding.linked']);
    const turbine = await insertTurbine(t, ege);
    const place = { blade: 'A', surface: 'LE', type: 'crack' } as const;
    const earlier = await insertFinding(t, turbine.id, operator, { ...place, status: 'confirmed', distance: 8, year: 2025, severity: 2 });
    // the receiver is down while the later finding is drawn: its events wait
    receiver.answerWith((req, res) => res.writeHead(req.path === '/linked' ? 503 : 204).end());
    const photo = await insertKindPhoto(t, turbine.id, operator, { year: 2026 });
    const drawn = await t.call(operatorSession, {
      method: 'POST',
      url: `/api/turbines/${turbine.id}/findings`,
      payload: { ...place, distance_from_root_m: 8.3, severity: 4, observation: { photo_id: photo.id, geometry: FLAT_BOX } },
    });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const later = drawn.json().data as { id: number; version: number };
    await drain();
    const res = await t.call(manager, {
      method: 'POST',
      url: `/api/turbines/${turbine.id}/findings/${later.id}/link`,
      payload: { target_id: earlier.id, version: later.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    // every event of the two findings now shares the earlier finding's ordering key
    const rows = await deliveriesOf(created.webhook.id);
    expect(rows.map((r) => [r.eventType, r.orderingKey])).toEqual([
      ['finding.created', `finding:${earlier.id}`],
      ['finding.escalated', `finding:${earlier.id}`],
      ['finding.linked', `finding:${earlier.id}`],
      ['finding.escalated', `finding:${earlier.id}`],
    ]);
    // the receiver is back: from here on it answers 204 (what reached it before was refused)
    const refusedBefore = receiver.received.filter((r) => r.path === '/linked').length;
    expect(refusedBefore).toBeGreaterThanOrEqual(1);
    receiver.answerWith((_req, res) => res.writeHead(204).end());
    t.clock.advance(2 * 3_600_000);
    await settle(created.webhook.id);
    const got = verifiedAt('/linked', created.secret).slice(refusedBefore);
    expect(got.map((e) => [e.type, e.data.finding.id])).toEqual([
      ['finding.created', later.id],
      ['finding.escalated', later.id],
      ['finding.linked', earlier.id],
      ['finding.escalated', earlier.id],
    ]);
    const [, escalatedLater, linked, escalatedEarlier] = got;
    expect(escalatedLater?.data.escalation).toMatchObject({ kind: 'severity', severity_before: null, severity_after: 4 });
    expect(linked?.data).toMatchObject({
      finding: { id: earlier.id, status: 'confirmed', severity: 4 },
      turbine: { id: turbine.id },
      linked_finding: { id: later.id, status: 'draft', severity: 4 },
    });
    expect(escalatedEarlier?.data.escalation).toMatchObject({ kind: 'severity', severity_before: 2, severity_after: 4 });
    expect((await deliveriesOf(created.webhook.id)).map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);
  });

  it('overdue repair: one finding.escalated (kind overdue) per finding and due date, in the check’s transaction', async () => {
    const created = await hook('/overdue', ['finding.escalated']);
    const turbine = await insertTurbine(t, ege);
    const due = await insertFinding(t, turbine.id, operator, { status: 'repair_planned', severity: 3, dueDate: daysFromNow(-1) });
    const notYet = await insertFinding(t, turbine.id, operator, { status: 'repair_planned', severity: 3, dueDate: daysFromNow(1) });
    const now = t.clock.now();
    const ids = await checkOverdue(t.app.ctx, now);
    expect(ids.length).toBeGreaterThanOrEqual(1);
    // checked again: nothing new, no second event
    expect(await checkOverdue(t.app.ctx, now)).toEqual([]);
    await settle(created.webhook.id);
    const ours = verifiedAt('/overdue', created.secret).filter((e) => e.data.turbine.id === turbine.id);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({
      type: 'finding.escalated',
      data: {
        finding: { id: due.id, status: 'repair_planned', severity: 3, due_date: daysFromNow(-1) },
        escalation: { kind: 'overdue', severity_before: 3, severity_after: 3, due_date: daysFromNow(-1) },
      },
    });
    expect(ids).toContain(ours[0]?.data.escalation?.id);
    expect(ours.some((e) => e.data.finding.id === notYet.id)).toBe(false);
    const rows = (await deliveriesOf(created.webhook.id)).filter((r) => r.orderingKey === `finding:${due.id}`);
    expect(rows).toHaveLength(1);
  });

  it('deletion: finding.deleted with the finding as it was, after its creation', async () => {
    const created = await hook('/deleted', ['finding.created', 'finding.deleted']);
    const turbine = await insertTurbine(t, ege);
    const photo = await insertKindPhoto(t, turbine.id, operator);
    const drawn = await t.call(operatorSession, {
      method: 'POST',
      url: `/api/turbines/${turbine.id}/findings`,
      payload: { blade: 'B', surface: 'TE', type: 'erosion', severity: 2, observation: { photo_id: photo.id, geometry: FLAT_BOX } },
    });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const finding = drawn.json().data as { id: number };
    const gone = await t.call(operatorSession, { method: 'DELETE', url: `/api/turbines/${turbine.id}/findings/${finding.id}` });
    expect(gone.statusCode, gone.body).toBe(200);
    await settle(created.webhook.id);
    const got = verifiedAt('/deleted', created.secret);
    expect(got.map((e) => [e.type, e.data.finding.id])).toEqual([
      ['finding.created', finding.id],
      ['finding.deleted', finding.id],
    ]);
    expect(got[1]?.data).toMatchObject({ finding: { status: 'draft', severity: 2, type: 'erosion' }, turbine: { id: turbine.id } });
    expect((await deliveriesOf(created.webhook.id)).map((r) => r.orderingKey)).toEqual([`finding:${finding.id}`, `finding:${finding.id}`]);
  });
});
