import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { type AppProcess, startAppProcess } from './app-process.ts';
import { createPostgresDatabase, openRedis, redisDatabaseUrl, startS3Server, type TestS3Server } from './services.ts';

/** What the processes of a deployment share: a scratch PostgreSQL database, an s3rver and a Redis logical database of
 *  the test file's own (flushed at start and at close). start() runs one more app process on them, with a data folder
 *  of its own; close() stops every process it started and removes everything. */
export interface SharedServices {
  db: Awaited<ReturnType<typeof createPostgresDatabase>>;
  s3: TestS3Server;
  redis: Redis;
  redisUrl: string;
  start(name: string, env?: Record<string, string>): Promise<AppProcess>;
  close(): Promise<void>;
}

export async function startSharedServices(label: string, redisDatabase: number, env: Record<string, string> = {}): Promise<SharedServices> {
  const redisUrl = redisDatabaseUrl(redisDatabase);
  const [db, s3, redis] = await Promise.all([createPostgresDatabase(), startS3Server(), openRedis(redisUrl)]);
  await redis.flushdb();
  const dataDirs: string[] = [];
  const processes: AppProcess[] = [];
  return {
    db,
    s3,
    redis,
    redisUrl,
    async start(name, extra = {}) {
      const dataDir = mkdtempSync(path.join(tmpdir(), `windscope-${label}-${name}-`));
      dataDirs.push(dataDir);
      const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: db.url, REDIS_URL: redisUrl, ...s3.env, ...env, ...extra });
      processes.push(app);
      return app;
    },
    async close() {
      await Promise.all(processes.map((p) => p.stop()));
      await redis.flushdb();
      redis.disconnect();
      await s3.close();
      await db.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
