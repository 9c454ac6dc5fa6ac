import { fileTypeFromBuffer } from 'file-type';
import type { MediaKind } from './media-types.ts';

/** How many leading bytes the sniffers look at (what file-type needs for its checks). */
export const SNIFF_BYTES = 4100;

const FILE_TYPE_KINDS: Record<string, MediaKind> = { jpg: 'jpeg', png: 'png', webp: 'webp', tif: 'tiff' };

/** A PCD point cloud starts with a text header: an optional "# .PCD" comment line, then "VERSION". */
export function isPointCloud(head: Buffer): boolean {
  const text = head.subarray(0, 512).toString('latin1');
  if (!/^(# \.PCD|VERSION)/.test(text)) return false;
  const firstLines = head.subarray(0, text.split('\n').slice(0, 3).join('\n').length);
  const printable = firstLines.every((byte) => byte === 0x09 || byte === 0x0a || byte === 0x0d || (byte >= 0x20 && byte <= 0x7e));
  return printable && /(^|\n)VERSION\s/.test(text);
}

export const isPdf = (head: Buffer): boolean => head.subarray(0, 5).toString('latin1') === '%PDF-';

/** JPEG, PNG, WebP, TIFF (by magic numbers) or a .pcd point cloud; null for anything else (HTML, SVG, archives, RAW). */
export async function sniffPhotoKind(head: Buffer): Promise<MediaKind | null> {
  if (isPointCloud(head)) return 'pcd';
  const detected = await fileTypeFromBuffer(head);
  return detected ? (FILE_TYPE_KINDS[detected.ext] ?? null) : null;
}

export async function sniffReportKind(head: Buffer): Promise<MediaKind | null> {
  return isPdf(head) ? 'pdf' : null;
}
