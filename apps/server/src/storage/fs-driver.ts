import { randomUUID } from 'node:crypto';
import { close as closeFd, type Dirent, fstat as fstatFd, open as openFd, read as readFd, type Stats } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { deferDeletion, deletionsHeld } from './backup-hold.ts';
import { syncDirectory } from '../lib/sync-directory.ts';
import {
  assertSafeKey,
  type ByteRange,
  type StagedObject,
  type StorageDriver,
  StorageUnavailableError,
  type StoredObjectInfo,
} from './storage-driver.ts';

const STAGING = '.staging';

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes(String((error as { code?: string }).code));

/** What the disk says when it will not take bytes: read-only, no permission, full, over quota, failing, out of handles. */
const STORAGE_FAULTS = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOSPC', 'EDQUOT', 'EIO', 'EMFILE', 'ENFILE']);

/** A file-system refusal becomes a StorageUnavailableError; anything else (the upload's own failure) stays as it is. */
function storageFault(operation: string, error: unknown): unknown {
  return STORAGE_FAULTS.has(String((error as { code?: string } | null)?.code)) ? new StorageUnavailableError(operation, error) : error;
}

/** Runs a file-system step, turning its refusals into StorageUnavailableError. */
async function guarded<T>(operation: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw storageFault(operation, error);
  }
}

