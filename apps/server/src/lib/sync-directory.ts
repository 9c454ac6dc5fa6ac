import { open } from 'node:fs/promises';

/** fsync of a directory: what makes a rename (or a new entry) in it durable. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
