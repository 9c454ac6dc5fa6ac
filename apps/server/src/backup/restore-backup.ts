import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync as readFileSyncNow } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { type DatabaseHandle, type Executor, MIGRATIONS_FOLDER, openDatabase } from '../db/client.ts';
import { appliedMigrations, loadDatabase, tablesInLoadOrder } from './database-dump.ts';
import { ParallelCopier } from './parallel-copy.ts';
import { syncDirectory } from '../lib/sync-directory.ts';
import { type ArchiveEntry, ArchiveUnreadable, listEntries } from './tar-layout.ts';
import { type BackupManifest, DATABASE_ENTRY, keyOfEntry, MANIFEST_ENTRY, parseManifest } from './manifest.ts';
import { sql } from 'drizzle-orm';
import {
  errorText,
  type OperatorCode,
  OperatorError,
  type OperatorLine,
  type OperatorParamsArg,
  operatorError,
  operatorLine,
} from '../lib/operator-messages.ts';

export interface RestoreOptions {
  archive: string;
  databaseUrl: string | undefined;
  pgliteDir: string;
  dataDir: string;
  /** the fs driver's folder; null with S3 (the database part only) */
  filesRoot: string | null;
  /** progress, put into words by the caller (formatOperator) */
  log?: (line: OperatorLine) => void;
}

export interface RestoreResult {
  tables: Record<string, number>;
  files: number;
  manifest: BackupManifest;
}

/** A refusal the operator can act on (not empty, damaged archive): printed in their language, exit 1. */
export class RestoreRefused extends OperatorError {}

/** The database is restored and committed, the files checked and on disk, but they could not be moved into the files
 *  folder: the error says where they are kept and where they go (nothing was removed). */
export class RestoreFilesNotMoved extends OperatorError {}

const refused = <C extends OperatorCode>(code: C, ...params: OperatorParamsArg<C>) => new RestoreRefused(operatorLine(code, ...params));

/** where a restore unpacks the files: a folder of this name inside the files folder (see restoreBackup) */
const FILES_SCRATCH_PREFIX = '.restore-';

/** The files under `dir`, not counting the files scratch folders of restores that were stopped half way (at the top). */
async function countFiles(dir: string, top = true): Promise<number> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let n = 0;
  for (const entry of entries) {
    if (top && entry.isDirectory() && entry.name.startsWith(FILES_SCRATCH_PREFIX)) continue;
    n += entry.isDirectory() ? await countFiles(path.join(dir, entry.name), false) : 1;
  }
  return n;
}

/** Removes a tree of empty folders (a data folder that had only been created); leaves any file alone. */
async function removeEmptyTree(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
  if (!entries) return;
  for (const entry of entries) if (entry.isDirectory()) await removeEmptyTree(path.join(dir, entry.name));
  await rmdir(dir).catch(() => {});
}

interface ArchiveCopy {
  key: string;
  entry: ArchiveEntry;
  target: string;
  want: { size: number; sha256: string };
}

/** An archive read and checked up to its manifest: `copies` are its entries to unpack (the database dump first). */
interface CheckedArchive {
  manifest: BackupManifest;
  copies: ArchiveCopy[];
  /** the tar the entries are read from (a gzip archive decompressed into the scratch folder) */
  tarFile: string;
  decompressed: boolean;
}

/** Reads the archive's headers (the entries' bytes skipped) and its manifest, and checks that the manifest lists
 *  exactly the entries there are, with their sizes; throws RestoreRefused otherwise. Nothing is unpacked yet (a gzip
 *  archive is decompressed into `into` first). */
