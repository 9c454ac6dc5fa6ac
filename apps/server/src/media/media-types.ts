/** The kinds of file the platform keeps, decided from their bytes (DECISIONS §6), never from a name or a browser label. */
export const MEDIA_KINDS = {
  jpeg: { mime: 'image/jpeg', image: true },
  png: { mime: 'image/png', image: true },
  webp: { mime: 'image/webp', image: true },
  tiff: { mime: 'image/tiff', image: true },
  pcd: { mime: 'application/x-pcd', image: false },
  pdf: { mime: 'application/pdf', image: false },
} as const;
export type MediaKind = keyof typeof MEDIA_KINDS;

/** The name endings each kind may carry. A file keeps its name (it is shown and downloaded under it), so the name must
 *  say what the bytes are: a point cloud ends in .pcd, a report in .pdf, an image in any image ending (a PNG named
 *  .jpg is harmless; an image, PDF or point cloud named .html or .svg would open as a page once downloaded). */
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'jpe', 'jfif', 'png', 'webp', 'tif', 'tiff'];
const KIND_EXTENSIONS: Record<'image' | 'pcd' | 'pdf', string[]> = { image: IMAGE_EXTENSIONS, pcd: ['pcd'], pdf: ['pdf'] };

export function nameFitsKind(name: string, kind: MediaKind): boolean {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const family = kind === 'pcd' || kind === 'pdf' ? kind : 'image';
  return KIND_EXTENSIONS[family].includes(extension);
}

export const isMediaKind = (value: string): value is MediaKind => Object.hasOwn(MEDIA_KINDS, value);

export function mediaKindOfMime(mime: string): MediaKind | null {
  for (const [kind, info] of Object.entries(MEDIA_KINDS)) if (info.mime === mime) return kind as MediaKind;
  return null;
}
