import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrashRig, createCrashRig } from './support/crash-rig.ts';
import { apiCall, sleep, waitFor } from './support/http.ts';

/** A webhook receiver on loopback. While `stall` is set it takes a request in and never answers it: the sender cannot
 *  know whether it arrived. Otherwise it answers 204 and keeps the request's headers. */
async function startReceiver() {
  const state = { stall: true, stalled: [] as IncomingHttpHeaders[], accepted: [] as IncomingHttpHeaders[] };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (state.stall) return void state.stalled.push(req.headers);
      state.accepted.push(req.headers);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** DECISIONS §17: `kill -9` of the server while a webhook is being delivered (the receiver holds the request); after the
 *  restart the lease runs out, the delivery is taken over and arrives with the same webhook-id, so a receiver that did
 *  get the first attempt can tell it is the same event. PostgreSQL, a short webhook lease. */
describe('a webhook delivery survives kill -9', () => {
  let rig: CrashRig;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    rig = await createCrashRig('webhook-crash');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await rig?.close();
    await receiver?.close();
  });

  it('a test event cut off by kill -9 is delivered after the restart with the same webhook-id', async () => {
    const env = {
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_TIMEOUT_MS: '60000',
      WEBHOOK_LEASE_SECONDS: '2',
    };
    const server = await rig.start(env);
    const login = await apiCall(server.url, '/api/auth/login', { json: { email: 'manager@ege.example', password: 'demo1234' } });
    expect(login.status).toBe(200);
    const token = (login.body as { token: string }).token;
    const created = await apiCall(server.url, '/api/webhooks', { token, json: { url: receiver.url, events: ['finding.confirmed'] } });
    expect(created.status).toBe(201);
    const hookId = (created.body as { data: { webhook: { id: number } } }).data.webhook.id;
    expect((await apiCall(server.url, `/api/webhooks/${hookId}/test`, { token, method: 'POST' })).status).toBe(202);
    await waitFor('the receiver to hold the delivery unanswered', () => receiver.state.stalled.length === 1);
    const sending = await rig.sql.query('select status, attempts, message_id from webhook_deliveries where webhook_id = $1', [hookId]);
    expect(sending.rows).toMatchObject([{ status: 'sending', attempts: 1 }]);
    const messageId = sending.rows[0]?.message_id as string;
    expect(receiver.state.stalled[0]?.['webhook-id']).toBe(messageId);
    await rig.kill();

    receiver.state.stall = false;
    await rig.start(env);
    await waitFor('the delivery to be accepted', () => receiver.state.accepted.length === 1, 30_000);
    expect(receiver.state.accepted[0]?.['webhook-id']).toBe(messageId);
    await waitFor(
      'the row to be marked delivered',
      async () =>
        (await rig.sql.query("select 1 from webhook_deliveries where webhook_id = $1 and status = 'delivered'", [hookId])).rowCount === 1,
    );
    const [row] = (await rig.sql.query('select status, attempts, last_status_code from webhook_deliveries where webhook_id = $1', [hookId]))
      .rows;
    expect(row).toEqual({ status: 'delivered', attempts: 2, last_status_code: 204 });
    // and only once: a few polling rounds later nothing more arrived
    await sleep(2_500);
    expect(receiver.state.accepted).toHaveLength(1);
  }, 90_000);
});