function infoOf(key: string, s: Stats): StoredObjectInfo {
  return { key, size: s.size, etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`, lastModified: s.mtime };
}

/** A whole small file: open, fstat, read, close on the callback API — no FileHandle and no stream, four thread-pool
 *  trips instead of the six of stat() + read() (stat, open, fstat, read, read to the end, close). Thumbnails are most of
 *  the requests a gallery makes. Only the stats (bytes null) when the file is larger than maxBytes; null when missing. */
function readWholeIfSmall(file: string, maxBytes: number): Promise<{ stats: Stats; bytes: Buffer | null } | null> {
  return new Promise((resolve, reject) => {
    openFd(file, 'r', (openError, fd) => {
      if (openError) return isMissing(openError) ? resolve(null) : reject(openError);
      const finish = (error: NodeJS.ErrnoException | null, value: { stats: Stats; bytes: Buffer | null } | null) => {
        // the answer does not wait for close
        closeFd(fd, () => {});
        if (error) reject(error);
        else resolve(value);
      };
      fstatFd(fd, (statError, stats) => {
        if (statError) return finish(statError, null);
        if (!stats.isFile()) return finish(null, null);
        if (stats.size > maxBytes) return finish(null, { stats, bytes: null });
        // its own memory, not a slice of Node's shared 8 KB pool: a cached 2 KB thumbnail must not keep 8 KB alive
        const bytes = Buffer.allocUnsafeSlow(stats.size);
        const readFrom = (offset: number) => {
          if (offset >= bytes.length) return finish(null, { stats, bytes });
          readFd(fd, bytes, offset, bytes.length - offset, offset, (readError, count) => {
            if (readError) return finish(readError, null);
            // shorter than its stats said (truncated meanwhile): what there is
            if (count === 0) return finish(null, { stats, bytes: bytes.subarray(0, offset) });
            readFrom(offset + count);
          });
        };
        readFrom(0);
      });
    });
  });
}

/** Files under `root`, one per key; writes go to `root/.staging` first, and commit fsyncs them, renames them into place
 *  and fsyncs the folder. */
export function createFsStorage(root: string): StorageDriver {
  const stagingDir = path.join(root, STAGING);
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };

  /** Removes now-empty folders up to the root, so deleted turbines leave no empty tree. */
  async function pruneEmptyParents(file: string) {
    let dir = path.dirname(file);
    while (dir.startsWith(root + path.sep) && dir !== stagingDir) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
      dir = path.dirname(dir);
    }
  }

  async function writeStream(key: string, source: Readable): Promise<StagedObject> {
    const finalPath = pathOf(key);
    const tempPath = path.join(stagingDir, randomUUID());
    const handle = await guarded('write', async () => {
      await mkdir(stagingDir, { recursive: true });
      return open(tempPath, 'wx', 0o640);
    });
    let size = 0;
    try {
      // awaiting each write is the backpressure; a failed or destroyed source ends the loop with its error
      for await (const chunk of source) {
        const bytes = chunk as Buffer;
        await handle.write(bytes);
        size += bytes.length;
      }
      // fsync waits for commit(): an upload's next file streams in meanwhile, instead of waiting for the disk
      await handle.close();
    } catch (error) {
      await handle.close().catch(() => {});
      // on a disk gone read-only this fails too: the original error is the one to report
      await rm(tempPath, { force: true }).catch(() => {});
      throw storageFault('write', error);
    }
    let state: 'staged' | 'committed' | 'aborted' = 'staged';
    return {
      key,
      size,
      localFile: async () => (state === 'committed' ? finalPath : tempPath),
      async commit() {
        if (state !== 'staged') throw new Error(`cannot commit a ${state} object`);
        await guarded('commit', async () => {
          // the bytes are on disk before the name is (Linux flushes a file's data through any descriptor of it)
          const written = await open(tempPath, 'r+');
          try {
            await written.sync();
          } finally {
            await written.close();
          }
          // a delete in the same folder may prune it between mkdir and rename: make it again and retry
          for (let attempt = 1; ; attempt++) {
            await mkdir(path.dirname(finalPath), { recursive: true });
            try {
              await rename(tempPath, finalPath);
              break;
            } catch (error) {
              if (!isMissing(error) || attempt === 3) throw error;
            }
          }
          state = 'committed';
          await syncDirectory(path.dirname(finalPath));
        });
      },
      async abort() {
        if (state === 'staged') await guarded('abort', () => rm(tempPath, { force: true }));
        state = 'aborted';
      },
    };
  }

  async function list(prefix: string): Promise<string[]> {
    assertSafeKey(prefix, { prefix: true });
    const keys: string[] = [];
    const walk = async (dir: string, keyPrefix: string) => {
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${keyPrefix}${entry.name}/`);
        else if (entry.isFile()) keys.push(`${keyPrefix}${entry.name}`);
      }
    };
    if (prefix.endsWith('/')) await walk(pathOf(prefix.slice(0, -1)), prefix);
    else throw new Error('list() takes a folder prefix ending in "/"');
    return keys.sort();
  }

  async function statOf(key: string): Promise<StoredObjectInfo | null> {
    try {
      const s = await stat(pathOf(key));
      return s.isFile() ? infoOf(key, s) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 'fs',
    writeStream,
    async writeBuffer(key, bytes) {
      const staged = await writeStream(key, Readable.from([bytes]));
      await staged.commit();
    },
    async read(key: string, range?: ByteRange) {
      let handle: FileHandle;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw storageFault('read', error);
      }
      let info: StoredObjectInfo;
      try {
        info = infoOf(key, await handle.stat());
      } catch (error) {
        await handle.close();
        throw error;
      }
      // the stream owns the handle from here (closed with it): a file deleted meanwhile stays readable to the end
      return { info, stream: handle.createReadStream({ start: range?.start, end: range?.end, autoClose: true }) };
    },
    async readSmall(key, maxBytes) {
      const found = await readWholeIfSmall(pathOf(key), maxBytes);
      if (!found) return null;
      const info = infoOf(key, found.stats);
      return { info: found.bytes && found.bytes.length !== info.size ? { ...info, size: found.bytes.length } : info, bytes: found.bytes };
    },
    stat: statOf,
    async openLocal(key) {
      // the file itself: nothing to remove afterwards
      return (await statOf(key)) ? { path: pathOf(key), release: async () => {} } : null;
    },
    async delete(key) {
      const file = pathOf(key);
      // a backup in progress may still have to copy it (storage/backup-hold.ts)
      if (await deletionsHeld(root)) await guarded('delete', () => deferDeletion(root, key, file));
      else await guarded('delete', () => rm(file, { force: true }));
      await pruneEmptyParents(file);
    },
    list,
    async deleteByPrefix(prefix) {
      const keys = await list(prefix);
      const dir = pathOf(prefix.replace(/\/$/, ''));
      if (await deletionsHeld(root)) await guarded('delete', () => deferDeletion(root, prefix.replace(/\/$/, ''), dir));
      // an upload committing into the folder meanwhile makes a removed subfolder non-empty again: Node's rm retries
      // ENOTEMPTY (and EBUSY) itself when told to; a file committed after the last try is the upload's to remove
      await guarded('delete', () => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 }));
      await pruneEmptyParents(dir);
      return keys.length;
    },
    async close() {},
  };
}
