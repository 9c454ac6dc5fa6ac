import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** While a backup copies the files its database snapshot refers to, a file deleted meanwhile (a photo deleted by a user)
 *  must stay readable until the copy is done. The backup puts a hold file in `root/.backup-hold/` (touched every
 *  minute); while one is fresh, the fs driver moves deleted files into `root/.backup-deferred/` instead of removing
 *  them, and the backup reads a file missing from its place there. The last backup to finish removes the folder. A
 *  hold left by a crashed backup goes stale after HOLD_STALE_MS. */
export const HOLD_DIR = '.backup-hold';
export const DEFERRED_DIR = '.backup-deferred';
const HOLD_STALE_MS = 10 * 60_000;
const HOLD_TOUCH_MS = 60_000;

export const deferredPathOf = (root: string, key: string) => path.join(root, DEFERRED_DIR, ...key.split('/'));

export async function deletionsHeld(root: string, now = Date.now()): Promise<boolean> {
  let names: string[];
  try {
    names = await readdir(path.join(root, HOLD_DIR));
  } catch {
    return false;
  }
  for (const name of names) {
    const info = await stat(path.join(root, HOLD_DIR, name)).catch(() => null);
    if (info && now - info.mtimeMs < HOLD_STALE_MS) return true;
  }
  return false;
}

/** Moves a file (or a folder) about to be deleted into the deferred area; false when there is nothing to move. */
export async function deferDeletion(root: string, key: string, source: string): Promise<boolean> {
  const target = deferredPathOf(root, key);
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await rm(target, { recursive: true, force: true });
    await rename(source, target);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return false;
    throw error;
  }
}

export interface DeletionHold {
  release(): Promise<void>;
}

export async function holdDeletions(root: string): Promise<DeletionHold> {
  const file = path.join(root, HOLD_DIR, `${process.pid}-${randomUUID()}`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, String(process.pid));
  const touch = setInterval(() => {
    const now = new Date();
    utimes(file, now, now).catch(() => {});
  }, HOLD_TOUCH_MS);
  touch.unref();
  return {
    async release() {
      clearInterval(touch);
      await rm(file, { force: true });
      if (!(await deletionsHeld(root))) await rm(path.join(root, DEFERRED_DIR), { recursive: true, force: true });
    },
  };
}
