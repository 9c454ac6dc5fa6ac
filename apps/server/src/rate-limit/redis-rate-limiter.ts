import type { Redis } from 'ioredis';
import { newHolder, type RateLimiter } from './rate-limiter.ts';

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

/** One attempt back, on a window key (a number) or a pace key (a hash): never below zero, never a key that is not there;
 *  a key back at zero is deleted. */
const REFUND_SCRIPT = `
local kind = redis.call('TYPE', KEYS[1]).ok
if kind == 'hash' then
  local count = tonumber(redis.call('HGET', KEYS[1], 'c') or '0')
  if count <= 1 then redis.call('DEL', KEYS[1]) else redis.call('HINCRBY', KEYS[1], 'c', -1) end
elseif kind == 'string' then
  local count = tonumber(redis.call('GET', KEYS[1]) or '0')
  if count <= 1 then redis.call('DEL', KEYS[1]) else redis.call('DECR', KEYS[1]) end
end
return 0`;

/** A paced attempt: a hash { c: attempts, t: last attempt (ms) }. Refused (nothing counted) while the wait after the last
 *  attempt runs; else counted. ARGV: now, forgetMs, freeAttempts, baseDelayMs, maxDelayMs. Returns the wait left, 0 when counted. */
const PACE_SCRIPT = `
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'c', 't')
local count = tonumber(state[1] or '0')
local last = tonumber(state[2] or '0')
if count >= free then
  local wait = math.min(tonumber(ARGV[5]), tonumber(ARGV[4]) * 2 ^ math.min(count - free, 40))
  if last + wait > now then return math.ceil(last + wait - now) end
end
redis.call('HSET', KEYS[1], 'c', count + 1, 't', math.max(last, now))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 0`;

/** A claimed key's time runs on, only while its value is the holder's token (ARGV: holder, ttl ms): 1 when extended. */
const EXTEND_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

/** A claimed key goes, only while its value is the holder's token (ARGV: holder). */
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Counters in Redis (REDIS_URL): shared by every process, `windscope:rl:<rule>:<ip or account>`, expiring with their window.
 *  Every operation is one script, so attempts made at the same moment are counted one after another. */
export function createRedisRateLimiter(redis: Redis, prefix = 'windscope:rl:'): RateLimiter {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
      return { count: Number(count), resetAt: new Date(Date.now() + (ttl > 0 ? Number(ttl) : windowMs)) };
    },
    async refund(key) {
      await redis.eval(REFUND_SCRIPT, 1, prefix + key);
    },
    async pace(key, rule, now) {
      const args = [now.getTime(), rule.forgetMs, rule.freeAttempts, rule.baseDelayMs, rule.maxDelayMs].map(String);
      const waitMs = Number(await redis.eval(PACE_SCRIPT, 1, prefix + key, ...args));
      return { waitMs };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async claim(key, ttlMs) {
      const holder = newHolder();
      return (await redis.set(prefix + key, holder, 'PX', ttlMs, 'NX')) === 'OK' ? holder : null;
    },
    async extend(key, holder, ttlMs) {
      return Number(await redis.eval(EXTEND_SCRIPT, 1, prefix + key, holder, String(ttlMs))) === 1;
    },
    async release(key, holder) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key, holder);
    },
  };
}