async function checkArchive(archive: string, into: string, filesInto: string | null): Promise<CheckedArchive> {
  let handle = await open(archive, 'r').catch(() => {
    throw refused('RESTORE_CANNOT_READ', { archive });
  });
  let tarFile = archive;
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
        const code = String((error as { code?: string }).code);
        if (code === 'Z_BUF_ERROR') throw refused('RESTORE_DAMAGED_GZIP_CUT');
        if (code.startsWith('Z_')) throw refused('RESTORE_DAMAGED_GZIP_DATA');
        throw error;
      }
      handle = await open(tarFile, 'r');
    }
    let entries: ArchiveEntry[];
    try {
      entries = await listEntries(handle);
    } catch (error) {
      if (error instanceof ArchiveUnreadable) throw new RestoreRefused(error);
      throw error;
    }
    const manifestEntry = entries.find((e) => e.name === MANIFEST_ENTRY);
    if (!manifestEntry) throw refused('RESTORE_NO_MANIFEST');
    if (manifestEntry.size > 1 << 30) throw refused('RESTORE_NOT_A_BACKUP');
    const manifestBytes = Buffer.alloc(manifestEntry.size);
    await handle.read(manifestBytes, 0, manifestEntry.size, manifestEntry.offset);
    let manifest: BackupManifest;
    try {
      manifest = parseManifest(manifestBytes);
    } catch (error) {
      if (error instanceof OperatorError) throw new RestoreRefused(error);
      throw error;
    }
    const expected = new Map<string, { size: number; sha256: string }>([
      [DATABASE_ENTRY, manifest.database],
      ...manifest.files.map((f) => [f.key, f] as const),
    ]);
    /** what to copy: every entry but the manifest, each checked against the manifest's line for it */
    const copies: ArchiveCopy[] = [];
    const seen = new Set<string>();
    for (const entry of entries) {
      if (entry === manifestEntry) continue;
      const key = entry.name === DATABASE_ENTRY ? DATABASE_ENTRY : keyOfEntry(entry.name);
      if (entry.type !== 'file' || !key || entry.name === MANIFEST_ENTRY) throw refused('RESTORE_UNEXPECTED_ENTRY', { name: entry.name });
      const want = expected.get(key);
      if (!want) throw refused('RESTORE_ENTRY_UNLISTED', { key });
      if (seen.has(key)) throw refused('RESTORE_ENTRY_TWICE', { key });
      if (entry.size !== want.size) throw refused('RESTORE_CHECKSUM_MISMATCH', { key });
      seen.add(key);
      // a file where there is no files folder: refused after the check of the storage kind below
      const target = key === DATABASE_ENTRY ? path.join(into, DATABASE_ENTRY) : path.join(filesInto ?? into, ...key.split('/'));
      copies.push({ key, entry, target, want });
    }
    for (const key of expected.keys()) if (!seen.has(key)) throw refused('RESTORE_ENTRY_LACKING', { key });
    // the dump first: the database can be loaded (not committed) while the files are still being unpacked
    copies.sort((a, b) => Number(b.key === DATABASE_ENTRY) - Number(a.key === DATABASE_ENTRY));
    return { manifest, copies, tarFile, decompressed: tarFile !== archive };
  } finally {
    await handle.close();
  }
}

/** Unpacks the checked archive's entries into their places in the scratch folders (`into`: the folders they are in)
 *  on the copying threads, each read once, hashed and written in one pass, several at a time. `dump`: the database dump
 *  is unpacked and matches its checksum; `verified`: every entry is, and every file written is on disk (a `sync -f` of
 *  each folder's file system). Either rejects with RestoreRefused for an entry that does not match. */
function unpack(checked: CheckedArchive, into: string[], copier: ParallelCopier): { dump: Promise<void>; verified: Promise<void> } {
  const results = checked.copies.map(async ({ key, entry, target, want }) => {
    const sha256 = await copier.copy({ from: { archive: checked.tarFile, offset: entry.offset }, to: { file: target }, size: entry.size });
    if (sha256 !== want.sha256) throw refused('RESTORE_CHECKSUM_MISMATCH', { key });
  });
  const dump = results[checked.copies.findIndex((c) => c.key === DATABASE_ENTRY)] ?? Promise.resolve();
  const verified = (async () => {
    try {
      await Promise.all(results);
    } finally {
      // every file closed (or never opened) before the scratch folder may go
      await Promise.allSettled(results);
    }
    if (checked.decompressed) await rm(checked.tarFile, { force: true });
    await makeDurable(
      into,
      checked.copies.map((c) => c.target),
    );
  })();
  dump.catch(() => {});
  verified.catch(() => {});
  return { dump, verified };
}

/** Every unpacked file on disk before anything refers to it: one `sync -f` (syncfs) of each folder's file system where
 *  coreutils has it, otherwise an fsync per file, four at a time. */
