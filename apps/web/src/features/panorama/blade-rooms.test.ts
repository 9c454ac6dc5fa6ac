import type { Blade } from '@windscope/contract';
import { describe, expect, it } from 'vitest';
import { firstPlaceWithPhotos, isEquirectangular, photosOfRoom, roomNumbers } from './blade-rooms.ts';

const photo = (id: number, blade: Blade | null, room: number | null, originalName = `p-${id}.jpg`) => ({
  id,
  blade,
  room,
  originalName,
  key: `k/${id}`,
});

describe('roomNumbers (DECISIONS §7)', () => {
  it("offers the turbine's rooms when no photo lies beyond them", () => {
    expect(roomNumbers(3, [photo(1, 'A', 2)])).toEqual([1, 2, 3]);
  });
  it('extends to the highest room that has photos', () => {
    expect(roomNumbers(3, [photo(1, 'B', 7), photo(2, 'A', 1)])).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('offers at least room 1', () => {
    expect(roomNumbers(0, [])).toEqual([1]);
  });
});

describe('photosOfRoom', () => {
  it('keeps one blade and room, in natural order of original name', () => {
    const photos = [
      photo(1, 'A', 1, 'pano-10.jpg'),
      photo(2, 'A', 1, 'pano-2.jpg'),
      photo(3, 'B', 1, 'pano-1.jpg'),
      photo(4, 'A', 2, 'pano-1.jpg'),
      photo(5, 'A', 1, 'pano-1.jpg'),
    ];
    expect(photosOfRoom(photos, 'A', 1).map((p) => p.id)).toEqual([5, 2, 1]);
  });
});

describe('firstPlaceWithPhotos', () => {
  it('opens on blade A room 1 when it has photos', () => {
    expect(firstPlaceWithPhotos([photo(1, 'A', 1), photo(2, 'B', 1)], [1, 2])).toEqual({ blade: 'A', room: 1 });
  });
  it('otherwise on the first blade and room that has any', () => {
    expect(firstPlaceWithPhotos([photo(1, 'C', 1), photo(2, 'B', 3)], [1, 2, 3])).toEqual({ blade: 'B', room: 3 });
  });
  it('falls back to A/1 when there are no photos', () => {
    expect(firstPlaceWithPhotos([], [1])).toEqual({ blade: 'A', room: 1 });
  });
});

describe('isEquirectangular', () => {
  it('accepts 2:1 images only', () => {
    expect(isEquirectangular(2048, 1024)).toBe(true);
    expect(isEquirectangular(8192, 4096)).toBe(true);
    expect(isEquirectangular(1600, 800)).toBe(true);
    expect(isEquirectangular(4000, 3000)).toBe(false);
    expect(isEquirectangular(1024, 1024)).toBe(false);
    expect(isEquirectangular(null, 1024)).toBe(false);
  });
});
