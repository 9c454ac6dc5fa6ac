import { createRequire } from 'node:module';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { OperatorError, operatorLine } from '../lib/operator-messages.ts';

/** tar-stream's own header encoder and decoder (the ones its pack and extract use; the package exports only those
 *  streams): a backup lays the archive out itself so its threads can copy files into their places side by side, and a
 *  restore reads the headers by position so its threads can copy the entries out side by side. */
interface TarHeader {
  name: string;
  size: number;
  type: string | null;
  mode?: number;
  mtime?: Date;
}
const require = createRequire(import.meta.url);
const headers = require(path.join(path.dirname(require.resolve('tar-stream')), 'headers.js')) as {
  encode(header: TarHeader & { mode: number; mtime: Date; uid: number; gid: number }): Buffer | null;
  encodePax(header: { name: string }): Buffer;
  decode(block: Buffer, filenameEncoding: string, allowUnknownFormat: boolean): TarHeader | null;
  decodePax(bytes: Buffer): Record<string, string>;
};

const BLOCK = 512;
/** the two zero blocks that end an archive */
export const END_OF_ARCHIVE = Buffer.alloc(2 * BLOCK);
export const padded = (size: number) => Math.ceil(size / BLOCK) * BLOCK;

/** The header bytes of a file entry as tar-stream's pack writes them: one block, or a pax header first for a name that
 *  does not fit the ustar fields. The entry's bytes follow, padded to a whole block. */
export function fileHeader(name: string, size: number, mtime: Date): Buffer {
  const header = { name, size, mtime, mode: 0o600, type: 'file', uid: 0, gid: 0 };
  const plain = headers.encode(header);
  if (plain) return plain;
  const pax = headers.encodePax({ name });
  const paxHeader = headers.encode({ ...header, name: 'PaxHeader', size: pax.length, type: 'pax-header' });
  const fileBlock = headers.encode({ ...header, name: 'PaxHeader' });
  if (!paxHeader || !fileBlock) throw new Error(`cannot write a tar header for ${name}`);
  return Buffer.concat([paxHeader, pax, Buffer.alloc(padded(pax.length) - pax.length), fileBlock]);
}

/** The archive is not a whole tar (cut short, a header damaged, or not a tar at all): the restore refuses it. */
export class ArchiveUnreadable extends OperatorError {}

export interface ArchiveEntry {
  name: string;
  type: string | null;
  /** where its bytes start in the archive */
  offset: number;
  size: number;
}

/** Every entry of a tar file, read header by header (the entries' bytes are skipped, not read). Throws
 *  ArchiveUnreadable for a damaged header, an entry that runs past the end, or no end-of-archive blocks. */
export async function listEntries(handle: FileHandle): Promise<ArchiveEntry[]> {
  const { size: total } = await handle.stat();
  const block = Buffer.alloc(BLOCK);
  const entries: ArchiveEntry[] = [];
  let paxName: string | null = null;
  for (let at = 0; ; ) {
    const { bytesRead } = await handle.read(block, 0, BLOCK, at);
    if (bytesRead < BLOCK) throw new ArchiveUnreadable(operatorLine('RESTORE_DAMAGED_ENDS_EARLY'));
    let header: TarHeader | null;
    try {
      header = headers.decode(block, 'utf-8', false);
    } catch {
      throw new ArchiveUnreadable(operatorLine('RESTORE_DAMAGED_HEADER', { at }));
    }
    if (header === null) return entries;
    const offset = at + BLOCK;
    if (!Number.isSafeInteger(header.size) || header.size < 0 || offset + header.size > total)
      throw new ArchiveUnreadable(operatorLine('RESTORE_DAMAGED_PAST_END', { name: header.name }));
    at = offset + padded(header.size);
    if (header.type === 'pax-header') {
      if (header.size > 1 << 20) throw new ArchiveUnreadable(operatorLine('RESTORE_DAMAGED_PAX'));
      const bytes = Buffer.alloc(header.size);
      await handle.read(bytes, 0, header.size, offset);
      paxName = headers.decodePax(bytes).path ?? null;
      continue;
    }
    entries.push({ name: paxName ?? header.name, type: header.type, offset, size: header.size });
    paxName = null;
  }
}
