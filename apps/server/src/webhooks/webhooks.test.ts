/** Webhooks (DECISIONS §17) on the test database (PGlite or PostgreSQL) with a real receiver: a node:http server on
 *  127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=1 here; the refusal of private addresses is tested in an app without it). Signature
 *  verified with the standardwebhooks package; retries after a 500 and a timeout with the same webhook-id; a redirect
 *  not followed; one finding's events in order; another company's hooks get nothing; a lease of a dead process taken
 *  over; a hook deleted with deliveries pending; three days of failures switch a hook off with a mail to managers; one
 *  event per upload batch. */
import { and, eq } from 'drizzle-orm';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookWithSecret } from '@windscope/contract';
import { auditLog, mailOutbox, webhookDeliveries, webhooks } from '../db/schema.ts';
import { demoCompanies, insertTurbine, sessionFor, userByEmail } from '../../test/factories.ts';
import { FLAT_BOX, insertKindPhoto } from '../../test/finding-factories.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { formBody, makeJpeg } from '../../test/uploads.ts';
import { startReceiver } from '../../test/webhook-receiver.ts';
import type { UserRow } from '../users/presenter.ts';

describe('webhooks', () => {
  let t: TestApp;
  const receiver = startReceiver();
  let base = '';
  let ege = 0;
  let marmara = 0;
  let manager = '';
  let marmaraAdmin = '';
  let operator: UserRow;
  let operatorSession = '';

  const create = async (session: string, body: Record<string, unknown>) =>
    t.call(session, { method: 'POST', url: '/api/webhooks', payload: body, headers: { 'accept-language': 'en' } });
  const hook = async (path: string, events: string[], session = manager): Promise<WebhookWithSecret> => {
    const res = await create(session, { url: `${base}${path}`, events });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as WebhookWithSecret;
  };
  const deliveriesOf = (webhookId: number) =>
    t.app.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)).orderBy(webhookDeliveries.id);
  const drain = () => t.app.ctx.webhooks.drained();
  /** past any back-off of the rows waiting (at most an hour, with jitter) */
  const pastBackoff = () => t.clock.advance(2 * 3_600_000);
  const at = (path: string) => receiver.received.filter((r) => r.path === path);
  const newFinding = async (turbineId: number) => {
    const photo = await insertKindPhoto(t, turbineId, operator);
    const res = await t.call(operatorSession, {
      method: 'POST',
      url: `/api/turbines/${turbineId}/findings`,
      payload: { blade: 'A', surface: 'LE', type: 'erosion', severity: 2, observation: { photo_id: photo.id, geometry: FLAT_BOX } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; version: number };
  };

  /** sessions again after the clock moved days on */
  const signIn = async () => {
    manager = await t.login(DEMO.egeManager);
    marmaraAdmin = await t.login(DEMO.marmaraAdmin);
    operatorSession = await sessionFor(t, operator);
  };

  beforeAll(async () => {
    base = `http://127.0.0.1:${await receiver.listen()}`;
    // the timeout bounds every delivery of this suite, the quick ones too: 2 s, not less, so that a loaded CI machine
    // (the event loop held by PGlite for hundreds of ms) does not turn a 204 into a timeout
    t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_BATCH_QUIET_SECONDS: '60' } });
    ({ ege, marmara } = await demoCompanies(t));
    operator = await userByEmail(t, DEMO.egeOperator);
    await signIn();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver.close();
  });
  beforeEach(async () => {
    receiver.answerWith((_req, res) => res.writeHead(204).end());
    await signIn();
  });

  it('shows the secret once, signs as Standard Webhooks, and sends the payload without e-mail addresses', async () => {
    const created = await hook('/signed', ['finding.created', 'finding.confirmed']);
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.webhook.company_id).toBe(ege);
    const list = await t.call(manager, { method: 'GET', url: '/api/webhooks' });
    expect(list.body).not.toContain(created.secret);
    expect(list.json().data.find((w: { id: number }) => w.id === created.webhook.id).secret_hint).toBe(created.secret.slice(0, 10));
    const [stored] = await t.app.ctx.db.select().from(webhooks).where(eq(webhooks.id, created.webhook.id));
    expect(stored?.secretBox).not.toContain(created.secret.slice(6));
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.kind, 'webhook_created'), eq(auditLog.targetType, 'webhook'), eq(auditLog.targetId, String(created.webhook.id))),
      );
    expect(audit?.companyId).toBe(ege);

    const turbine = await insertTurbine(t, ege);
    const finding = await newFinding(turbine.id);
    await drain();
    const [got] = at('/signed');
    expect(got).toBeDefined();
    if (!got) return;
    const verified = new StandardWebhook(created.secret).verify(got.body, got.headers as Record<string, string>) as {
      type: string;
      data: { finding: { id: number }; turbine: { id: number } };
    };
    expect(verified.type).toBe('finding.created');
    expect(verified.data.finding.id).toBe(finding.id);
    expect(verified.data.turbine.id).toBe(turbine.id);
    expect(got.body).not.toContain('@');
    // another secret does not verify it
    expect(() =>
      new StandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(got.body, got.headers as Record<string, string>),
    ).toThrow();
    const [row] = await deliveriesOf(created.webhook.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204, messageId: got.headers['webhook-id'] });
    expect(row?.lastLatencyMs).toBeGreaterThanOrEqual(0);
  });

  it('retries after a 500 and after a timeout with the same webhook-id, and never follows a redirect', async () => {
    const created = await hook('/flaky', ['finding.created']);
    let calls = 0;
    receiver.answerWith((req, res) => {
      if (req.path !== '/flaky') return void res.writeHead(204).end();
      calls++;
      if (calls === 1) res.writeHead(500).end();
      else if (calls === 2)
        return; // never answers: the 2 s timeout
      else if (calls === 3) res.writeHead(302, { location: `${base}/elsewhere` }).end();
      else res.writeHead(200).end('ok');
    });
    await newFinding((await insertTurbine(t, ege)).id);
    await drain();
    let [row] = await deliveriesOf(created.webhook.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastErrorKind: 'status' });
    pastBackoff();
    await drain();
    [row] = await deliveriesOf(created.webhook.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: null, lastErrorKind: 'timeout' });
    expect(row?.lastError).toMatch(/no answer within 2000 ms/);
    pastBackoff();
    await drain();
    [row] = await deliveriesOf(created.webhook.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 3, lastStatusCode: 302, lastErrorKind: 'redirect' });
    expect(row?.lastError).toMatch(/redirect, not followed/);
    expect(at('/elsewhere')).toHaveLength(0);
    pastBackoff();
    await drain();
    [row] = await deliveriesOf(created.webhook.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 4, lastStatusCode: 200, lastErrorKind: null });
    const ids = new Set(at('/flaky').map((r) => r.headers['webhook-id']));
    expect(at('/flaky')).toHaveLength(4);
    expect(ids).toEqual(new Set([row?.messageId]));
    // a success ends the hook's failing streak
    const [stored] = await t.app.ctx.db.select().from(webhooks).where(eq(webhooks.id, created.webhook.id));
    expect(stored?.failingSince).toBeNull();
  });

  it('delivers one finding’s events in order, a later event waiting while an earlier one is retried', async () => {
    const created = await hook('/ordered', ['finding.created', 'finding.confirmed']);
    let fail = true;
    receiver.answerWith((req, res) => res.writeHead(req.path === '/ordered' && fail ? 503 : 204).end());
    const turbine = await insertTurbine(t, ege);
    const finding = await newFinding(turbine.id);
    await drain();
    const confirm = await t.call(manager, {
      method: 'POST',
      url: `/api/turbines/${turbine.id}/findings/${finding.id}/status`,
      payload: { to: 'confirmed', version: finding.version },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await drain();
    // the confirmation is due but waits behind the creation
    expect(at('/ordered').map((r) => JSON.parse(r.body).type)).toEqual(['finding.created']);
    fail = false;
    pastBackoff();
    await drain();
    await drain();
    const delivered = at('/ordered').filter((_r, i) => i > 0);
    expect(delivered.map((r) => JSON.parse(r.body).type)).toEqual(['finding.created', 'finding.confirmed']);
    expect((await deliveriesOf(created.webhook.id)).map((d) => d.status)).toEqual(['delivered', 'delivered']);
  });

  it('never delivers one company’s events to another company’s hooks, nor shows them its hooks', async () => {
    const theirs = await hook('/marmara', ['finding.created'], marmaraAdmin);
    expect(theirs.webhook.company_id).toBe(marmara);
    await newFinding((await insertTurbine(t, ege)).id);
    await drain();
    expect(at('/marmara')).toHaveLength(0);
    expect(await deliveriesOf(theirs.webhook.id)).toHaveLength(0);
    // Ege's manager neither lists, reads, changes nor tests Marmara's hook, nor makes one for Marmara
    const list = await t.call(manager, { method: 'GET', url: '/api/webhooks' });
    expect(list.json().data.every((w: { company_id: number }) => w.company_id === ege)).toBe(true);
    for (const [method, url] of [
      ['PATCH', `/api/webhooks/${theirs.webhook.id}`],
      ['DELETE', `/api/webhooks/${theirs.webhook.id}`],
      ['POST', `/api/webhooks/${theirs.webhook.id}/test`],
      ['POST', `/api/webhooks/${theirs.webhook.id}/rotate-secret`],
      ['GET', `/api/webhooks/${theirs.webhook.id}/deliveries`],
    ] as const) {
      const res = await t.call(manager, { method, url, ...(method === 'PATCH' ? { payload: { active: false } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await create(manager, { url: `${base}/x`, events: ['finding.created'], company_id: marmara })).statusCode).toBe(404);
  });

  it('sends a test event, and a rotated secret signs from then on', async () => {
    const created = await hook('/test-event', ['report.generated']);
    const rotated = await t.call(manager, { method: 'POST', url: `/api/webhooks/${created.webhook.id}/rotate-secret` });
    expect(rotated.statusCode).toBe(200);
    const secret = (rotated.json().data as WebhookWithSecret).secret;
    expect(secret).not.toBe(created.secret);
    expect((await t.call(manager, { method: 'POST', url: `/api/webhooks/${created.webhook.id}/test` })).statusCode).toBe(202);
    await drain();
    const [got] = at('/test-event');
    if (!got) throw new Error('no test event');
    expect((new StandardWebhook(secret).verify(got.body, got.headers as Record<string, string>) as { type: string }).type).toBe(
      'webhook.test',
    );
    expect(() => new StandardWebhook(created.secret).verify(got.body, got.headers as Record<string, string>)).toThrow();
    const log = await t.call(manager, { method: 'GET', url: `/api/webhooks/${created.webhook.id}/deliveries` });
    expect(log.json().data[0]).toMatchObject({ event_type: 'webhook.test', status: 'delivered', attempts: 1, last_status_code: 204 });
  });

  it('takes over the lease of a process that died mid-delivery and sends with the same webhook-id', async () => {
    const created = await hook('/takeover', ['finding.created']);
    const release = t.app.ctx.webhooks.hold();
    await newFinding((await insertTurbine(t, ege)).id);
    const [queued] = await deliveriesOf(created.webhook.id);
    if (!queued) throw new Error('no delivery queued');
    // what a process killed while sending leaves: the row leased to it, one attempt counted
    await t.app.ctx.db
      .update(webhookDeliveries)
      .set({ status: 'sending', attempts: 1, leaseUntil: new Date(t.clock.now().getTime() + 90_000) })
      .where(eq(webhookDeliveries.id, queued.id));
    release();
    await drain();
    expect(at('/takeover')).toHaveLength(0);
    t.clock.advance(91_000);
    await drain();
    const [done] = await deliveriesOf(created.webhook.id);
    expect(done).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(at('/takeover').map((r) => r.headers['webhook-id'])).toEqual([queued.messageId]);
  });

  it('sends nothing of a hook deleted with deliveries pending, and records the change in the audit log', async () => {
    const created = await hook('/deleted', ['finding.created']);
    const release = t.app.ctx.webhooks.hold();
    await newFinding((await insertTurbine(t, ege)).id);
    expect(await deliveriesOf(created.webhook.id)).toHaveLength(1);
    expect((await t.call(manager, { method: 'DELETE', url: `/api/webhooks/${created.webhook.id}` })).statusCode).toBe(200);
    release();
    await drain();
    expect(at('/deleted')).toHaveLength(0);
    expect(await deliveriesOf(created.webhook.id)).toHaveLength(0);
    const kinds = await t.app.ctx.db
      .select({ kind: auditLog.kind })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'webhook'), eq(auditLog.targetId, String(created.webhook.id))));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['webhook_created', 'webhook_deleted']);
  });

  it('switches a hook off after three days of failures, cancels what waits, and mails the managers', async () => {
    const created = await hook('/down', ['finding.created']);
    receiver.answerWith((req, res) => res.writeHead(req.path === '/down' ? 500 : 204).end());
    await newFinding((await insertTurbine(t, ege)).id);
    await drain();
    const before = await t.app.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox);
    // held, so that the next event is queued before the worker sees the streak's end
    const release = t.app.ctx.webhooks.hold();
    t.clock.advance(73 * 3_600_000);
    await signIn();
    await newFinding((await insertTurbine(t, ege)).id);
    release();
    await drain();
    const [stored] = await t.app.ctx.db.select().from(webhooks).where(eq(webhooks.id, created.webhook.id));
    expect(stored).toMatchObject({ active: false });
    expect(stored?.disabledAt).not.toBeNull();
    const statuses = (await deliveriesOf(created.webhook.id)).map((d) => d.status);
    expect(statuses).toContain('cancelled');
    expect(statuses).not.toContain('pending');
    const mails = (await t.app.ctx.db.select().from(mailOutbox)).filter((m) => !before.some((b) => b.id === m.id));
    expect(mails.map((m) => m.recipient)).toContain(DEMO.egeManager);
    expect(mails.every((m) => m.text?.includes(`${base}/down`))).toBe(true);
    // switched on again: the streak starts over
    const on = await t.call(manager, { method: 'PATCH', url: `/api/webhooks/${created.webhook.id}`, payload: { active: true } });
    expect(on.json().data).toMatchObject({ active: true, failing_since: null, disabled_at: null });
  });

  it('sends one photos.uploaded event per upload batch, not one per photo', async () => {
    const created = await hook('/photos', ['photos.uploaded']);
    const turbine = await insertTurbine(t, ege);
    const year = t.clock.now().getUTCFullYear();
    const upload = async (names: string[]) => {
      const body = await formBody(
        { room: 1, year, blade: 'A' },
        await Promise.all(names.map(async (name, i) => ({ name, bytes: await makeJpeg(320, 240, { seed: i }) }))),
      );
      const res = await t.call(operatorSession, { method: 'POST', url: `/api/turbines/${turbine.id}/photos`, ...body });
      expect(res.statusCode, res.body).toBe(201);
    };
    await upload(['a.jpg', 'b.jpg']);
    t.clock.advance(20_000);
    await upload(['c.jpg']);
    await drain();
    expect(at('/photos')).toHaveLength(0);
    t.clock.advance(61_000);
    await drain();
    const got = at('/photos');
    expect(got).toHaveLength(1);
    const payload = JSON.parse(got[0]?.body ?? '{}') as {
      type: string;
      data: { photo_count: number; photo_ids: number[]; turbine: { id: number } };
    };
    expect(payload.type).toBe('photos.uploaded');
    expect(payload.data.photo_count).toBe(3);
    expect(payload.data.photo_ids).toHaveLength(3);
    expect(payload.data.turbine.id).toBe(turbine.id);
    expect(got[0]?.body).not.toContain('@');
    expect(await deliveriesOf(created.webhook.id)).toHaveLength(1);
  });
});

