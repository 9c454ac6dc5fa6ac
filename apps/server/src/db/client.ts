import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { isDatabaseUnavailable, unavailableReason } from './unavailable.ts';

export type Schema = typeof schema;
/** Both drivers share the pg-core query builder; services only see this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or a transaction: services accept either. */
export type Executor = Database | Transaction;

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** true when the database answers a trivial query */
  ping(): Promise<boolean>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  pgliteDir: string;
  /** how long start-up waits for an unreachable PostgreSQL before giving up (0: one attempt) */
  waitMs?: number;
  /** where start-up says it is waiting */
  log?: (message: string) => void;
  /** another migrations folder (a restore brings an empty database to its archive's level first), or null: none */
  migrationsFolder?: string | null;
  /** an in-memory PGlite starts from this data-folder dump (PGlite's dumpDataDir) rather than an empty initdb */
  pgliteTemplate?: Blob;
}

/** host:port/database of a connection string, never its credentials */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Start-up against a PostgreSQL that is not up yet (a restart, containers starting together): retry with a log
 *  line for up to `waitMs`, then give up with a message saying what to check. Other refusals (no such database,
 *  bad password) are not going to pass by waiting: they end start-up at once. */
async function waitForPostgres(pool: pg.Pool, where: string, waitMs: number, log: (message: string) => void) {
  const started = Date.now();
  const deadline = started + waitMs;
  let lastLog = 0;
  let delay = 250;
  for (;;) {
    try {
      await pool.query('select 1');
      if (lastLog) log(`PostgreSQL at ${where} is reachable after ${Math.round((Date.now() - started) / 1000)} s; starting`);
      return;
    } catch (error) {
      const reason = unavailableReason(error);
      if (!isDatabaseUnavailable(error)) throw new Error(`Cannot use PostgreSQL at ${where}: ${reason}. Check DATABASE_URL.`);
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new Error(
          `PostgreSQL at ${where} is not reachable (${reason}); gave up after ${Math.round((Date.now() - started) / 1000)} s. ` +
            'Check that the database server is running and DATABASE_URL points at it (DATABASE_WAIT_SECONDS sets how long start-up waits).',
        );
      }
      if (!lastLog || Date.now() - lastLog >= 10_000) {
        lastLog = Date.now();
        log(`PostgreSQL at ${where} is not reachable yet (${reason}); retrying for up to ${Math.round(waitMs / 1000)} s`);
      }
      await sleep(Math.min(delay, remaining));
      delay = Math.min(delay * 2, 2_000);
    }
  }
}

/** The advisory lock (per database) held by whichever process is migrating; any constant will do. */
const MIGRATION_LOCK = 0x5753_4d47; // "WSMG"

/** Processes of a deployment start together: one applies the migrations while the others wait for it, then find
 *  nothing left to do (drizzle's migrator alone would run the same migration twice and one process would fail). */
async function migrateExclusively(pool: pg.Pool, db: Database, migrationsFolder: string) {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(db as never, { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    lock.release();
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // JIT compilation (on by default since PostgreSQL 12, for statements the planner thinks costly) spent ~280 ms compiling
    // the turbine list's statement of a 2,000-turbine company whose run takes ~70 ms, on every build of that list
    // (bench:findings part 4): every statement here is a short read or write, so the app's sessions run without it.
    // Sent as a start-up option, set before the first statement; `options` in DATABASE_URL takes its place.
    // connectionTimeoutMillis bounds how long a request waits for a connection when the server does not answer;
    // a stopped server refuses at once, and the request gets a 503 (http/error-handler.ts)
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      options: '-c jit=off',
      max: 20,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
    });
    // a PostgreSQL restart must not crash the process: idle clients report errors here (the pool drops them and
    // opens new connections once the server is back)
    pool.on('error', () => {});
    // ... and so must a client that is checked out (inside a transaction, between its statements) when the server goes:
    // pg-pool listens for errors only on idle clients, and an 'error' event nobody listens to ends the process. The
    // statement that follows fails instead ("not queryable": a 503, db/unavailable.ts) and the pool drops the client.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    try {
      await waitForPostgres(pool, describeDatabaseUrl(options.databaseUrl), options.waitMs ?? 0, options.log ?? (() => {}));
      if (options.migrationsFolder !== null) await migrateExclusively(pool, db, options.migrationsFolder ?? MIGRATIONS_FOLDER);
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
    };
  }
  const client =
    options.pgliteDir !== 'memory://'
      ? new PGlite(options.pgliteDir)
      : options.pgliteTemplate
        ? new PGlite({ loadDataDir: options.pgliteTemplate })
        : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  if (options.migrationsFolder !== null)
    await migratePglite(db as never, { migrationsFolder: options.migrationsFolder ?? MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    async close() {
      // closing ends PGlite's Emscripten runtime, which sets process.exitCode to 0: a command that failed before
      // closing (integrity, backup, restore) would exit 0
      const exitCode = process.exitCode;
      try {
        await client.close();
      } finally {
        process.exitCode = exitCode;
      }
    },
    ping: async () => !client.closed,
  };
}
