import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { unfilledPlaceholders } from '@windscope/contract';
import { buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/seed.ts';
import { pgliteTemplate, postgresTemplate } from './database-templates.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

/** Which database the integration suite runs on: PGlite by default, PostgreSQL when TEST_DB=postgres. */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
/** Which storage driver apps get unless a test names one: the local folder by default, s3rver when TEST_STORAGE=s3. */
export const TEST_STORAGE: 'fs' | 's3' = process.env.TEST_STORAGE === 's3' ? 's3' : 'fs';

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function createClock(): TestClock {
  let offset = 0;
  let fixed: Date | null = null;
  return {
    now: () => new Date((fixed ? fixed.getTime() : Date.now()) + offset),
    advance: (ms) => {
      offset += ms;
    },
    set: (date) => {
      fixed = date;
      offset = 0;
    },
  };
}

/** A scratch database on the shared PostgreSQL (TEST_DATABASE_URL), dropped by drop(). Empty, or with `migrated`
 *  a copy of the migrated template (database-templates.ts): what a test app starts on. */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `ws_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const template = options.migrated ? await postgresTemplate(adminUrl) : null;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  // a test database need not survive a crash of the server: commits do not wait for the disk (~10 ms each here), and
  // nothing else changes (the system tests that stop or kill PostgreSQL run on private clusters of their own)
  await admin.query(`alter database ${name} set synchronous_commit to off`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  clock: TestClock;
  dataDir: string;
  /** the S3-compatible server behind the app when it runs with storage 's3' */
  s3: TestS3Server | null;
  /** signs in and returns a bearer token */
  login(email: string, password?: string): Promise<string>;
  /** app.inject with a bearer token */
  call(token: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    config?: Partial<AppConfig>;
    /** overrides some limits, keeping the others (small file limits for the 413 tests) */
    limits?: Partial<AppConfig['limits']>;
    storage?: 'fs' | 's3';
    /** log at info level into this stream (tests that read the log); otherwise the app logs nothing */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-test-'));
  const pgDb = TEST_DB === 'postgres' ? await createPostgresDatabase({ migrated: true }) : null;
  const s3 = (options.storage ?? TEST_STORAGE) === 's3' ? await startS3Server() : null;
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: options.logStream ? 'info' : 'silent',
      // the periodic overdue check and digest: tests run them at a fixed time (notifications/overdue.ts)
      NOTIFY_CHECK_SECONDS: '0',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ...s3?.env,
      ...options.env,
    },
    {
      pgliteDir: pgDb ? path.join(dataDir, 'unused') : 'memory://',
      jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-0123'),
      webDist: path.join(dataDir, 'no-web'),
      ...options.config,
    },
  );
  if (options.limits) config.limits = { ...config.limits, ...options.limits };
  const clock = createClock();
  const app = await buildApp(config, {
    now: clock.now,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    ...(pgDb ? {} : { pgliteTemplate: await pgliteTemplate() }),
  });
  if (options.seed !== false) await seedDemoData(app.ctx);
  await app.ready();
  const login = async (email: string, password = DEMO_PASSWORD) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  };
  return {
    app,
    config,
    clock,
    dataDir,
    s3,
    login,
    call: async (token, opts) =>
      expectPlaceholdersFilled(
        await app.inject({ ...opts, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(opts.headers ?? {}) } }),
      ),
    async close() {
      await app.close();
      await s3?.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every answer a test receives through call(): its messages leave no placeholder of the catalog unfilled (issue 23). */
function expectPlaceholdersFilled(res: LightMyRequestResponse): LightMyRequestResponse {
  if (!String(res.headers['content-type'] ?? '').includes('json')) return res;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return res;
  }
  const check = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const answer = value as { message?: unknown; details?: unknown; code?: unknown; params?: unknown };
    if (typeof answer.message === 'string') {
      const unfilled = unfilledPlaceholders(answer.message, answer);
      if (unfilled.length) throw new Error(`${res.statusCode} answer with unfilled ${unfilled.join(', ')}: ${answer.message}`);
    }
    if (Array.isArray(answer.details)) for (const detail of answer.details) check(detail);
  };
  check(body);
  return res;
}

export const DEMO = {
  superadmin: 'superadmin@windscope.example',
  egeAdmin: 'admin@ege.example',
  egeManager: 'manager@ege.example',
  egeOperator: 'operator@ege.example',
  egeCustomer: 'customer@ege.example',
  egeViewer: 'viewer@ege.example',
  marmaraAdmin: 'admin@marmara.example',
  marmaraOperator: 'operator@marmara.example',
} as const;

/** The .eml files the app wrote to its outbox, oldest first, with quoted-printable soft breaks and escapes decoded. */
export function readOutbox(outboxDir: string): string[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => decodeQuotedPrintable(readFileSync(path.join(outboxDir, f), 'utf8')));
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The token of the newest password-reset link in the outbox. */
export function lastResetToken(outboxDir: string): string {
  const mail = readOutbox(outboxDir).at(-1) ?? '';
  const m = /password-reset\?token=([A-Za-z0-9_%-]+)/.exec(mail);
  if (!m?.[1]) throw new Error('no reset link in the outbox');
  return decodeURIComponent(m[1]);
}
