import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

describe('rate limits when Redis does not answer', () => {
  let t: TestApp;

  beforeAll(async () => {
    // nothing listens on port 9: every Redis command fails
    t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:9' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still signs people in and counts failures in the database instead', async () => {
    const started = Date.now();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO.egeViewer, password: 'demo1234' } })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: DEMO.egeAdmin, password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-language': 'en' },
      payload: { email: DEMO.egeAdmin, password: 'demo1234' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    const rows = await t.app.ctx.db.execute(sql`select key, count from rate_limit_hits`);
    expect((rows as unknown as { rows: { key: string; count: number }[] }).rows.some((r) => Number(r.count) >= 8)).toBe(true);
    // every call waited for Redis a little, not for a time-out each
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
