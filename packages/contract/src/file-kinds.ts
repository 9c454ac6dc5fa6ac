/** The kinds of file the platform keeps, decided from their bytes (DECISIONS §6), never from a name or a browser label. */
export const FILE_KINDS = ['jpeg', 'png', 'webp', 'tiff', 'pcd', 'pdf'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The name endings each kind may carry. A file keeps its name (it is shown and downloaded under it), so the name must
 *  say what the bytes are: a point cloud ends in .pcd, a report in .pdf, an image in any image ending (a PNG named
 *  .jpg is harmless; an image, PDF or point cloud named .html or .svg would open as a page once downloaded). */
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'jpe', 'jfif', 'png', 'webp', 'tif', 'tiff'];
const KIND_EXTENSIONS: Record<'image' | 'pcd' | 'pdf', string[]> = { image: IMAGE_EXTENSIONS, pcd: ['pcd'], pdf: ['pdf'] };

/** Whether a file's name may carry the sniffed kind (the server refuses it as 'wrong_extension' otherwise). */
export function nameFitsKind(name: string, kind: FileKind): boolean {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const family = kind === 'pcd' || kind === 'pdf' ? kind : 'image';
  return KIND_EXTENSIONS[family].includes(extension);
}
