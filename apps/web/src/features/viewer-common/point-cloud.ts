import type { Photo } from '@windscope/contract';

/** What the server records for a .pcd point cloud (apps/server/src/media/media-types.ts). */
export const POINT_CLOUD_MIME = 'application/x-pcd';

/** Spec §5: a .pcd file is a point cloud (taken by the pickers next to image/* files). */
export function isPointCloudName(name: string): boolean {
  return name.toLowerCase().endsWith('.pcd');
}

/** A stored point cloud, told by its type or its name, never by its URLs: a browser can draw none of its files, and
 *  the server may answer with no thumbnail or preview for it, or with the original's address in their place. */
export function isPointCloudPhoto(photo: Pick<Photo, 'mime_type' | 'originalName'>): boolean {
  return photo.mime_type === POINT_CLOUD_MIME || isPointCloudName(photo.originalName);
}

/** The address to show a photo at viewer size: the preview, else (none made) the original. */
export function viewableUrl(photo: Pick<Photo, 'urls'>): string {
  return photo.urls.preview ?? photo.urls.original;
}
