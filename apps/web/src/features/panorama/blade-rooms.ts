import { BLADES, type Blade, type Photo } from '@windscope/contract';
import { sortByName } from '../viewer-common/photo-order.ts';

type RoomPhoto = Pick<Photo, 'id' | 'key' | 'originalName' | 'blade' | 'room'>;

/** DECISIONS §7: rooms 1..max(turbine rooms, highest room that has photos), so no photo becomes unreachable. */
export function roomNumbers(turbineRooms: number, photos: readonly RoomPhoto[]): number[] {
  const highest = photos.reduce((max, photo) => Math.max(max, photo.room ?? 0), 0);
  const count = Math.max(1, turbineRooms, highest);
  return Array.from({ length: count }, (_, i) => i + 1);
}

/** The photos of one blade and room, in natural numeric order of their original names. */
export function photosOfRoom<T extends RoomPhoto>(photos: readonly T[], blade: Blade, room: number): T[] {
  return sortByName(photos.filter((photo) => photo.blade === blade && photo.room === room));
}

/** Where the viewer opens: blade A room 1, unless that is empty and another blade or room has photos. */
export function firstPlaceWithPhotos(photos: readonly RoomPhoto[], rooms: readonly number[]): { blade: Blade; room: number } {
  if (photosOfRoom(photos, 'A', 1).length > 0) return { blade: 'A', room: 1 };
  for (const blade of BLADES) {
    for (const room of rooms) if (photos.some((photo) => photo.blade === blade && photo.room === room)) return { blade, room };
  }
  return { blade: 'A', room: 1 };
}

/** An equirectangular panorama is twice as wide as it is high; anything else is shown as a flat picture. */
export function isEquirectangular(width: number | null, height: number | null): boolean {
  if (!width || !height) return false;
  return Math.abs(width / height - 2) <= 0.01;
}
