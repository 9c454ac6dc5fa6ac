import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { promisify } from 'node:util';
import { type Executor, MIGRATIONS_FOLDER, openDatabase } from '../db/client.ts';
import { appliedMigrations, loadDatabase, tablesInLoadOrder } from './database-dump.ts';
import { type BackupManifest, DATABASE_ENTRY, keyOfEntry, MANIFEST_ENTRY, parseManifest } from './manifest.ts';
import { sql } from 'drizzle-orm';

export interface RestoreOptions {
  archive: string;
  databaseUrl: string | undefined;
  pgliteDir: string;
  dataDir: string;
  /** the fs driver's folder; null with S3 (the database part only) */
  filesRoot: string | null;
  log?: (line: string) => void;
}

export interface RestoreResult {
  tables: Record<string, number>;
  files: number;
  manifest: BackupManifest;
}

const WRITE_BATCH = 4 << 20;

/** A refusal the operator can act on (not empty, damaged archive): printed as it is, exit 1. */
export class RestoreRefused extends Error {}

async function countFiles(dir: string): Promise<number> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let n = 0;
  for (const entry of entries) n += entry.isDirectory() ? await countFiles(path.join(dir, entry.name)) : 1;
  return n;
}

/** Removes a tree of empty folders (a data folder that had only been created); leaves any file alone. */
async function removeEmptyTree(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
  if (!entries) return;
  for (const entry of entries) if (entry.isDirectory()) await removeEmptyTree(path.join(dir, entry.name));
  await rmdir(dir).catch(() => {});
}

/** Unpacks the archive into `into`, hashing every entry; throws RestoreRefused unless the manifest is there and every
 *  file's size and SHA-256 match it (nothing else is written meanwhile). */
async function unpackVerified(archive: string, into: string): Promise<BackupManifest> {
  const head = Buffer.alloc(2);
  const probe = await open(archive, 'r').catch(() => {
    throw new RestoreRefused(`cannot read ${archive}`);
  });
  await probe.read(head, 0, 2, 0);
  await probe.close();
  let source: Readable = createReadStream(archive, { highWaterMark: 4 << 20 });
  if (head[0] === 0x1f && head[1] === 0x8b) source = source.pipe(createGunzip());
  const extract = tar.extract();
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | null = null;
  /** made durable all at once at the end (an fsync per file in the loop held the thread pool the writes need) */
  const written: string[] = [];
  const feeding = (async () => {
    try {
      for await (const chunk of source) if (!extract.write(chunk as Buffer)) await once(extract, 'drain');
      extract.end(undefined);
    } catch (error) {
      extract.destroy(error as Error);
    }
  })();
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type !== 'file') throw new RestoreRefused(`the archive holds an unexpected entry: ${name}`);
      if (name === MANIFEST_ENTRY) {
        const parts: Buffer[] = [];
        for await (const chunk of entry) parts.push(chunk as Buffer);
        manifestBytes = Buffer.concat(parts);
        continue;
      }
      const key = name === DATABASE_ENTRY ? DATABASE_ENTRY : keyOfEntry(name);
      if (!key) throw new RestoreRefused(`the archive holds an unexpected entry: ${name}`);
      const target = name === DATABASE_ENTRY ? path.join(into, DATABASE_ENTRY) : path.join(into, 'files', ...key.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      const out = await open(target, 'w', 0o600);
      const hash = createHash('sha256');
      let size = 0;
      try {
        // the parser hands out small pieces: written 4 MB at a time (one thread-pool trip each, not one per piece)
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        for await (const chunk of entry) {
          hash.update(chunk as Buffer);
          size += (chunk as Buffer).length;
          pending.push(chunk as Buffer);
          pendingBytes += (chunk as Buffer).length;
          if (pendingBytes >= WRITE_BATCH) {
            await out.writev(pending);
            pending = [];
            pendingBytes = 0;
          }
        }
        if (pending.length > 0) await out.writev(pending);
      } catch (error) {
        await out.close();
        throw error;
      }
      await out.close();
      written.push(target);
      seen.set(key, { size, sha256: hash.digest('hex') });
    }
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(
      `the archive is damaged or cut short (${error instanceof Error ? error.message : String(error)}): nothing was restored`,
    );
  } finally {
    await feeding;
  }
  await makeDurable(into, written);
  if (!manifestBytes) throw new RestoreRefused('the archive has no manifest (cut short, or not a Windscope backup): nothing was restored');
  let manifest: BackupManifest;
  try {
    manifest = parseManifest(manifestBytes);
  } catch (error) {
    throw new RestoreRefused(`${(error as Error).message}: nothing was restored`);
  }
  const expected = new Map<string, { size: number; sha256: string }>([
    [DATABASE_ENTRY, manifest.database],
    ...manifest.files.map((f) => [f.key, f] as const),
  ]);
  for (const [key, want] of expected) {
    const got = seen.get(key);
    if (!got) throw new RestoreRefused(`the archive lacks ${key}, which its manifest lists: nothing was restored`);
    if (got.size !== want.size || got.sha256 !== want.sha256)
      throw new RestoreRefused(`${key} does not match its checksum in the manifest: the archive is damaged, nothing was restored`);
  }
  for (const key of seen.keys())
    if (!expected.has(key)) throw new RestoreRefused(`the archive holds ${key}, which its manifest does not list: nothing was restored`);
  return manifest;
}

/** Every unpacked file on disk before anything refers to it: one `sync -f` (syncfs) of the folder's file system where
 *  coreutils has it, otherwise an fsync per file, four at a time. */
