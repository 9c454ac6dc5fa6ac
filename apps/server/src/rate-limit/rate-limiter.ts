import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { tooManyRequests } from '../http/errors.ts';

/** Both drivers answer execute() with { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface LimitRule {
  /** attempts allowed in the window */
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** count one attempt; returns the count in the current window and when it resets */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: Date }>;
  peek(key: string): Promise<{ count: number; resetAt: Date } | null>;
  reset(key: string): Promise<void>;
}

/** Counters in the database: shared by every process on PostgreSQL, kept across restarts. */
export function createDatabaseRateLimiter(db: Database): RateLimiter {
  return {
    async hit(key, windowMs) {
      const result = await db.execute(sql`
        insert into rate_limit_hits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          count = case when rate_limit_hits.reset_at <= now() then 1 else rate_limit_hits.count + 1 end,
          reset_at = case when rate_limit_hits.reset_at <= now() then excluded.reset_at else rate_limit_hits.reset_at end
        returning count, reset_at`);
      const row = rowsOf<{ count: number; reset_at: string | Date }>(result)[0];
      return { count: Number(row?.count ?? 1), resetAt: new Date(row?.reset_at ?? Date.now() + windowMs) };
    },
    async peek(key) {
      const result = await db.execute(sql`select count, reset_at from rate_limit_hits where key = ${key} and reset_at > now()`);
      const row = rowsOf<{ count: number; reset_at: string | Date }>(result)[0];
      return row ? { count: Number(row.count), resetAt: new Date(row.reset_at) } : null;
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limit_hits where key = ${key}`);
    },
  };
}

/** One attempt, atomically: count it, and start the window when the key has none (the first attempt, or a key that lost
 *  its expiry). A script rather than `PEXPIRE … NX`, which Redis before 7 refuses. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

/** Counters in Redis (REDIS_URL): shared by every process, `windscope:rl:<rule>:<ip or account>`, expiring with their window. */
export function createRedisRateLimiter(redis: Redis, prefix = 'windscope:rl:'): RateLimiter {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
      return { count: Number(count), resetAt: new Date(Date.now() + (ttl > 0 ? Number(ttl) : windowMs)) };
    },
    async peek(key) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      if (count === null || ttl <= 0) return null;
      return { count: Number(count), resetAt: new Date(Date.now() + ttl) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/** Redis first; while Redis does not answer, the database's counters (shared by every process on PostgreSQL), so a Redis
 *  outage neither stops sign-ins nor lifts the limits. Counts made meanwhile stay in the database. */
export function withFallback(primary: RateLimiter, fallback: RateLimiter, onFallback: (error: unknown) => void): RateLimiter {
  const either = async <T>(call: (limiter: RateLimiter) => Promise<T>): Promise<T> => {
    try {
      return await call(primary);
    } catch (error) {
      onFallback(error);
      return call(fallback);
    }
  };
  return {
    hit: (key, windowMs) => either((limiter) => limiter.hit(key, windowMs)),
    peek: (key) => either((limiter) => limiter.peek(key)),
    reset: (key) => either((limiter) => limiter.reset(key)),
  };
}

/** Refuses with 429 when any of the keys has used up its rule. */
export async function assertUnderLimit(limiter: RateLimiter, checks: { key: string; rule: LimitRule }[], now = Date.now()) {
  for (const { key, rule } of checks) {
    const state = await limiter.peek(key);
    if (state && state.count >= rule.limit) {
      throw tooManyRequests(Math.max(1, Math.ceil((state.resetAt.getTime() - now) / 1000)));
    }
  }
}

export async function recordAttempt(limiter: RateLimiter, checks: { key: string; rule: LimitRule }[]) {
  await Promise.all(checks.map(({ key, rule }) => limiter.hit(key, rule.windowMs)));
}

export const RATE_LIMITS = {
  loginPerIp: { limit: 30, windowMs: 15 * 60_000 },
  loginPerAccount: { limit: 8, windowMs: 15 * 60_000 },
  resetPerIp: { limit: 10, windowMs: 15 * 60_000 },
  resetPerAccount: { limit: 3, windowMs: 15 * 60_000 },
  contactPerIp: { limit: 5, windowMs: 60 * 60_000 },
} as const satisfies Record<string, LimitRule>;
