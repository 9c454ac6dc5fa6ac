import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { newHolder, type PaceRule, paceDelayMs, type RateLimiter } from './rate-limiter.ts';

/** Both drivers answer execute() with { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const millis = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/** The wait after the row's count under `rule`, in SQL (paceDelayMs, for the row being updated). */
const paceDelaySql = (rule: PaceRule) =>
  sql`make_interval(secs => (case when h.count < ${rule.freeAttempts} then 0
    else least(${rule.maxDelayMs}::float8, ${rule.baseDelayMs}::float8 * power(2::float8, least(h.count - ${rule.freeAttempts}, 40))) end) / 1000)`;

/** Counters in the database (table rate_limit_hits): shared by every process on PostgreSQL, kept across restarts.
 *  Every operation is one statement, so attempts made at the same moment are counted one after another. */
export function createDatabaseRateLimiter(db: Database): RateLimiter {
  return {
    async hit(key, windowMs) {
      const result = await db.execute(sql`
        insert into rate_limit_hits as h (key, count, reset_at)
        values (${key}, 1, now() + ${millis(windowMs)})
        on conflict (key) do update set
          count = case when h.reset_at <= now() then 1 else h.count + 1 end,
          reset_at = case when h.reset_at <= now() then excluded.reset_at else h.reset_at end
        returning count, reset_at`);
      const row = rowsOf<{ count: number; reset_at: string | Date }>(result)[0];
      return { count: Number(row?.count ?? 1), resetAt: new Date(row?.reset_at ?? Date.now() + windowMs) };
    },
    async refund(key) {
      // never below zero (the update re-reads a row another refund just changed); a key back at zero is deleted
      await db.execute(sql`update rate_limit_hits set count = count - 1 where key = ${key} and count > 0 and reset_at > now()`);
      await db.execute(sql`delete from rate_limit_hits where key = ${key} and count <= 0`);
    },
    async pace(key, rule, now) {
      // reset_at is the last attempt + forgetMs; the update (and so the count) happens only once the wait is over: a key
      // still waiting returns no row. Under the free attempts there is no wait at all, whatever the clocks of attempts
      // made at the same moment say (one that read the clock first may be counted second).
      const at = sql`${now.toISOString()}::timestamptz`;
      for (let tries = 0; tries < 3; tries++) {
        const counted = await db.execute(sql`
          insert into rate_limit_hits as h (key, count, reset_at)
          values (${key}, 1, ${at} + ${millis(rule.forgetMs)})
          on conflict (key) do update set
            count = case when h.reset_at <= ${at} then 1 else h.count + 1 end,
            reset_at = greatest(h.reset_at, ${at} + ${millis(rule.forgetMs)})
          where h.reset_at <= ${at} or h.count < ${rule.freeAttempts}
            or h.reset_at - ${millis(rule.forgetMs)} + ${paceDelaySql(rule)} <= ${at}
          returning count`);
        if (rowsOf(counted).length > 0) return { waitMs: 0 };
        const waiting = await db.execute(sql`select count, reset_at from rate_limit_hits where key = ${key}`);
        const row = rowsOf<{ count: number; reset_at: string | Date }>(waiting)[0];
        // gone meanwhile (a success reset it): count again
        if (!row) continue;
        const lastAttempt = new Date(row.reset_at).getTime() - rule.forgetMs;
        const waitMs = lastAttempt + paceDelayMs(rule, Number(row.count)) - now.getTime();
        if (waitMs > 0) return { waitMs };
      }
      // the key kept changing under this attempt: it is counted as waiting the shortest time, never let through uncounted
      return { waitMs: 1 };
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limit_hits where key = ${key}`);
    },
    async claim(key, ttlMs) {
      // a row whose time is over is taken as if it were not there; the row's count holds the holder's token
      const holder = newHolder();
      const taken = await db.execute(sql`
        insert into rate_limit_hits as h (key, count, reset_at)
        values (${key}, ${Number(holder)}, now() + ${millis(ttlMs)})
        on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at
        where h.reset_at <= now()
        returning key`);
      return rowsOf(taken).length === 1 ? holder : null;
    },
    async extend(key, holder, ttlMs) {
      const kept = await db.execute(sql`
        update rate_limit_hits set reset_at = now() + ${millis(ttlMs)}
        where key = ${key} and count = ${Number(holder)} and reset_at > now()
        returning key`);
      return rowsOf(kept).length === 1;
    },
    async release(key, holder) {
      await db.execute(sql`delete from rate_limit_hits where key = ${key} and count = ${Number(holder)}`);
    },
  };
}

/** Removes counters whose window (or pace memory) is over: nothing reads them again, and without this the table keeps
 *  one row per address and account ever seen. Redis expires its own keys. Answers how many went. */
export async function sweepExpiredLimits(db: Database): Promise<number> {
  const gone = await db.execute(sql`delete from rate_limit_hits where reset_at <= now() returning key`);
  return rowsOf(gone).length;
}
