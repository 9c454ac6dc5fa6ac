import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database } from '../db/client.ts';
import { type OperatorLine, operatorError, operatorLine } from '../lib/operator-messages.ts';
import { deferredPathOf, holdDeletions } from '../storage/backup-hold.ts';
import { dumpDatabase } from './database-dump.ts';
import { CopyFailed, ParallelCopier } from './parallel-copy.ts';
import { END_OF_ARCHIVE, fileHeader, padded } from './tar-layout.ts';
import { ARCHIVE_FORMAT, DATABASE_ENTRY, type BackupManifest, MANIFEST_ENTRY, fileEntryOf } from './manifest.ts';
import { syncDirectory } from '../lib/sync-directory.ts';

export interface CreateBackupOptions {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  /** the fs driver's folder (DATA_DIR/files); null with S3: the archive then holds the database only */
  filesRoot: string | null;
  /** scratch space for the dump (DATA_DIR/tmp) */
  scratchDir: string;
  out: string;
  gzip?: boolean;
  /** progress, put into words by the caller (formatOperator) */
  log?: (line: OperatorLine) => void;
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

/** the archive is written back this often while it is written (the kernel would otherwise keep gigabytes dirty and
 *  flush them all at the end, in series with the rest) */
const SYNC_EVERY = 64 << 20;

interface Slot {
  name: string;
  /** the file, then where a deletion during the backup moved it */
  paths: string[];
  size: number;
  /** where its header starts in the archive */
  offset: number;
  head: Buffer;
  key: string | null;
}

/** size and time of the first of `paths` that exists, or null */
async function statFirst(paths: string[]) {
  for (const file of paths) {
    const info = await stat(file).catch((error: { code?: string }) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (info) return info;
  }
  return null;
}

/** Whether the process of that id runs on this machine (EPERM: it does, under another user). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** the partial archives and scratch folders (names) of the backups this process is writing */
const inProgress = new Set<string>();

/** The partial archive (`.NAME.PID-RANDOM.partial`, and its `.tar` while gzipping) and scratch folder (`backup-PID-…`)
 *  of a backup whose process no longer runs: a backup killed half way never finished them, and nothing else will. Those
 *  of a backup still running (another process's) are left alone. */
async function removeDeadBackupLeftovers(outDir: string, scratchDir: string, log: (line: OperatorLine) => void) {
  const dead = (name: string, pattern: RegExp) => {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid <= 0) return false;
    // this process's own pid: an earlier process's (a container's server is pid 1 every time) unless this one writes it
    return pid === process.pid ? !inProgress.has(name) : !processRuns(pid);
  };
  for (const name of await readdir(outDir).catch(() => [] as string[])) {
    if (!dead(name, /^\..+\.(\d+)-[0-9a-f]{8}\.partial(\.tar)?$/)) continue;
    await rm(path.join(outDir, name), { force: true });
    log(operatorLine('BACKUP_LEFTOVER_REMOVED', { name }));
  }
  for (const name of await readdir(scratchDir).catch(() => [] as string[])) {
    if (dead(name, /^backup-(\d+)-/)) await rm(path.join(scratchDir, name), { recursive: true, force: true });
  }
}

/** One archive (tar, gzip optional): the database dump first, then every stored file it refers to, the manifest last
 *  (with the SHA-256 and size of everything before it). The tar is laid out first (every entry's size is known), then
 *  the copying threads each read a file once, hash it and write it into its place, several at a time. Written to a
 *  temporary name beside `out`, fsynced, renamed; with gzip, the finished tar is compressed into that name. */
export async function createBackup(options: CreateBackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const out = path.resolve(options.out);
  await mkdir(path.dirname(out), { recursive: true });
  await mkdir(options.scratchDir, { recursive: true });
  // what a backup killed half way (kill -9, a power cut) left: its partial archive and its scratch folder
  await removeDeadBackupLeftovers(path.dirname(out), options.scratchDir, log);
  const scratch = await mkdtemp(path.join(options.scratchDir, `backup-${process.pid}-`));
  const partial = path.join(path.dirname(out), `.${path.basename(out)}.${process.pid}-${randomUUID().slice(0, 8)}.partial`);
  const mine = [path.basename(scratch), path.basename(partial), `${path.basename(partial)}.tar`];
  for (const name of mine) inProgress.add(name);
  // held before the snapshot: a file deleted after it is moved aside, not removed, until the copy is done
  const hold = options.filesRoot ? await holdDeletions(options.filesRoot) : null;
  const copier = new ParallelCopier();
  /** the tar as it is laid out: the archive itself, or its uncompressed form beside it */
  const tarFile = options.gzip ? `${partial}.tar` : partial;
  try {
    const dumpFile = path.join(scratch, DATABASE_ENTRY);
    const dump = await dumpDatabase(options.db, dumpFile, options.databaseKind);
    log(
      operatorLine('BACKUP_DATABASE_DUMPED', {
        rows: Object.values(dump.tables).reduce((a, b) => a + b, 0),
        tables: Object.keys(dump.tables).length,
      }),
    );

    const slots: Slot[] = [];
    let end = 0;
    const place = (name: string, paths: string[], size: number, mtime: Date, key: string | null) => {
      const head = fileHeader(name, size, mtime);
      slots.push({ name, paths, size, offset: end, head, key });
      end += head.length + padded(size);
    };
    const dumped = await stat(dumpFile);
    place(DATABASE_ENTRY, [dumpFile], dumped.size, dumped.mtime, null);
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      database: { kind: options.databaseKind, migrations: dump.migrations, tables: dump.tables, size: dumped.size, sha256: '' },
      storage: options.filesRoot ? 'fs' : 's3',
      files: [],
      missing: [],
    };
    if (options.filesRoot) {
      const root = options.filesRoot;
      const required = new Set(dump.requiredKeys);
      const keys = [...new Set([...dump.requiredKeys, ...dump.derivedKeys])].sort();
      // looked up 64 at a time (the thread pool's stat calls), placed in order
      for (let i = 0; i < keys.length; i += 64) {
        const batch = keys.slice(i, i + 64).map((key) => {
          // deleted after the snapshot: the hold moved it aside
          const paths = [path.join(root, ...key.split('/')), deferredPathOf(root, key)];
          const info = statFirst(paths);
          info.catch(() => {}); // thrown where it is awaited below
          return { key, paths, info };
        });
        for (const { key, paths, info } of batch) {
          const found = await info;
          if (found) place(fileEntryOf(key), paths, found.size, found.mtime, key);
          else if (required.has(key)) manifest.missing.push(key);
        }
      }
    }

    const target = await open(tarFile, 'wx', 0o600);
    try {
      let copied = 0;
      let synced = 0;
      let syncing: Promise<void> | null = null;
      const copies = slots.map(async (slot) => {
        let sha256: string;
        try {
          sha256 = await copier.copy({
            from: { paths: slot.paths },
            to: { archive: tarFile, offset: slot.offset, head: slot.head },
            size: slot.size,
          });
        } catch (error) {
          if (error instanceof CopyFailed && (error.code === 'SHORT' || error.code === 'CHANGED'))
            throw operatorError('BACKUP_FILE_CHANGED', { name: slot.name });
          throw error;
        }
        if (slot.key === null) manifest.database.sha256 = sha256;
        else manifest.files.push({ key: slot.key, size: slot.size, sha256 });
        copied += slot.size;
        if (!options.gzip && !syncing && copied - synced >= SYNC_EVERY) {
          const upTo = copied;
          syncing = target
            .datasync()
            .then(() => {
              synced = upTo;
            })
            .catch(() => {})
            .finally(() => {
              syncing = null;
            });
        }
      });
      try {
        await Promise.all(copies);
      } finally {
        // a failed copy stops the others before the archive goes
        await copier.close();
        await Promise.allSettled(copies);
        await syncing;
      }
      manifest.files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 1));
      const tail = Buffer.concat([
        fileHeader(MANIFEST_ENTRY, manifestBytes.length, new Date()),
        manifestBytes,
        Buffer.alloc(padded(manifestBytes.length) - manifestBytes.length),
        END_OF_ARCHIVE,
      ]);
      await target.write(tail, 0, tail.length, end);
      // durable before the rename makes the archive visible
      if (!options.gzip) await target.sync();
    } finally {
      await target.close();
    }
    if (options.gzip) {
      await pipeline(
        createReadStream(tarFile, { highWaterMark: 1 << 20 }),
        createGzip({ level: 6 }),
        createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
      );
      const gz = await open(partial, 'r+');
      await gz.sync().finally(() => gz.close());
    }
    await rename(partial, out);
    await syncDirectory(path.dirname(out));
    const { size } = await stat(out);
    const fileBytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
    for (const key of manifest.missing) log(operatorLine('BACKUP_FILE_GONE', { key }));
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
    await copier.close();
    if (options.gzip) await rm(tarFile, { force: true });
    await hold?.release();
    await rm(scratch, { recursive: true, force: true });
    for (const name of mine) inProgress.delete(name);
  }
}
