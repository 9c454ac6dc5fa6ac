import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.ts';
import { createPostgresDatabase, SYSTEM_REDIS_URL, startS3Server, type TestS3Server } from './support/services.ts';

let db: Awaited<ReturnType<typeof createPostgresDatabase>>;
let s3: TestS3Server;
let app: AppProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-system-'));
  [db, s3] = await Promise.all([createPostgresDatabase(), startS3Server()]);
  app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: db.url, DEMO_SEED: 'true', REDIS_URL: SYSTEM_REDIS_URL, ...s3.env });
});

afterAll(async () => {
  await app?.stop();
  await s3?.close();
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the server starts as its own process on PostgreSQL, S3 and Redis, and a demo user signs in', async () => {
  const res = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'superadmin@windscope.example', password: 'demo1234' }),
  });
  expect(res.status, app.output()).toBe(200);
  const body = (await res.json()) as { token: string };
  const turbines = await fetch(`${app.url}/api/turbines`, { headers: { authorization: `Bearer ${body.token}` } });
  expect(turbines.status).toBe(200);
  expect(((await turbines.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
});
