import { isPointCloud, SNIFF_BYTES, sniffPhotoKind } from '@windscope/contract/photo-sniff';
import type { MediaKind } from './media-types.ts';

/** Photos are sniffed by the contract's rule (the web app flags chosen files with the same one); reports here. */
export { isPointCloud, SNIFF_BYTES, sniffPhotoKind };

export const isPdf = (head: Buffer): boolean => head.subarray(0, 5).toString('latin1') === '%PDF-';

export async function sniffReportKind(head: Buffer): Promise<MediaKind | null> {
  return isPdf(head) ? 'pdf' : null;
}
