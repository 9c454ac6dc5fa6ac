import type { MediaKind } from './media-types.ts';

/** Whether an image's bytes end the way a whole file of its kind ends, from its first and last bytes only:
 *  - JPEG: the End Of Image marker FF D9 (a cut-off upload lacks it);
 *  - PNG: the IEND chunk with its fixed CRC;
 *  - WebP: the RIFF header's length equals the file's.
 *  'unknown' when the kind has no such mark (TIFF keeps its directory anywhere) or a JPEG carries data after its EOI:
 *  the caller then decodes the whole image before accepting it. A 'complete' file may still be damaged inside; the
 *  derivative queue finds that when it decodes it (the photo's derivatives become 'failed'). */
export function imageCompleteness(kind: MediaKind, first: Buffer, last: Buffer, size: number): 'complete' | 'cut' | 'unknown' {
  switch (kind) {
    case 'jpeg':
      if (last.length >= 2 && last[last.length - 2] === 0xff && last[last.length - 1] === 0xd9) return 'complete';
      return 'unknown';
    case 'png':
      return last.subarray(-12).equals(PNG_IEND) ? 'complete' : 'cut';
    case 'webp':
      return first.length >= 8 && first.readUInt32LE(4) + 8 === size ? 'complete' : 'cut';
    default:
      return 'unknown';
  }
}

/** length 0, "IEND", CRC */
const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
