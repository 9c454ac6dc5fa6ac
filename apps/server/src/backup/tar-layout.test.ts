import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveUnreadable, END_OF_ARCHIVE, fileHeader, listEntries, padded } from './tar-layout.ts';

const work = mkdtempSync(path.join(tmpdir(), 'windscope-tar-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** entries laid out as createBackup does: header, bytes, zeros to a whole block; then the end */
function layOut(entries: { name: string; bytes: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  for (const { name, bytes } of entries)
    parts.push(fileHeader(name, bytes.length, new Date(1_700_000_000_000)), bytes, Buffer.alloc(padded(bytes.length) - bytes.length));
  parts.push(END_OF_ARCHIVE);
  return Buffer.concat(parts);
}

const list = async (file: string) => {
  const handle = await open(file, 'r');
  try {
    return await listEntries(handle);
  } finally {
    await handle.close();
  }
};

describe('the archive layout (tar headers by position)', () => {
  // a name longer than ustar's fields (a pax header), one split into ustar's prefix, an empty entry
  const long = `files/${'a'.repeat(120)}/${'b'.repeat(120)}/photo.jpg`;
  const entries = [
    { name: 'database.jsonl', bytes: Buffer.from('{"$windscope":"database"}\n') },
    { name: long, bytes: randomBytes(70_001) },
    { name: `files/turbines/1/${'c'.repeat(90)}/x.jpg`, bytes: randomBytes(512) },
    { name: 'files/empty', bytes: Buffer.alloc(0) },
  ];

  it('writes a tar that GNU tar and tar-stream read back, and reads its entries by position', async () => {
    const file = path.join(work, 'laid-out.tar');
    const bytes = layOut(entries);
    writeFileSync(file, bytes);
    expect(execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual(entries.map((e) => e.name));
    expect(execFileSync('tar', ['-xOf', file, long]).equals(entries[1]?.bytes as Buffer)).toBe(true);

    const listed = await list(file);
    expect(listed.map((e) => [e.name, e.type, e.size])).toEqual(entries.map((e) => [e.name, 'file', e.bytes.length]));
    for (const [i, entry] of listed.entries())
      expect(bytes.subarray(entry.offset, entry.offset + entry.size).equals(entries[i]?.bytes as Buffer)).toBe(true);

    // and what tar-stream's pack writes (archives made before this layout) reads the same
    const pack = tar.pack();
    for (const { name, bytes: b } of entries) pack.entry({ name, size: b.length, mode: 0o600 }, b);
    pack.finalize();
    const packed: Buffer[] = [];
    for await (const chunk of pack) packed.push(chunk as Buffer);
    const packedFile = path.join(work, 'packed.tar');
    writeFileSync(packedFile, Buffer.concat(packed));
    expect((await list(packedFile)).map((e) => [e.name, e.size])).toEqual(entries.map((e) => [e.name, e.bytes.length]));
  });

  it('refuses an archive cut short (in an entry, or before its end blocks) or with a damaged header', async () => {
    const bytes = layOut(entries);
    const cutInEntry = path.join(work, 'cut-entry.tar');
    writeFileSync(cutInEntry, bytes.subarray(0, 40_000));
    await expect(list(cutInEntry)).rejects.toThrow(/runs past the end/);
    const noEnd = path.join(work, 'no-end.tar');
    writeFileSync(noEnd, bytes);
    truncateSync(noEnd, bytes.length - END_OF_ARCHIVE.length);
    await expect(list(noEnd)).rejects.toBeInstanceOf(ArchiveUnreadable);
    const damaged = path.join(work, 'damaged.tar');
    const copy = Buffer.from(bytes);
    copy[5] = (copy[5] ?? 0) ^ 0xff;
    writeFileSync(damaged, copy);
    await expect(list(damaged)).rejects.toThrow(/a header is damaged at byte 0/);
  });
});
