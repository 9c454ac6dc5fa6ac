import type { FileKind } from '@windscope/contract';

/** The kinds of file the platform keeps, decided from their bytes (DECISIONS §6), never from a name or a browser label. */
export const MEDIA_KINDS = {
  jpeg: { mime: 'image/jpeg', image: true, derived: true },
  png: { mime: 'image/png', image: true, derived: true },
  webp: { mime: 'image/webp', image: true, derived: true },
  tiff: { mime: 'image/tiff', image: true, derived: true },
  // a point cloud is no image, but gets a thumbnail and preview too: top-down projections (media/point-cloud.ts)
  pcd: { mime: 'application/x-pcd', image: false, derived: true },
  pdf: { mime: 'application/pdf', image: false, derived: false },
} as const satisfies Record<FileKind, { mime: string; image: boolean; derived: boolean }>;
export type MediaKind = keyof typeof MEDIA_KINDS;

/** A name's ending must fit its sniffed kind: the contract's rule, shared with the web app's checks on selection. */
export { nameFitsKind } from '@windscope/contract';

export const isMediaKind = (value: string): value is MediaKind => Object.hasOwn(MEDIA_KINDS, value);

export function mediaKindOfMime(mime: string): MediaKind | null {
  for (const [kind, info] of Object.entries(MEDIA_KINDS)) if (info.mime === mime) return kind as MediaKind;
  return null;
}
