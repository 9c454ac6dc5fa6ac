import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync as readFileSyncNow } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { copyFile, mkdir, mkdtemp, open, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { type Executor, MIGRATIONS_FOLDER, openDatabase } from '../db/client.ts';
import { appliedMigrations, loadDatabase, tablesInLoadOrder } from './database-dump.ts';
import { ChecksumThreadFailed, ParallelHasher } from './parallel-hash.ts';
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

const READ_CHUNK = 4 << 20;
const WRITE_BATCH = 4 << 20;
/** bytes handed to the thread pool's writes and not yet written, at most */
const MAX_WRITING = 64 << 20;

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

/** 'close' too: a parse that failed (or a loop that stopped) never drains */
const drainedOrClosed = (stream: tar.Extract) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });

/** Unpacks the archive into `into`, hashing every entry; throws RestoreRefused unless the manifest is there and every
 *  file's size and SHA-256 match it (nothing else is written meanwhile). The checksum thread hashes the bytes while
 *  they are written; each file's writes go to the thread pool without waiting for the last one (up to MAX_WRITING
 *  bytes), so reading, parsing, hashing and writing overlap. */
async function unpackVerified(
  archive: string,
  into: string,
  onDatabaseHeader: (header: unknown) => void = () => {},
): Promise<BackupManifest> {
  const handle = await open(archive, 'r').catch(() => {
    throw new RestoreRefused(`cannot read ${archive}`);
  });
  const hasher = new ParallelHasher();
  const extract = tar.extract();
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | null = null;
  /** made durable all at once at the end (an fsync per file in the loop held the thread pool the writes need) */
  const written: string[] = [];
  const made = new Set<string>();
  /** writes, closes and digests running behind the loop; the first failure among them */
  const tasks: Promise<void>[] = [];
  let failure: unknown = null;
  const behind = (task: Promise<unknown>) =>
    tasks.push(
      task.then(
        () => {},
        (error: unknown) => {
          failure ??= error;
        },
      ),
    );
  const writing: { done: Promise<unknown>; bytes: number }[] = [];
  let writingBytes = 0;
  let feeding: Promise<void> = Promise.resolve();
  try {
    const head = Buffer.alloc(2);
    await handle.read(head, 0, 2, 0);
    const chunks = async function* (): AsyncGenerator<Buffer> {
      for (let position = 0; ; ) {
        const buffer = Buffer.allocUnsafe(READ_CHUNK);
        const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK, position);
        if (bytesRead === 0) return;
        position += bytesRead;
        yield buffer.subarray(0, bytesRead);
      }
    };
    const source: AsyncIterable<Buffer> =
      head[0] === 0x1f && head[1] === 0x8b ? Readable.from(chunks()).pipe(createGunzip({ chunkSize: 1 << 20 })) : chunks();
    feeding = (async () => {
      try {
        for await (const chunk of source) {
          if (extract.destroyed) return;
          if (!extract.write(chunk)) await drainedOrClosed(extract);
        }
        extract.end(undefined);
      } catch (error) {
        extract.destroy(error as Error);
      }
    })();
    for await (const entry of extract) {
      if (failure) throw failure;
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
      const dir = path.dirname(target);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      const out = await open(target, 'w', 0o600);
      written.push(target);
      const id = hasher.start();
      /** the dump's first line (its schema level) as it arrives, for the new database's migrations to start early */
      let header: Buffer[] | null = name === DATABASE_ENTRY ? [] : null;
      const fileWrites: Promise<unknown>[] = [];
      let size = 0;
      // the parser hands out pieces of the read buffers: written 4 MB at a time at their place in the file
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = () => {
        const done = out.writev(pending, size - pendingBytes);
        fileWrites.push(done);
        writing.push({ done, bytes: pendingBytes });
        writingBytes += pendingBytes;
        pending = [];
        pendingBytes = 0;
      };
      try {
        for await (const chunk of entry) {
          const bytes = chunk as Buffer;
          if (header) {
            const end = bytes.indexOf(10);
            header.push(end >= 0 ? bytes.subarray(0, end) : bytes);
            if (end >= 0) {
              try {
                onDatabaseHeader(JSON.parse(Buffer.concat(header).toString('utf8')));
              } catch {}
              header = null;
            } else if (header.length > 64) header = null;
          }
          await hasher.update(id, bytes);
          size += bytes.length;
          pending.push(bytes);
          pendingBytes += bytes.length;
          if (pendingBytes >= WRITE_BATCH) {
            flush();
            while (writingBytes > MAX_WRITING) {
              const oldest = writing.shift();
              writingBytes -= oldest?.bytes ?? 0;
              await oldest?.done.catch(() => {});
            }
            if (failure) throw failure;
          }
        }
        if (pendingBytes > 0) flush();
      } catch (error) {
        behind(Promise.allSettled(fileWrites).then(() => out.close()));
        throw error;
      }
      behind(Promise.all(fileWrites).finally(() => out.close()));
      behind(hasher.digest(id).then((sha256) => seen.set(key, { size, sha256 })));
    }
  } catch (error) {
    extract.destroy();
    await feeding;
    await Promise.all(tasks);
    await hasher.close();
    await handle.close();
    if (error instanceof RestoreRefused || error instanceof ChecksumThreadFailed) throw error;
    // a write that failed (a full disk) is not a damaged archive
    if (failure) throw failure;
    throw new RestoreRefused(
      `the archive is damaged or cut short (${error instanceof Error ? error.message : String(error)}): nothing was restored`,
    );
  }
  await feeding;
  await Promise.all(tasks);
  await hasher.close();
  await handle.close();
  if (failure) throw failure;
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

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the first restore keeps the fresh initdb folder's dump for the next ones, per PGlite version (null: unknown). */
function initdbTemplate(): string | null {
  try {
    const root = path.resolve(here, '../../../..');
    const { version } = JSON.parse(readFileSyncNow(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
      version: string;
    };
    const dir = path.join(root, 'node_modules/.cache/windscope-pglite');
    mkdirSync(dir, { recursive: true });
    return path.join(dir, `initdb-${version}.tar`);
  } catch {
    return null;
  }
}

/** A new PGlite folder made on a worker thread (pglite-initdb-worker.mjs: from the kept initdb dump when there is one);
 *  stop() ends it, finished or not. */
interface NewPglite {
  done: Promise<void>;
  fromTemplate: boolean;
  /** the migrations to run once the folder is made (null: none); the first call counts */
  migrate(folder: string | null): void;
  stop(): Promise<void>;
}

function startInitdb(dir: string): NewPglite {
  const template = initdbTemplate();
  const fromTemplate = template !== null && existsSync(template);
  const worker = new Worker(new URL('./pglite-initdb-worker.mjs', import.meta.url), { workerData: { dir, template } });
  const done = new Promise<void>((resolve, reject) => {
    worker.once('error', (error) => reject(new Error(`could not create the PGlite database in ${dir}: ${error.message}`)));
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`could not create the PGlite database in ${dir} (exit code ${code})`)),
    );
  });
  done.catch(() => {}); // seen where it is awaited; a refused archive stops it without waiting for it
  let asked = false;
  return {
    done,
    fromTemplate,
    migrate(folder) {
      if (asked) return;
      asked = true;
      worker.postMessage({ migrationsFolder: folder });
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
  const folder = path.join(scratch, name);
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
  // a new PGlite's initdb and migrations (seconds of CPU) run on their own thread while the archive is unpacked and
  // checked; nothing is loaded into it before every checksum passed, and a refused restore removes it (below)
  const initdb = newPglite ? startInitdb(options.pgliteDir) : null;
  /** the copy of the migrations for the new database's thread (never rejects) */
  let early: Promise<void> = Promise.resolve();
  try {
    log('checking the archive');
    let mark = Date.now();
    const took = () => {
      const seconds = ((Date.now() - mark) / 1000).toFixed(1);
      mark = Date.now();
      return `${seconds} s`;
    };
    // not yet checked, only a head start: the manifest's level decides below (the migrator does what is left)
    const manifest = await unpackVerified(options.archive, scratch, (header) => {
      const level = (header as { migrations?: unknown } | null)?.migrations;
      if (!initdb || !Array.isArray(level)) return;
      early = migrationsUpTo(level as BackupManifest['database']['migrations'], scratch, 'migrations-early').then(
        ({ folder }) => initdb.migrate(folder),
        () => initdb.migrate(null),
      );
    });
    log(`archive of ${manifest.createdAt}: ${manifest.files.length} files unpacked, checksums correct (${took()})`);
    if (manifest.storage === 'fs' && !options.filesRoot) {
      throw new RestoreRefused('the archive holds files but STORAGE=s3: restore it with STORAGE=fs');
    }
    const { folder, current: migrationsAreCurrent } = await migrationsUpTo(manifest.database.migrations, scratch);
    if (initdb) {
      await early;
      initdb.migrate(null);
      await initdb.done;
      log(`empty database made alongside, ${initdb.fromTemplate ? 'from the kept initdb' : 'by initdb'} (${took()} more)`);
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
    // done writing into the scratch folder before it is removed
    await early;
    await initdb?.stop();
    // a database this restore created holds nothing (its transaction rolled back): it goes too
    // (a failure to remove it must not hide why the restore failed)
    if (newPglite) await rm(options.pgliteDir, { recursive: true, force: true }).catch(() => {});
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
