import { Redis } from 'ioredis';
import { createPostgresDatabase } from '../../test/harness.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';

export { createPostgresDatabase, startS3Server, type TestS3Server };

/** The Redis the system tests share (scripts/ensure-redis.sh starts one on 127.0.0.1:6379 when none runs). */
export const SYSTEM_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A Redis key prefix of its own per test, so tests running side by side never count each other's attempts;
 *  pass it as REDIS_URL's database or use flushPrefix() afterwards. */
export async function flushRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(SYSTEM_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** SYSTEM_REDIS_URL with a logical database of its own (`/n`): a test that counts keys flushes it before and after, and
 *  no other test's counters land there. */
export function redisDatabaseUrl(database: number): string {
  const url = new URL(SYSTEM_REDIS_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A client on one Redis URL (its database included), for looking at what the app processes stored. */
export async function openRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  return redis;
}