async function makeDurable(dirs: string[], files: string[]): Promise<void> {
  try {
    await promisify(execFile)('sync', ['-f', ...dirs]);
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

/** Opens the restored database with V8 compiling PGlite's WebAssembly by its baseline compiler only (Liftoff): by
 *  default V8 also recompiles the hot functions with its optimizing one on background threads, which cost a fresh
 *  process ~2.5 s of CPU for a restore's few hundred queries (measured: open and load 4.9-5.3 s of CPU, 2.3-2.5 s
 *  without), competing with the copying threads on a small machine. The flags are V8's defaults again once it is
 *  open (a module already compiled in this process, e.g. the server's, is reused as it is). */
async function openWithoutWasmTierUp(open: () => Promise<DatabaseHandle>): Promise<DatabaseHandle> {
  setFlagsFromString('--liftoff-only');
  try {
    return await open();
  } finally {
    setFlagsFromString('--no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering');
  }
}

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

/** how the worker made the folder: a copy of the kept migrated folder, from the kept initdb, or by initdb */
type MadeBy = 'folder' | 'initdb-copy' | 'initdb';

/** A new PGlite folder made on a worker thread (pglite-initdb-worker.mjs); stop() ends it, finished or not. */
interface NewPglite {
  /** how it was made (pglite-initdb-worker.mjs), once it is */
  done: Promise<MadeBy>;
  /** the migrations to run in it (null: none) and their level's name; the first call counts */
  migrate(migrations: { folder: string; level: string } | null): void;
  stop(): Promise<void>;
}

function startInitdb(dir: string): NewPglite {
  const worker = new Worker(new URL('./pglite-initdb-worker.mjs', import.meta.url), {
    workerData: { dir, ...(pgliteTemplates() ?? { templates: null, version: null }) },
    // plain JavaScript: without the parent's loader flags
    execArgv: [],
  });
  let made = 'initdb' as MadeBy;
  worker.once('message', (message: { made: MadeBy }) => {
    made = message.made;
  });
  const done = new Promise<MadeBy>((resolve, reject) => {
    worker.once('error', (error) => reject(operatorError('RESTORE_PGLITE_FAILED', { dir, reason: error.message })));
    worker.once('exit', (code) => (code === 0 ? resolve(made) : reject(operatorError('RESTORE_PGLITE_EXIT', { dir, code }))));
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
    throw refused('RESTORE_NEWER_VERSION', { level: level.length, known: journal.entries.length });
  }
  for (const [i, m] of level.entries()) {
    if (journal.entries[i]?.when !== m.createdAt) throw refused('RESTORE_OTHER_SCHEMA', { migration: i + 1 });
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
    if (result.rows[0]?.used) throw refused('RESTORE_DATABASE_NOT_EMPTY', { table });
  }
}

/** Fills an empty database and an empty data folder from an archive. Refuses (RestoreRefused) a non-empty target or a
 *  damaged archive before putting anything in place: the files are unpacked into a temporary folder inside the files
 *  folder (on its file system, also when it is a mount point or a link to another disk) and moved up into place only
 *  once every checksum passed, they are on disk and the rows are in; the database part is one transaction, committed
 *  only once every checksum passed and the files are on disk. Into a new PGlite (made on its own thread meanwhile) the
 *  rows are loaded, uncommitted, while the files are still being unpacked (the dump's own checksum checked first); a
 *  database that exists (PostgreSQL) is not touched before every checksum passed. After the commit nothing is removed:
 *  a failure to move the files into place (RestoreFilesNotMoved) says where the checked files are kept. */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const { filesRoot } = options;
  if (filesRoot) {
    const kind = await stat(filesRoot).catch(() => null);
    if (kind && !kind.isDirectory()) throw refused('RESTORE_FILES_NOT_A_FOLDER', { dir: filesRoot });
    const present = await countFiles(filesRoot);
    if (present > 0) throw refused('RESTORE_FILES_NOT_EMPTY', { dir: filesRoot, count: present });
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
  // the files folder (made if there is none: the first folder made is removed again if the restore is refused), a
  // scratch folder of a restore stopped half way in it removed, and this one's made; then the data folder's scratch.
  // A failure on the way leaves none of them behind.
  const madeFilesRoot = filesRoot ? await mkdir(filesRoot, { recursive: true }) : undefined;
  let filesScratch: string | null = null;
  /** before the commit, on a failure: the files' scratch folder, and the files folder if this restore made it */
  const removeFilesMade = async () => {
    if (filesScratch) await rm(filesScratch, { recursive: true, force: true }).catch(() => {});
    if (madeFilesRoot) await removeEmptyTree(madeFilesRoot);
  };
  let scratch: string;
  try {
    if (filesRoot) {
      for (const name of await readdir(filesRoot)) {
        if (name.startsWith(FILES_SCRATCH_PREFIX)) await rm(path.join(filesRoot, name), { recursive: true, force: true });
      }
      filesScratch = await mkdtemp(path.join(filesRoot, FILES_SCRATCH_PREFIX));
    }
    scratch = await mkdtemp(path.join(options.dataDir, '.restore-'));
  } catch (error) {
    await removeFilesMade();
    throw error;
  }
  /** the database committed: from here on nothing is removed */
  let committed = false;
  const newPglite = !options.databaseUrl && !existsSync(options.pgliteDir);
  // a new PGlite's initdb and migrations (seconds of CPU) run on their own thread while the archive is unpacked and
  // checked; a refused restore removes it (below)
  const initdb = newPglite ? startInitdb(options.pgliteDir) : null;
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  let copier: ParallelCopier | null = null;
  /** every entry unpacked, checked and on disk */
  let verified: Promise<void> = Promise.resolve();
  /** the rows loaded and committed */
  let loading: Promise<unknown> = Promise.resolve();
  try {
    log(operatorLine('RESTORE_CHECKING'));
    const checked = await checkArchive(options.archive, scratch, filesScratch);
    const { manifest } = checked;
    if (manifest.storage === 'fs' && !filesRoot) {
      throw refused('RESTORE_FILES_WITH_S3');
    }
    const { folder, current: migrationsAreCurrent, level } = await migrationsUpTo(manifest.database.migrations, scratch);
    initdb?.migrate({ folder, level });
    copier = new ParallelCopier();
    const unpacking = unpack(checked, filesScratch ? [scratch, filesScratch] : [scratch], copier);
    verified = unpacking.verified;
    let unpackFailed = false;
    verified.then(
      () => log(operatorLine('RESTORE_UNPACKED', { createdAt: manifest.createdAt, files: manifest.files.length, seconds: seconds() })),
      () => {
        unpackFailed = true;
      },
    );
    const loadRows = async (): Promise<Record<string, number>> => {
      if (initdb) {
        await unpacking.dump;
        const made = await initdb.done;
        const code = (
          {
            folder: 'RESTORE_DATABASE_MADE_FROM_FOLDER',
            'initdb-copy': 'RESTORE_DATABASE_MADE_FROM_INITDB',
            initdb: 'RESTORE_DATABASE_MADE_BY_INITDB',
          } as const
        )[made];
        log(operatorLine(code, { seconds: seconds() }));
        // a damaged archive: the rows are not loaded at all
        if (unpackFailed) await verified;
      } else {
        await verified;
      }
      // the migrator finds nothing left to do in a new PGlite (its thread ran them); otherwise they run here
      const target = await openWithoutWasmTierUp(() =>
        openDatabase({ databaseUrl: options.databaseUrl, pgliteDir: options.pgliteDir, migrationsFolder: folder }),
      );
      try {
        const applied = await appliedMigrations(target.db);
        if (applied.length !== manifest.database.migrations.length) {
          throw refused('RESTORE_DATABASE_NEWER', { applied: applied.length, archived: manifest.database.migrations.length });
        }
        return await target.db.transaction(async (tx) => {
          await assertEmptyDatabase(tx);
          if (unpackFailed) await verified;
          const loaded = await loadDatabase(tx, path.join(scratch, DATABASE_ENTRY));
          log(operatorLine('RESTORE_ROWS_LOADED', { rows: Object.values(loaded).reduce((a, b) => a + b, 0), seconds: seconds() }));
          // committed once every checksum passed and no row refers to a file that is not on disk yet
          await verified;
          return loaded;
        });
      } finally {
        await target.close();
      }
    };
    loading = loadRows();
    loading.catch(() => {});
    const [tables] = await Promise.all([loading as Promise<Record<string, number>>, verified]);
    committed = true;
    log(operatorLine('RESTORE_COMMITTED', { seconds: seconds() }));
    if (filesRoot && filesScratch) {
      try {
        // each top folder up one level, a rename within one folder of one file system (an empty folder of the same
        // name, left by an earlier start, goes first); then the moves themselves on disk before the restore says it
        // is done (the files and the rows already are)
        for (const name of await readdir(filesScratch)) {
          await removeEmptyTree(path.join(filesRoot, name));
          await rename(path.join(filesScratch, name), path.join(filesRoot, name));
        }
        await rmdir(filesScratch);
        await syncDirectory(filesRoot);
      } catch (error) {
        throw new RestoreFilesNotMoved(
          operatorLine('RESTORE_FILES_NOT_MOVED', { dir: filesScratch, target: filesRoot, reason: errorText(error, 'en') }),
        );
      }
    }
    log(operatorLine('RESTORE_FILES_IN_PLACE', { seconds: seconds() }));
    // on to this version's schema, as the server would at start-up
    if (!migrationsAreCurrent) await (await openDatabase({ databaseUrl: options.databaseUrl, pgliteDir: options.pgliteDir })).close();
    return { tables, files: manifest.files.length, manifest };
  } catch (error) {
    // committed: the rows stay and so do the files not yet moved (the error says where)
    if (committed) throw error;
    // the copies stopped, every file closed and the database closed (its transaction rolled back) before anything is removed
    await copier?.close();
    await Promise.allSettled([verified, loading]);
    await initdb?.stop();
    // a database this restore created holds nothing (its transaction rolled back): it goes too
    // (a failure to remove it must not hide why the restore failed)
    if (newPglite) await rm(options.pgliteDir, { recursive: true, force: true }).catch(() => {});
    await removeFilesMade();
    throw error;
  } finally {
    await copier?.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
