import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/db/client.ts';

/**
 * Migrated starting points for the test databases. A test app's start was mostly initdb and the migrations (PGlite:
 * initdb ~5x the cost of loading a data-folder dump), paid again by each of the suite's hundreds of apps. The template is
 * keyed by the migrations' contents (and PGlite's version), so a changed migration makes a new one; the apps still run
 * the migrator on it, which then finds nothing to do, so a test never runs on a schema other than today's.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const CACHE_DIR = path.resolve(here, '../../../node_modules/.cache/windscope-test-db');

let cachedKey: string | null = null;
/** a hash of every migration file and the journal, and of PGlite's version (a dump is read by the same PGlite) */
export function migrationsKey(): string {
  if (cachedKey) return cachedKey;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(MIGRATIONS_FOLDER, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  walk(MIGRATIONS_FOLDER);
  const pgliteVersion = JSON.parse(
    readFileSync(path.resolve(here, '../../../node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ).version;
  hash.update(String(pgliteVersion));
  cachedKey = hash.digest('hex').slice(0, 16);
  return cachedKey;
}

/** the dump as read once per worker: every test app of the worker starts from the same bytes (a Blob is immutable) */
let templateBlob: Blob | null = null;

/** A migrated, empty PGlite data folder as a dump; made once per migrations key and kept in node_modules/.cache. */
export async function pgliteTemplate(): Promise<Blob> {
  if (templateBlob) return templateBlob;
  const file = path.join(CACHE_DIR, `pglite-${migrationsKey()}.tar`);
  if (!existsSync(file)) {
    const client = new PGlite();
    await client.waitReady;
    await migrate(drizzle(client) as never, { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    await client.close();
    mkdirSync(CACHE_DIR, { recursive: true });
    // two workers may make it at once: each writes its own file, the rename makes the last one whole
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  templateBlob = new Blob([readFileSync(file)]);
  return templateBlob;
}

/** The name of a migrated PostgreSQL database to copy (CREATE DATABASE … TEMPLATE), made once per migrations key. */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `ws_template_${migrationsKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = async () => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    // one maker at a time across workers and concurrent runs; the others find it made
    await admin.query('select pg_advisory_lock($1)', [0x5753_5450]);
    try {
      if (await exists()) return name;
      const building = `${name}_building_${process.pid}`;
      await admin.query(`drop database if exists ${building}`);
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'unused' });
      await database.close();
      // only a whole, migrated database gets the template's name
      await admin.query(`alter database ${building} rename to ${name}`);
      await admin.query(`alter database ${name} with is_template true`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [0x5753_5450]);
    }
    return name;
  } finally {
    await admin.end();
  }
}
