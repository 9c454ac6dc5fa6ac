import { randomInt } from 'node:crypto';
import type { Blade, PhotoCategory } from '@windscope/contract';

/** "{time}-{random}-{name}": the spec's "number-number-name" last segment; unique, and its name part is shown to people. */
export function storedFileName(now: Date, name: string): string {
  return `${now.getTime()}-${randomInt(100_000_000, 1_000_000_000)}-${name}`;
}

export const turbinePrefix = (turbineId: number) => `turbines/${turbineId}/`;

/** `turbines/{id}/{category|blade}/{year}/{blade}/{room}/{time}-{random}-{name}` (DECISIONS §6); room 0 when a category
 *  photo has none. `name` has passed isSafeFileName, so the key is made of safe segments only. */
export function photoKey(
  turbineId: number,
  photo: { category?: PhotoCategory; year: number; blade: Blade; room?: number },
  storedName: string,
): string {
  return `${turbinePrefix(turbineId)}${photo.category ?? 'blade'}/${photo.year}/${photo.blade}/${photo.room ?? 0}/${storedName}`;
}

export const thumbnailKeyOf = (photoKey: string) => `${photoKey}.thumb.webp`;
export const previewKeyOf = (photoKey: string) => `${photoKey}.preview.webp`;
/** A .pcd point cloud's copy decimated to the viewer's point budget (DECISIONS §16): binary, x y z and its rgb/intensity. */
export const cloudKeyOf = (photoKey: string) => `${photoKey}.cloud.pcd`;

export function reportKey(turbineId: number, year: number, storedName: string): string {
  return `${turbinePrefix(turbineId)}reports/${year}/${storedName}`;
}

/** A photo's Deep Zoom pyramid (DECISIONS §16) lives under its own prefix: `{key}.tiles/pyramid.json` and
 *  `{key}.tiles/{level}/{column}_{row}.jpeg`. */
export const tilePrefixOf = (photoKey: string) => `${photoKey}.tiles/`;
export const pyramidKeyOf = (photoKey: string) => `${tilePrefixOf(photoKey)}pyramid.json`;
