import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { StorageDriver } from './storage-driver.ts';

/** A temporary object of an upload (the driver's `.staging/`) or a local scratch copy (the S3 driver's, for the decoder). */
export interface StagingLeftover {
  /** `.staging/<id>` or `scratch/<name>` */
  key: string;
  modifiedMs: number;
  remove(): Promise<unknown>;
}

/** Every temporary object and scratch file there is now, young ones included (an upload in progress owns those). */
export async function stagingLeftovers(storage: StorageDriver, scratchDir?: string): Promise<StagingLeftover[]> {
  const found: StagingLeftover[] = [];
  for (const key of await storage.list('.staging/')) {
    const info = await storage.stat(key);
    if (info) found.push({ key, modifiedMs: info.lastModified.getTime(), remove: () => storage.delete(key) });
  }
  for (const name of scratchDir ? await readdir(scratchDir).catch(() => []) : []) {
    const file = path.join(scratchDir ?? '', name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile()) found.push({ key: `scratch/${name}`, modifiedMs: info.mtimeMs, remove: () => rm(file, { force: true }) });
  }
  return found;
}

export interface StagingSweeper {
  /** removes what is older than the age now; answers how many */
  sweep(): Promise<number>;
  stop(): void;
}

/** Removes upload leftovers of a crash (a temporary object last written more than maxAgeMs ago: a live upload writes its
 *  own continuously) at start-up and every intervalMs, so they do not wait for `integrity --repair`. */
export function createStagingSweeper(options: {
  storage: StorageDriver;
  scratchDir?: string;
  maxAgeMs: number;
  intervalMs: number;
  now(): Date;
  log(message: string, details: Record<string, unknown>): void;
}): StagingSweeper {
  let running: Promise<number> | null = null;
  const sweepOnce = async () => {
    const cutoff = options.now().getTime() - options.maxAgeMs;
    let removed = 0;
    for (const leftover of await stagingLeftovers(options.storage, options.scratchDir)) {
      if (leftover.modifiedMs > cutoff) continue;
      await leftover.remove();
      removed++;
    }
    if (removed > 0) options.log('removed temporary upload files left by an earlier crash', { removed });
    return removed;
  };
  const sweep = () => {
    running ??= sweepOnce()
      .catch((error: unknown) => {
        // storage out of reach: the next round tries again
        options.log('could not sweep temporary upload files', { err: String(error) });
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void sweep(), options.intervalMs);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
