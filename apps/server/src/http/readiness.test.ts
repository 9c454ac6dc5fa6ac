import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('GET /api/health and /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, storage: 's3' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 when the database and the storage answer', async () => {
    const alive = await t.call(null, { method: 'GET', url: '/api/health' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ success: true, data: { database: 'up' } });
    expect(alive.headers['cache-control']).toBe('no-store');
    const res = await t.call(null, { method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { database: 'up', storage: 'up' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the storage once the object store stops answering; liveness stays 200', async () => {
    await t.s3?.close();
    const res = await t.call(null, { method: 'GET', url: '/api/health/ready', headers: { 'x-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: expect.any(String),
      data: { database: 'up', storage: 'down' },
    });
    expect((await t.call(null, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