describe('webhooks without WEBHOOK_ALLOW_PRIVATE', () => {
  let t: TestApp;
  const receiver = startReceiver();
  let port = 0;
  let manager = '';

  beforeAll(async () => {
    port = await receiver.listen();
    t = await createTestApp({ env: { WEBHOOK_TIMEOUT_MS: '2000' } });
    manager = await t.login(DEMO.egeManager);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver.close();
  });

  it('refuses plain http and private, loopback and link-local addresses when saved', async () => {
    const save = (url: string) =>
      t.call(manager, {
        method: 'POST',
        url: '/api/webhooks',
        payload: { url, events: ['finding.created'] },
        headers: { 'accept-language': 'en' },
      });
    expect((await save(`http://127.0.0.1:${port}/x`)).json().code).toBe('WEBHOOK_URL_NOT_HTTPS');
    for (const url of [
      `https://127.0.0.1:${port}/x`,
      'https://localhost/x',
      'https://10.1.2.3/x',
      'https://192.168.1.10/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:10.0.0.1]/x',
    ]) {
      const res = await save(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('WEBHOOK_URL_PRIVATE');
    }
    expect((await save('https://hooks.example.invalid/x')).statusCode).toBe(201);
  });

  it('checks the resolved address again at send time (a name that now answers a private address: DNS rebinding)', async () => {
    const { ege } = await demoCompanies(t);
    const created = await t.call(manager, {
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: 'https://hooks.example.invalid/x', events: ['report.generated'] },
    });
    const id = (created.json().data as WebhookWithSecret).webhook.id;
    // the name resolved to a public address when it was saved; now it resolves to this machine
    await t.app.ctx.db
      .update(webhooks)
      .set({ url: `https://localhost:${port}/rebound` })
      .where(eq(webhooks.id, id));
    expect((await t.call(manager, { method: 'POST', url: `/api/webhooks/${id}/test` })).statusCode).toBe(202);
    await t.app.ctx.webhooks.drained();
    const [row] = await t.app.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, lastErrorKind: 'private_address' });
    expect(row?.lastError).toMatch(/not a public address/);
    expect(receiver.received).toHaveLength(0);
    expect(ege).toBeGreaterThan(0);
  });
});
