import { fileTypeFromBuffer } from 'file-type/core';
import type { FileKind } from './file-kinds.ts';

/**
 * What a photo's first bytes say it is (DECISIONS §6): JPEG, PNG, WebP and TIFF by their magic numbers (file-type), a
 * .pcd point cloud by its text header, anything else (HTML, SVG, archives, RAW) nothing. The server judges every upload
 * with it; the web app flags a chosen file with it before anything is sent (issue 24 item 13). Its own entry point
 * (`@windscope/contract/photo-sniff`), so that only the code that sniffs carries file-type.
 */

/** How many leading bytes the sniffers look at (what file-type needs for its checks). */
export const SNIFF_BYTES = 4100;

export type PhotoKind = Exclude<FileKind, 'pdf'>;

const FILE_TYPE_KINDS: Record<string, PhotoKind> = { jpg: 'jpeg', png: 'png', webp: 'webp', tif: 'tiff' };

function latin1(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

/** A PCD point cloud starts with a text header: an optional "# .PCD" comment line, then "VERSION". */
export function isPointCloud(head: Uint8Array): boolean {
  const text = latin1(head.subarray(0, 512));
  if (!/^(# \.PCD|VERSION)/.test(text)) return false;
  const firstLines = head.subarray(0, text.split('\n').slice(0, 3).join('\n').length);
  const printable = firstLines.every((byte) => byte === 0x09 || byte === 0x0a || byte === 0x0d || (byte >= 0x20 && byte <= 0x7e));
  return printable && /(^|\n)VERSION\s/.test(text);
}

/** JPEG, PNG, WebP, TIFF (by magic numbers) or a .pcd point cloud; null for anything else. */
export async function sniffPhotoKind(head: Uint8Array): Promise<PhotoKind | null> {
  if (isPointCloud(head)) return 'pcd';
  const detected = await fileTypeFromBuffer(head);
  return detected ? (FILE_TYPE_KINDS[detected.ext] ?? null) : null;
}
