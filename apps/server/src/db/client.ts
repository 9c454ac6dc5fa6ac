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

/** The advisory lock (per database) held by whichever process is migrating; any constant will do. */
const MIGRATION_LOCK = 0x5753_4d47; // "WSMG"

/** Processes of a deployment start together: one applies the migrations while the others wait for it, then find
 *  nothing left to do (drizzle's migrator alone would run the same migration twice and one process would fail). */
async function migrateExclusively(pool: pg.Pool, db: Database) {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    lock.release();
  }
}

export async function openDatabase(options: { databaseUrl?: string; pgliteDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
    // a PostgreSQL restart must not crash the process: idle clients report errors here
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    await migrateExclusively(pool, db);
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
  const client = options.pgliteDir === 'memory://' ? new PGlite() : new PGlite(options.pgliteDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    ping: async () => !client.closed,
  };
}
