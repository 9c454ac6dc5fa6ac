import { ByteLru } from '../lib/byte-lru.ts';
import type { StorageDriver, StoredObjectInfo } from './storage-driver.ts';

export interface SmallReadCacheOptions {
  /** how long a read object is served from memory before it is read again (other processes' deletes show after this) */
  ttlMs: number;
  /** larger objects are never kept (thumbnails are ~10-30 KB; previews are not kept) */
  maxObjectBytes: number;
  /** all kept objects together; the least recently used go first */
  maxTotalBytes: number;
}

const DEFAULTS: SmallReadCacheOptions = { ttlMs: 30_000, maxObjectBytes: 64 * 1024, maxTotalBytes: 32 * 1024 * 1024 };

/** Thumbnails are most of the requests a gallery makes (bench:load: two thirds), and reading each from the folder
 *  (open, fstat, read, close) was ~15% of the server's CPU. This keeps objects read through readSmall() in memory for
 *  a short while. Every change made through this driver (write, commit, delete) drops the keys it touches at once, and a
 *  read that overlapped any change is not kept; a change made by another process shows within ttlMs — well inside the
 *  one to two hours a signed URL, and the browser's copy of the image, live anyway. Drivers without readSmall (S3) are
 *  returned as they are. */
export function withSmallReadCache(driver: StorageDriver, options: Partial<SmallReadCacheOptions> = {}): StorageDriver {
  const readSmall = driver.readSmall;
  if (!readSmall) return driver;
  const { ttlMs, maxObjectBytes, maxTotalBytes } = { ...DEFAULTS, ...options };
  const entries = new ByteLru<{ info: StoredObjectInfo; bytes: Buffer; at: number }>(maxTotalBytes, (entry) => entry.bytes.length);
  /** bumped when a change starts and when it ends: a read that saw it change is not kept */
  let generation = 0;

  const drop = (key: string) => entries.delete(key);
  const dropPrefix = (prefix: string) => {
    for (const key of entries.keys()) if (key.startsWith(prefix)) drop(key);
  };
  async function change<T>(forget: () => void, work: () => Promise<T>): Promise<T> {
    generation++;
    forget();
    try {
      return await work();
    } finally {
      generation++;
      forget();
    }
  }

  return {
    ...driver,
    async readSmall(key, maxBytes) {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs && hit.bytes.length <= maxBytes) return { info: hit.info, bytes: hit.bytes };
      if (hit) drop(key);
      const seen = generation;
      const found = await readSmall(key, maxBytes);
      if (found?.bytes && found.bytes.length <= maxObjectBytes && seen === generation && !entries.has(key)) {
        const now = Date.now();
        // expired entries are never served again: not worth their memory
        entries.set(key, { info: found.info, bytes: found.bytes, at: now }, (entry) => now - entry.at >= ttlMs);
      }
      return found;
    },
    async writeStream(key, source, writeOptions) {
      const staged = await driver.writeStream(key, source, writeOptions);
      return {
        key: staged.key,
        size: staged.size,
        localFile: () => staged.localFile(),
        commit: () =>
          change(
            () => drop(key),
            () => staged.commit(),
          ),
        abort: () => staged.abort(),
      };
    },
    writeBuffer: (key, bytes, writeOptions) =>
      change(
        () => drop(key),
        () => driver.writeBuffer(key, bytes, writeOptions),
      ),
    delete: (key) =>
      change(
        () => drop(key),
        () => driver.delete(key),
      ),
    deleteByPrefix: (prefix) =>
      change(
        () => dropPrefix(prefix),
        () => driver.deleteByPrefix(prefix),
      ),
  };
}
