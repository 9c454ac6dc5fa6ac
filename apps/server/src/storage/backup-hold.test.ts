import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFERRED_DIR, deferredPathOf, holdDeletions } from './backup-hold.ts';
import { createFsStorage } from './fs-driver.ts';

describe('deletions while a backup holds them (fs driver)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'windscope-hold-'));
  const storage = createFsStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('moves deleted files aside until the hold is released, then removes them; without a hold they go at once', async () => {
    await storage.writeBuffer('turbines/1/drone/2026/A/0/1-2-a.jpg', Buffer.from('photo a'));
    await storage.writeBuffer('turbines/2/drone/2026/A/0/1-2-b.jpg', Buffer.from('photo b'));
    await storage.writeBuffer('turbines/3/drone/2026/A/0/1-2-c.jpg', Buffer.from('photo c'));

    const hold = await holdDeletions(root);
    await storage.delete('turbines/1/drone/2026/A/0/1-2-a.jpg');
    await storage.deleteByPrefix('turbines/2/');
    // gone for the app, still readable by the backup
    expect(await storage.stat('turbines/1/drone/2026/A/0/1-2-a.jpg')).toBeNull();
    expect(await storage.list('turbines/2/')).toEqual([]);
    expect(readFileSync(deferredPathOf(root, 'turbines/1/drone/2026/A/0/1-2-a.jpg'), 'utf8')).toBe('photo a');
    expect(readFileSync(deferredPathOf(root, 'turbines/2/drone/2026/A/0/1-2-b.jpg'), 'utf8')).toBe('photo b');
    await hold.release();
    expect(existsSync(path.join(root, DEFERRED_DIR))).toBe(false);

    await storage.delete('turbines/3/drone/2026/A/0/1-2-c.jpg');
    expect(existsSync(deferredPathOf(root, 'turbines/3/drone/2026/A/0/1-2-c.jpg'))).toBe(false);
    expect(await storage.stat('turbines/3/drone/2026/A/0/1-2-c.jpg')).toBeNull();
  });
});
