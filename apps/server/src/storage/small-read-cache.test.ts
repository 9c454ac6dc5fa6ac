import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFsStorage } from './fs-driver.ts';
import { withSmallReadCache } from './small-read-cache.ts';
import type { StorageDriver } from './storage-driver.ts';

describe('small-read cache over the folder driver', () => {
  let dir: string;
  let storage: StorageDriver;
  const behindItsBack = (key: string, text: string) => writeFileSync(path.join(dir, ...key.split('/')), text);
  const text = async (key: string) => (await storage.readSmall?.(key, 1024))?.bytes?.toString() ?? null;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'windscope-cache-'));
    storage = withSmallReadCache(createFsStorage(dir), { ttlMs: 200, maxObjectBytes: 100, maxTotalBytes: 250 });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('serves a read object from memory until its time is up', async () => {
    await storage.writeBuffer('turbines/1/a.webp', Buffer.from('one'));
    expect(await text('turbines/1/a.webp')).toBe('one');
    behindItsBack('turbines/1/a.webp', 'two');
    expect(await text('turbines/1/a.webp')).toBe('one');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await text('turbines/1/a.webp')).toBe('two');
  });

  it('forgets at once what is written, committed or deleted through it', async () => {
    await storage.writeBuffer('turbines/2/a.webp', Buffer.from('one'));
    expect(await text('turbines/2/a.webp')).toBe('one');
    await storage.writeBuffer('turbines/2/a.webp', Buffer.from('two'));
    expect(await text('turbines/2/a.webp')).toBe('two');
    const staged = await storage.writeStream('turbines/2/a.webp', Readable.from([Buffer.from('three')]));
    expect(await text('turbines/2/a.webp')).toBe('two');
    await staged.commit();
    expect(await text('turbines/2/a.webp')).toBe('three');
    await storage.delete('turbines/2/a.webp');
    expect(await text('turbines/2/a.webp')).toBeNull();

    await storage.writeBuffer('turbines/3/b/c.webp', Buffer.from('x'));
    expect(await text('turbines/3/b/c.webp')).toBe('x');
    expect(await storage.deleteByPrefix('turbines/3/')).toBe(1);
    expect(await text('turbines/3/b/c.webp')).toBeNull();
  });

  it('does not keep a read that overlapped a change, nor objects over its limits', async () => {
    await storage.writeBuffer('turbines/4/a.webp', Buffer.from('old'));
    const reading = storage.readSmall?.('turbines/4/a.webp', 1024);
    const deleting = storage.delete('turbines/4/a.webp');
    await Promise.all([reading, deleting]);
    expect(await text('turbines/4/a.webp')).toBeNull();

    await storage.writeBuffer('turbines/5/big.webp', Buffer.alloc(150, 1));
    expect((await storage.readSmall?.('turbines/5/big.webp', 1024))?.bytes?.length).toBe(150);
    behindItsBack('turbines/5/big.webp', 'changed');
    expect(await text('turbines/5/big.webp')).toBe('changed');

    // 250 bytes in all: the least recently used goes
    for (const n of [1, 2, 3]) await storage.writeBuffer(`turbines/6/${n}.webp`, Buffer.alloc(100, n));
    for (const n of [1, 2, 3]) await storage.readSmall?.(`turbines/6/${n}.webp`, 1024);
    behindItsBack('turbines/6/1.webp', 'gone from memory');
    behindItsBack('turbines/6/3.webp', 'still in memory');
    expect(await text('turbines/6/1.webp')).toBe('gone from memory');
    expect((await storage.readSmall?.('turbines/6/3.webp', 1024))?.bytes?.length).toBe(100);
  });
});
