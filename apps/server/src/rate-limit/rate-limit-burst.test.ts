import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../db/schema.ts';
import { countRows, unique } from '../../test/factories.ts';
import { createTestApp, DEMO, readOutbox, type TestApp } from '../../test/harness.ts';
import { sweepExpiredLimits } from './database-rate-limiter.ts';
import { RATE_LIMITS } from './rate-limiter.ts';

/** A logical database of this file's own: only its keys land there, and only it is flushed. */
const REDIS_URL = `${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}/11`;
const BURST = 100;
/** an address no other test of the run has used */
const freshIp = (last: number) => `198.18.${Number.parseInt(unique(), 16) % 250}.${last}`;

/** 100 requests fired at once, as one address (or several) would: every one is judged against the ones before it. */
describe.each([
  ['the database', null],
  ['Redis', REDIS_URL],
] as const)('rate limits under a burst of %s counters', (_name, redisUrl) => {
  let t: TestApp;
  let redis: Redis | null = null;

  beforeAll(async () => {
    t = await createTestApp({ env: { CONTACT_INBOX: 'inbox@operator.example', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) } });
    if (redisUrl) redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    await redis?.flushdb();
    redis?.disconnect();
    await t?.close();
  });

  const post = (url: string, payload: Record<string, unknown>, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress });
  const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);
  const mailsTo = (address: string) => readOutbox(t.config.outboxDir).filter((m) => m.includes(`To: ${address}`)).length;
  /** the counts were kept where this run says: Redis when it has a Redis */
  const expectKeysInRedis = async (pattern: string) => {
    if (redis) expect((await redis.keys(`windscope:rl:${pattern}`)).length).toBeGreaterThan(0);
  };

  it('sign-ins: one address gets at most its attempts at an account, and a right password after them is refused', async () => {
    const ip = freshIp(1);
    const wrong = Array.from({ length: BURST - 1 }, (_, i) =>
      post('/api/auth/login', { email: DEMO.marmaraOperator, password: `wrong-${i}-pass` }, ip),
    );
    const right = post('/api/auth/login', { email: DEMO.marmaraOperator, password: 'demo1234' }, ip);
    const answers = await Promise.all([...wrong, right]);
    const codes = statuses(answers);
    // never more than the limit; fewer when the per-address count of a request came after the 30th (two keys, counted at once)
    const judged = codes.filter((c) => c === 401).length;
    expect(judged).toBeGreaterThan(0);
    expect(judged, codes.join(',')).toBeLessThanOrEqual(RATE_LIMITS.loginPerAccountAndIp.limit);
    expect(codes.filter((c) => c === 429).length, codes.join(',')).toBeGreaterThanOrEqual(BURST - RATE_LIMITS.loginPerAccountAndIp.limit);
    expect(codes.filter((c) => c === 200)).toHaveLength(0);
    expect(codes.at(-1)).toBe(429);
    await expectKeysInRedis(`login:account-ip:${ip}:*`);
  });

  it('an attempt given back: window and pace keys count down, never below zero, and a key back at zero is gone', async () => {
    const limiter = t.app.ctx.limiter;
    const stored = async (key: string) =>
      redis
        ? (await redis.exists(`windscope:rl:${key}`)) === 1
        : ((await t.app.ctx.db.execute(sql`select 1 from rate_limit_hits where key = ${key}`)) as unknown as { rows: unknown[] }).rows
            .length === 1;
    const window = `test:refund:${unique()}`;
    await limiter.hit(window, 60_000);
    await limiter.hit(window, 60_000);
    await limiter.refund(window);
    expect((await limiter.hit(window, 60_000)).count).toBe(2);
    await Promise.all([limiter.refund(window), limiter.refund(window), limiter.refund(window)]);
    expect(await stored(window)).toBe(false);
    expect((await limiter.hit(window, 60_000)).count).toBe(1);

    const pace = `test:refund-pace:${unique()}`;
    const rule = { freeAttempts: 1, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 600_000 };
    expect((await limiter.pace(pace, rule, new Date())).waitMs).toBe(0);
    expect((await limiter.pace(pace, rule, new Date())).waitMs).toBeGreaterThan(0);
    // the one counted attempt given back: the key is free again, and gone
    await limiter.refund(pace);
    expect(await stored(pace)).toBe(false);
    expect((await limiter.pace(pace, rule, new Date())).waitMs).toBe(0);
  });

  it('expired counters are swept from the database; live ones stay', async () => {
    const db = t.app.ctx.db;
    const expired = `test:expired:${unique()}`;
    const live = `test:live:${unique()}`;
    await db.execute(sql`insert into rate_limit_hits (key, count, reset_at) values
      (${expired}, 3, now() - interval '1 minute'), (${live}, 3, now() + interval '1 minute')`);
    expect(await sweepExpiredLimits(db)).toBeGreaterThanOrEqual(1);
    const left = (await db.execute(sql`select key from rate_limit_hits where key in (${expired}, ${live})`)) as unknown as {
      rows: { key: string }[];
    };
    expect(left.rows.map((r) => r.key)).toEqual([live]);
  });

  it('paced attempts under the free ones go through whatever order their clocks were read in', async () => {
    const limiter = t.app.ctx.limiter;
    const key = `test:pace-order:${unique()}`;
    const rule = { freeAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 600_000 };
    const later = new Date();
    const earlier = new Date(later.getTime() - 50);
    // the attempt that read the clock first is counted second: still free
    expect((await limiter.pace(key, rule, later)).waitMs).toBe(0);
    expect((await limiter.pace(key, rule, earlier)).waitMs).toBe(0);
    expect((await limiter.pace(key, rule, later)).waitMs).toBe(0);
    // the fourth waits, from the latest attempt
    const { waitMs } = await limiter.pace(key, rule, later);
    expect(waitMs).toBeGreaterThan(59_000);
    expect(waitMs).toBeLessThanOrEqual(60_000);
  });

  it('reset requests: one account gets at most its e-mails, however many are asked for at once', async () => {
    const ip = freshIp(2);
    const before = mailsTo(DEMO.egeManager);
    const answers = await Promise.all(
      Array.from({ length: BURST }, () => post('/api/auth/password-reset', { email: DEMO.egeManager }, ip)),
    );
    await t.app.ctx.mail.drained();
    const accepted = statuses(answers).filter((c) => c === 200).length;
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(RATE_LIMITS.resetPerAccount.limit);
    expect(mailsTo(DEMO.egeManager) - before).toBe(accepted);
    await expectKeysInRedis(`reset:account:${DEMO.egeManager}`);
  });

  it('contact form: one address sends exactly its messages, and one sender exactly theirs from many addresses', async () => {
    const ip = freshIp(3);
    const before = await countRows(t, contactMessages);
    const fromOneAddress = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        post('/api/contact', { name: 'N', email: `sender-${i}-${unique()}@office.example`, subject: 'S', message: 'M' }, ip),
      ),
    );
    expect(statuses(fromOneAddress).filter((c) => c === 200)).toHaveLength(RATE_LIMITS.contactPerIp.limit);
    const sender = `one-${unique()}@office.example`;
    const fromOneSender = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        post('/api/contact', { name: 'N', email: sender, subject: 'S', message: 'M' }, `198.19.${Math.floor(i / 250)}.${i % 250}`),
      ),
    );
    expect(statuses(fromOneSender).filter((c) => c === 200)).toHaveLength(RATE_LIMITS.contactPerSender.limit);
    const sent = RATE_LIMITS.contactPerIp.limit + RATE_LIMITS.contactPerSender.limit;
    expect((await countRows(t, contactMessages)) - before).toBe(sent);
    await expectKeysInRedis(`contact:sender:${sender}`);
  });
});
