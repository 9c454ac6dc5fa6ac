import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync as readFileSyncNow } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { type Executor, MIGRATIONS_FOLDER, openDatabase } from '../db/client.ts';
import { appliedMigrations, loadDatabase, tablesInLoadOrder } from './database-dump.ts';
import { ParallelCopier } from './parallel-copy.ts';
import { type ArchiveEntry, ArchiveUnreadable, listEntries } from './tar-layout.ts';
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

const refusedAsDamaged = (reason: string) => new RestoreRefused(`the archive is damaged or cut short (${reason}): nothing was restored`);

/** Unpacks the archive into `into` and checks it; throws RestoreRefused unless the manifest is there, lists exactly
 *  the entries there are, and every entry's size and SHA-256 match it (the files are written into `into` meanwhile,
 *  nothing else). The headers are read first (the entries' bytes skipped), so the manifest is checked before a byte
 *  is copied; then the copying threads read each entry once, hash it and write its file, several at a time. A gzip
 *  archive is first decompressed beside them. `durable`: every file written is on disk. */
async function unpackVerified(
  archive: string,
  into: string,
  onDatabaseHeader: (header: unknown) => void = () => {},
): Promise<{ manifest: BackupManifest; durable: Promise<void> }> {
  let handle = await open(archive, 'r').catch(() => {
    throw new RestoreRefused(`cannot read ${archive}`);
  });
  let tarFile = archive;
  const copier = new ParallelCopier();
  try {
    const head = Buffer.alloc(2);
    await handle.read(head, 0, 2, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) {
      await handle.close();
      tarFile = path.join(into, 'archive.tar');
      try {
        await pipeline(
          createReadStream(archive, { highWaterMark: 1 << 20 }),
          createGunzip({ chunkSize: 1 << 20 }),
          createWriteStream(tarFile, { flags: 'wx', mode: 0o600 }),
        );
      } catch (error) {
        // zlib's errors (Z_BUF_ERROR: cut short, Z_DATA_ERROR: damaged); a full disk is not the archive's fault
        if (String((error as { code?: string }).code).startsWith('Z_')) throw refusedAsDamaged((error as Error).message);
        throw error;
      }
      handle = await open(tarFile, 'r');
    }
    let entries: ArchiveEntry[];
    try {
      entries = await listEntries(handle);
    } catch (error) {
      if (error instanceof ArchiveUnreadable) throw refusedAsDamaged(error.message);
      throw error;
    }
    const manifestEntry = entries.find((e) => e.name === MANIFEST_ENTRY);
    if (!manifestEntry)
      throw new RestoreRefused('the archive has no manifest (cut short, or not a Windscope backup): nothing was restored');
    if (manifestEntry.size > 1 << 30)
      throw new RestoreRefused('this is not a Windscope backup (its manifest is not one): nothing was restored');
    const manifestBytes = Buffer.alloc(manifestEntry.size);
    await handle.read(manifestBytes, 0, manifestEntry.size, manifestEntry.offset);
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
    /** what to copy: every entry but the manifest, each checked against the manifest's line for it */
    const copies: { key: string; entry: ArchiveEntry; target: string; want: { size: number; sha256: string } }[] = [];
    const seen = new Set<string>();
    for (const entry of entries) {
      if (entry === manifestEntry) continue;
      const key = entry.name === DATABASE_ENTRY ? DATABASE_ENTRY : keyOfEntry(entry.name);
      if (entry.type !== 'file' || !key || entry.name === MANIFEST_ENTRY)
        throw new RestoreRefused(`the archive holds an unexpected entry: ${entry.name}`);
      const want = expected.get(key);
      if (!want) throw new RestoreRefused(`the archive holds ${key}, which its manifest does not list: nothing was restored`);
      if (seen.has(key)) throw new RestoreRefused(`the archive holds ${key} twice: nothing was restored`);
      if (entry.size !== want.size)
        throw new RestoreRefused(`${key} does not match its checksum in the manifest: the archive is damaged, nothing was restored`);
      seen.add(key);
      const target = key === DATABASE_ENTRY ? path.join(into, DATABASE_ENTRY) : path.join(into, 'files', ...key.split('/'));
      copies.push({ key, entry, target, want });
    }
    for (const key of expected.keys())
      if (!seen.has(key)) throw new RestoreRefused(`the archive lacks ${key}, which its manifest lists: nothing was restored`);
    // the dump's first line (its schema level), for the new database's migrations to start now
    const dumpEntry = copies.find((c) => c.key === DATABASE_ENTRY)?.entry;
    if (dumpEntry) {
      const first = Buffer.alloc(Math.min(dumpEntry.size, 64 << 10));
      await handle.read(first, 0, first.length, dumpEntry.offset);
      const end = first.indexOf(10);
      try {
        if (end >= 0) onDatabaseHeader(JSON.parse(first.subarray(0, end).toString('utf8')));
      } catch {}
    }
    const results = copies.map(async ({ key, entry, target, want }) => {
      const sha256 = await copier.copy({ from: { archive: tarFile, offset: entry.offset }, to: { file: target }, size: entry.size });
      if (sha256 !== want.sha256)
        throw new RestoreRefused(`${key} does not match its checksum in the manifest: the archive is damaged, nothing was restored`);
    });
    try {
      await Promise.all(results);
    } finally {
      // the first failure stops the other copies; every file is closed before the scratch folder may go
      await copier.close();
      await Promise.allSettled(results);
    }
    if (tarFile !== archive) await rm(tarFile, { force: true });
    // written back while the database is loaded; awaited before its transaction commits
    const durable = makeDurable(
      into,
      copies.map((c) => c.target),
    );
    durable.catch(() => {});
    return { manifest, durable };
  } finally {
    await copier.close();
    await handle.close();
  }
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

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the first restore keeps, for the next ones, the fresh initdb folder's dump and each schema level's migrated
 *  folder (pglite-initdb-worker.mjs), per PGlite version (null: unknown or not writable). */
function pgliteTemplates(): { templates: string; version: string } | null {
  try {
    const root = path.resolve(here, '../../../..');
    const { version } = JSON.parse(readFileSyncNow(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
      version: string;
    };
    const templates = path.join(root, 'node_modules/.cache/windscope-pglite');
    mkdirSync(templates, { recursive: true });
    return { templates, version };
  } catch {
    return null;
  }
}

/** A new PGlite folder made on a worker thread (pglite-initdb-worker.mjs); stop() ends it, finished or not. */
interface NewPglite {
  /** how it was made, once it is */
  done: Promise<string>;
  /** the migrations to run in it (null: none) and their level's name; the first call counts */
  migrate(migrations: { folder: string; level: string } | null): void;
  stop(): Promise<void>;
}

function startInitdb(dir: string): NewPglite {
  const worker = new Worker(new URL('./pglite-initdb-worker.mjs', import.meta.url), {
    workerData: { dir, ...(pgliteTemplates() ?? { templates: null, version: null }) },
  });
  let made = 'by initdb';
  worker.once('message', (message: { made: string }) => {
    made = message.made;
  });
  const done = new Promise<string>((resolve, reject) => {
    worker.once('error', (error) => reject(new Error(`could not create the PGlite database in ${dir}: ${error.message}`)));
    worker.once('exit', (code) =>
      code === 0 ? resolve(made) : reject(new Error(`could not create the PGlite database in ${dir} (exit code ${code})`)),
    );
  });
  done.catch(() => {}); // seen where it is awaited; a refused archive stops it without waiting for it
  let asked = false;
  return {
    done,
    migrate(migrations) {
      if (asked) return;
      asked = true;
      worker.postMessage({ migrationsFolder: migrations?.folder ?? null, level: migrations?.level ?? null });
    },
    stop: async () => void (await worker.terminate()),
  };
}

/** The code's migrations up to the archive's level, as a folder drizzle's migrator reads: the empty database is brought
 *  to the dump's schema first, loaded, then migrated on to this version's (`current`: nothing more to do). */
async function migrationsUpTo(
  level: BackupManifest['database']['migrations'],
  scratch: string,
  name = 'migrations',
): Promise<{ folder: string; current: boolean; level: string }> {
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
  const folder = path.join(scratch, name);
  await mkdir(path.join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, level.length);
  // the level's name: what the migrations are, byte for byte (a kept database folder is one of that level)
  const levelHash = createHash('sha256').update(JSON.stringify(entries));
  for (const e of entries) {
    const text = await readFile(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`));
    levelHash.update(text);
    await writeFile(path.join(folder, `${e.tag}.sql`), text);
  }
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return { folder, current: entries.length === journal.entries.length, level: levelHash.digest('hex').slice(0, 16) };
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
  // a new PGlite's initdb and migrations (seconds of CPU) run on their own thread while the archive is unpacked and
  // checked; nothing is loaded into it before every checksum passed, and a refused restore removes it (below)
  const initdb = newPglite ? startInitdb(options.pgliteDir) : null;
  /** the copy of the migrations for the new database's thread (never rejects) */
  let early: Promise<void> = Promise.resolve();
  /** the unpacked files being made durable */
  let writingBack: Promise<void> = Promise.resolve();
  try {
    log('checking the archive');
    let mark = Date.now();
    const took = () => {
      const seconds = ((Date.now() - mark) / 1000).toFixed(1);
      mark = Date.now();
      return `${seconds} s`;
    };
    // not yet checked, only a head start: the manifest's level decides below (the migrator does what is left)
    const { manifest, durable } = await unpackVerified(options.archive, scratch, (header) => {
      const level = (header as { migrations?: unknown } | null)?.migrations;
      if (!initdb || !Array.isArray(level)) return;
      early = migrationsUpTo(level as BackupManifest['database']['migrations'], scratch, 'migrations-early').then(
        (migrations) => initdb.migrate(migrations),
        () => initdb.migrate(null),
      );
    });
    writingBack = durable;
    log(`archive of ${manifest.createdAt}: ${manifest.files.length} files unpacked, checksums correct (${took()})`);
    if (manifest.storage === 'fs' && !options.filesRoot) {
      throw new RestoreRefused('the archive holds files but STORAGE=s3: restore it with STORAGE=fs');
    }
    const { folder, current: migrationsAreCurrent } = await migrationsUpTo(manifest.database.migrations, scratch);
    if (initdb) {
      await early;
      initdb.migrate(null);
      const made = await initdb.done;
      log(`empty database made alongside, ${made} (${took()} more)`);
    }
    // the migrator finds nothing left to do in a new PGlite (its thread ran them); otherwise they run here
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
        const loaded = await loadDatabase(tx, path.join(scratch, DATABASE_ENTRY));
        // no row refers to a file that is not on disk yet
        await durable;
        return loaded;
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
    // done writing into the scratch folder before it is removed
    await early;
    await writingBack.catch(() => {});
    await initdb?.stop();
    // a database this restore created holds nothing (its transaction rolled back): it goes too
    // (a failure to remove it must not hide why the restore failed)
    if (newPglite) await rm(options.pgliteDir, { recursive: true, force: true }).catch(() => {});
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
