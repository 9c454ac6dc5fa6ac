import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUS_PATH } from '@windscope/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { requestHead, trickleUntilClosed } from '../../test/raw-http.ts';
import { tusClient, tusMetadata, uploadIdOf } from '../../test/tus.ts';
import { demoTurbineIds } from '../../test/uploads.ts';

/** Issue 23, item 13: a refused upload (401/403 before its body was read) closes its connection once the answer is out,
 *  however slowly the client keeps sending. Real sockets: the client below trickles a byte every 100 ms. */
describe('a refused upload does not keep its connection', () => {
  let t: TestApp;
  let port: number;
  let operator: string;
  let customer: string;
  let turbineId: number;
  let uploadId: string;
  const year = new Date().getFullYear();

  beforeAll(async () => {
    t = await createTestApp();
    operator = await t.login(DEMO.egeOperator);
    customer = await t.login(DEMO.egeCustomer);
    [turbineId = 0] = await demoTurbineIds(t, operator);
    const created = await tusClient(t, operator).create(
      { filename: 'slow.jpg', turbine_id: turbineId, year, blade: 'A', room: 1 },
      5_000_000,
    );
    uploadId = uploadIdOf(created);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  const patchHead = (headers: Record<string, string>) =>
    requestHead('PATCH', `${TUS_PATH}/${uploadId}`, {
      'tus-resumable': '1.0.0',
      'upload-offset': 0,
      'content-type': 'application/offset+octet-stream',
      'content-length': 5_000_000,
      ...headers,
    });
  const creationHead = (headers: Record<string, string>) =>
    requestHead('POST', TUS_PATH, {
      'tus-resumable': '1.0.0',
      'upload-length': 5_000_000,
      'upload-metadata': tusMetadata({ filename: 'seen.jpg', turbine_id: turbineId, year, blade: 'A', room: 1 }),
      'content-type': 'application/offset+octet-stream',
      'content-length': 5_000_000,
      ...headers,
    });
  const multipartHead = (headers: Record<string, string>) =>
    requestHead('POST', `/api/turbines/${turbineId}/photos`, {
      'content-type': 'multipart/form-data; boundary=----trickle',
      'content-length': 50_000_000,
      ...headers,
    });

  it.each([
    ['a tus PATCH without a session', () => patchHead({}), 401],
    ['a tus PATCH with a token that is not valid', () => patchHead({ authorization: 'Bearer not-a-token' }), 401],
    ["a tus PATCH of another user's upload", () => patchHead({ authorization: `Bearer ${customer}` }), 404],
    ['a tus creation with its bytes, by a customer (may not upload)', () => creationHead({ authorization: `Bearer ${customer}` }), 403],
    ['a multipart photo upload without a session', () => multipartHead({}), 401],
    ['a multipart photo upload by a customer (may not upload)', () => multipartHead({ authorization: `Bearer ${customer}` }), 403],
  ])('%s: answered, then closed within 2 s while the client still sends', async (_label, head, status) => {
    const result = await trickleUntilClosed(port, head());
    expect(result.status).toBe(status);
    expect(result.headers.toLowerCase()).toContain('connection: close');
    expect(result.answeredAt).not.toBeNull();
    expect(result.closedAt).not.toBeNull();
    expect((result.closedAt ?? Number.POSITIVE_INFINITY) - (result.answeredAt ?? 0)).toBeLessThan(2_000);
  });

  it('a refusal of a request whose body is all in keeps the connection (keep-alive)', async () => {
    const answer = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const body = JSON.stringify({ first_name: 'X' });
      const request = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/users',
          agent: new http.Agent({ keepAlive: true }),
          headers: { authorization: `Bearer ${customer}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    expect(answer.status).toBe(400);
    expect(answer.connection).toBe('keep-alive');
  });
});
