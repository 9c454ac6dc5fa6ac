import { Redis } from 'ioredis';

/** The Redis of REDIS_URL for shared rate-limit counters. While it is not connected a command fails at once instead of
 *  waiting in a queue (the database counts meanwhile: withFallback) and ioredis keeps reconnecting in the background.
 *  Resolves once connected, or after two seconds, so the first counts land in Redis when it answers. */
export async function connectRedis(url: string, warn: (message: string, error: unknown) => void): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: false, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  let down = false;
  redis.on('error', (error) => {
    if (!down) warn('Redis is not reachable', error);
    down = true;
  });
  redis.on('ready', () => {
    down = false;
  });
  if (redis.status !== 'ready') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  return redis;
}