async function makeDurable(dir: string, files: string[]): Promise<void> {
  try {
    await promisify(execFile)('sync', ['-f', dir]);
    return;
  } catch {}
  for (let i = 0; i < files.length; i += 4) {
    await Promise.all(
      files.slice(i, i + 4).map(async (file) => {
        const handle = await open(file, 'r');
        await handle.sync().finally(() => handle.close());
      }),
    );
  }
}

/** The code's migrations up to the archive's level, as a folder drizzle's migrator reads: the empty database is brought
 *  to the dump's schema first, loaded, then migrated on to this version's (`current`: nothing more to do). */
async function migrationsUpTo(
  level: BackupManifest['database']['migrations'],
  scratch: string,
): Promise<{ folder: string; current: boolean }> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  if (level.length > journal.entries.length) {
    throw new RestoreRefused(
      `the archive was made by a newer Windscope (schema level ${level.length}, this version knows ${journal.entries.length}): restore it with that version`,
    );
  }
  for (const [i, m] of level.entries()) {
    if (journal.entries[i]?.when !== m.createdAt)
      throw new RestoreRefused(`the archive's schema (migration ${i + 1}) is not this version's: restore it with the version that made it`);
  }
  const folder = path.join(scratch, 'migrations');
  await mkdir(path.join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, level.length);
  for (const e of entries) await copyFile(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return { folder, current: entries.length === journal.entries.length };
}

/** Tables that hold what a company made: with rows in any of them the database is not empty. (Migrations put rows in
 *  others, such as list_versions; the load replaces those.) */
const USER_DATA_TABLES = ['companies', 'users', 'turbines', 'photos', 'reports', 'findings'];

async function assertEmptyDatabase(db: Executor): Promise<void> {
  const present = new Set(await tablesInLoadOrder(db));
  for (const table of USER_DATA_TABLES.filter((t) => present.has(t))) {
    const result = (await db.execute(sql.raw(`select exists (select 1 from "${table}") as used`))) as unknown as {
      rows: { used: boolean }[];
    };
    if (result.rows[0]?.used)
      throw new RestoreRefused(`the database is not empty (table ${table} has rows): restore needs an empty database`);
  }
}

/** Fills an empty database and an empty data folder from an archive. Refuses (RestoreRefused) a non-empty target or a
 *  damaged archive before writing anything; the database part is one transaction; the files are unpacked into a
 *  temporary folder beside their place and moved there only once every checksum passed and the rows are in. */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  if (options.filesRoot) {
    const present = await countFiles(options.filesRoot);
    if (present > 0)
      throw new RestoreRefused(`the data folder ${options.filesRoot} is not empty (${present} files): restore needs an empty one`);
  }
  // a PGlite folder that does not exist yet is empty; opening it would create it
  if (options.databaseUrl || existsSync(path.join(options.pgliteDir, 'PG_VERSION'))) {
    const probe = await openDatabase({ databaseUrl: options.databaseUrl, pgliteDir: options.pgliteDir, migrationsFolder: null });
    try {
      await assertEmptyDatabase(probe.db);
    } finally {
      await probe.close();
    }
  }

  await mkdir(options.dataDir, { recursive: true });
  const scratch = await mkdtemp(path.join(options.dataDir, '.restore-'));
  const newPglite = !options.databaseUrl && !existsSync(options.pgliteDir);
  try {
    log('checking the archive');
    let mark = Date.now();
    const took = () => {
      const seconds = ((Date.now() - mark) / 1000).toFixed(1);
      mark = Date.now();
      return `${seconds} s`;
    };
    const manifest = await unpackVerified(options.archive, scratch);
    log(`archive of ${manifest.createdAt}: ${manifest.files.length} files unpacked, checksums correct (${took()})`);
    if (manifest.storage === 'fs' && !options.filesRoot) {
      throw new RestoreRefused('the archive holds files but STORAGE=s3: restore it with STORAGE=fs');
    }
    const { folder, current: migrationsAreCurrent } = await migrationsUpTo(manifest.database.migrations, scratch);
    // PGlite's initdb and migrations run on this thread: made after the files (alongside them it slowed the unpacking)
    const target = await openDatabase({ databaseUrl: options.databaseUrl, pgliteDir: options.pgliteDir, migrationsFolder: folder });
    let tables: Record<string, number>;
    try {
      const applied = await appliedMigrations(target.db);
      if (applied.length !== manifest.database.migrations.length) {
        throw new RestoreRefused(
          `the database is at a newer schema level (${applied.length}) than the archive (${manifest.database.migrations.length}): restore into an empty database`,
        );
      }
      tables = await target.db.transaction(async (tx) => {
        await assertEmptyDatabase(tx);
        return loadDatabase(tx, path.join(scratch, DATABASE_ENTRY));
      });
    } finally {
      await target.close();
    }
    log(`database: ${Object.values(tables).reduce((a, b) => a + b, 0)} rows restored (${took()})`);
    if (options.filesRoot && manifest.files.length > 0) {
      // an empty (or absent) folder is replaced by the unpacked one in one rename
      await removeEmptyTree(options.filesRoot);
      await mkdir(path.dirname(options.filesRoot), { recursive: true });
      await rename(path.join(scratch, 'files'), options.filesRoot);
    }
    log(`files moved into place (${took()})`);
    // on to this version's schema, as the server would at start-up
    if (!migrationsAreCurrent) await (await openDatabase({ databaseUrl: options.databaseUrl, pgliteDir: options.pgliteDir })).close();
    return { tables, files: manifest.files.length, manifest };
  } catch (error) {
    // a database this restore created holds nothing (its transaction rolled back): it goes too
    if (newPglite) await rm(options.pgliteDir, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
