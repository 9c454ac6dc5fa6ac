import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import type { Database } from '../db/client.ts';
import { deferredPathOf, holdDeletions } from '../storage/backup-hold.ts';
import { dumpDatabase } from './database-dump.ts';
import { ParallelHasher } from './parallel-hash.ts';
import { ARCHIVE_FORMAT, DATABASE_ENTRY, type BackupManifest, MANIFEST_ENTRY, fileEntryOf } from './manifest.ts';

export interface CreateBackupOptions {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  /** the fs driver's folder (DATA_DIR/files); null with S3: the archive then holds the database only */
  filesRoot: string | null;
  /** scratch space for the dump (DATA_DIR/tmp) */
  scratchDir: string;
  out: string;
  gzip?: boolean;
  log?: (line: string) => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  files: number;
  fileBytes: number;
  tables: Record<string, number>;
  /** originals, reports or crops the snapshot refers to that were gone when copied (see README "Backups") */
  missing: string[];
  seconds: number;
}

const READ_CHUNK = 1 << 20;
const SYNC_EVERY = 64 << 20;

/** Streams one file into the archive as an entry, the checksum thread hashing the same bytes meanwhile; null when the
 *  file does not exist. The SHA-256 comes later (the promise), so the next file is read while this one is hashed. */
async function addFile(
  pack: tar.Pack,
  hasher: ParallelHasher,
  name: string,
  file: string,
): Promise<{ size: number; sha256: Promise<string> } | null> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { size, mtime } = await handle.stat();
    const id = hasher.start();
    let entryDone: (error?: Error | null) => void = () => undefined;
    const finished = new Promise<void>((resolve, reject) => {
      entryDone = (error) => (error ? reject(error) : resolve());
    });
    const entry = pack.entry({ name, size, mtime, mode: 0o600 }, (error) => entryDone(error));
    let written = 0;
    while (written < size) {
      // a fresh buffer per chunk: the entry keeps it until it is written out
      const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK, size - written));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, written);
      if (bytesRead === 0) throw new Error(`${name} became shorter while it was copied`);
      const chunk = bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
      await hasher.update(id, chunk);
      written += bytesRead;
      if (!entry.write(chunk)) await once(entry, 'drain');
    }
    entry.end(undefined);
    await finished;
    return { size, sha256: hasher.digest(id) };
  } finally {
    await handle.close();
  }
}

/** One archive (tar, gzip optional): the database dump first, then every stored file it refers to, the manifest last
 *  (with the SHA-256 and size of everything before it). Written to a temporary name beside `out`, fsynced, renamed. */
export async function createBackup(options: CreateBackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const out = path.resolve(options.out);
  await mkdir(path.dirname(out), { recursive: true });
  await mkdir(options.scratchDir, { recursive: true });
  const scratch = await mkdtemp(path.join(options.scratchDir, 'backup-'));
  const partial = path.join(path.dirname(out), `.${path.basename(out)}.${randomUUID().slice(0, 8)}.partial`);
  // held before the snapshot: a file deleted after it is moved aside, not removed, until the copy is done
  const hold = options.filesRoot ? await holdDeletions(options.filesRoot) : null;
  const hasher = new ParallelHasher();
  try {
    const dumpFile = path.join(scratch, DATABASE_ENTRY);
    const dump = await dumpDatabase(options.db, dumpFile, options.databaseKind);
    log(`database: ${Object.values(dump.tables).reduce((a, b) => a + b, 0)} rows in ${Object.keys(dump.tables).length} tables`);

    const pack = tar.pack();
    const target = await open(partial, 'wx', 0o600);
    const sink = target.createWriteStream({ highWaterMark: 4 << 20, autoClose: true });
    const writing = options.gzip ? pipeline(pack, createGzip({ level: 6 }), sink) : pipeline(pack, sink);
    // written back while it is written: the kernel would otherwise keep gigabytes dirty and flush them all at the end
    const syncer = await open(partial, 'r+');
    let synced = 0;
    let syncing: Promise<void> | null = null;
    const flusher = setInterval(() => {
      if (syncing || sink.bytesWritten - synced < SYNC_EVERY) return;
      const upTo = sink.bytesWritten;
      syncing = syncer
        .datasync()
        .then(() => {
          synced = upTo;
        })
        .catch(() => {})
        .finally(() => {
          syncing = null;
        });
    }, 100);
    let packFailed: unknown = null;
    writing.catch((error) => {
      packFailed = error;
    });

    const database = await addFile(pack, hasher, DATABASE_ENTRY, dumpFile);
    if (!database) throw new Error('the database dump vanished');
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      database: { kind: options.databaseKind, migrations: dump.migrations, tables: dump.tables, size: database.size, sha256: '' },
      storage: options.filesRoot ? 'fs' : 's3',
      files: [],
      missing: [],
    };
    const digests: Promise<unknown>[] = [];
    const whenHashed = (sha256: Promise<string>, into: { sha256: string }) => {
      const filled = sha256.then((hex) => {
        into.sha256 = hex;
      });
      filled.catch(() => {}); // awaited below; a failed backup must not also end the process
      digests.push(filled);
    };
    whenHashed(database.sha256, manifest.database);
    if (options.filesRoot) {
      const root = options.filesRoot;
      const required = new Set(dump.requiredKeys);
      for (const key of [...new Set([...dump.requiredKeys, ...dump.derivedKeys])].sort()) {
        if (packFailed) throw packFailed;
        const name = fileEntryOf(key);
        // deleted after the snapshot: the hold moved it aside
        const added =
          (await addFile(pack, hasher, name, path.join(root, ...key.split('/')))) ??
          (await addFile(pack, hasher, name, deferredPathOf(root, key)));
        if (added) {
          const listed = { key, size: added.size, sha256: '' };
          manifest.files.push(listed);
          whenHashed(added.sha256, listed);
        } else if (required.has(key)) manifest.missing.push(key);
      }
    }
    // every checksum is in before the manifest that lists them is written
    await Promise.all(digests);
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 1));
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: MANIFEST_ENTRY, mode: 0o600 }, manifestBytes, (e) => (e ? reject(e) : resolve())),
    );
    pack.finalize();
    try {
      await writing;
    } finally {
      clearInterval(flusher);
      await syncing;
    }
    // durable before the rename makes the archive visible
    await syncer.sync().finally(() => syncer.close());
    await rename(partial, out);
    const dir = await open(path.dirname(out), 'r');
    await dir.sync().finally(() => dir.close());
    const { size } = await stat(out);
    const fileBytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
    for (const key of manifest.missing) log(`WARNING: ${key} was gone before it could be copied`);
    return {
      file: out,
      bytes: size,
      files: manifest.files.length,
      fileBytes,
      tables: dump.tables,
      missing: manifest.missing,
      seconds: (Date.now() - started) / 1000,
    };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await hasher.close();
    await hold?.release();
    await rm(scratch, { recursive: true, force: true });
  }
}
