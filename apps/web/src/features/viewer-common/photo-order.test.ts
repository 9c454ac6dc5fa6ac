import { describe, expect, it } from 'vitest';
import { compareNatural, type PhotoSort, photoDisplayName, sortByName, sortPhotos, wrapIndex } from './photo-order.ts';

const photo = (id: number, originalName: string, key = `turbines/1/blade/2025/A/1/1700000000000-123-${originalName}`) => ({
  id,
  originalName,
  key,
});

describe('natural sort of original names', () => {
  it('orders numbers by value, not by character', () => {
    const names = ['pano-10.jpg', 'pano-2.jpg', 'pano-1.jpg', 'pano-21.jpg', 'pano-3.jpg'];
    expect(sortByName(names.map((n, i) => photo(i + 1, n))).map((p) => p.originalName)).toEqual([
      'pano-1.jpg',
      'pano-2.jpg',
      'pano-3.jpg',
      'pano-10.jpg',
      'pano-21.jpg',
    ]);
  });

  it('handles several number groups and leading zeros', () => {
    const names = ['R2_IMG_010.jpg', 'R10_IMG_1.jpg', 'R2_IMG_9.jpg', 'R2_IMG_0002.jpg'];
    expect(sortByName(names.map((n, i) => photo(i + 1, n))).map((p) => p.originalName)).toEqual([
      'R2_IMG_0002.jpg',
      'R2_IMG_9.jpg',
      'R2_IMG_010.jpg',
      'R10_IMG_1.jpg',
    ]);
  });

  it('ignores case and keeps equal names in id order', () => {
    expect(compareNatural('IMG_5.JPG', 'img_40.jpg')).toBeLessThan(0);
    expect(sortByName([photo(9, 'a.jpg'), photo(3, 'A.jpg')]).map((p) => p.id)).toEqual([3, 9]);
  });

  it('does not change the array it was given', () => {
    const list = [photo(1, 'b10'), photo(2, 'b9')];
    sortByName(list);
    expect(list.map((p) => p.id)).toEqual([1, 2]);
  });
});

describe('photoDisplayName', () => {
  it('uses the original name', () => expect(photoDisplayName(photo(1, 'blade-a-3.jpg'))).toBe('blade-a-3.jpg'));
  it('falls back to the key without its number-number- prefix', () =>
    expect(photoDisplayName({ originalName: '', key: 'turbines/1/drone/2025/A/1/1700000000000-42-tower.jpg' })).toBe('tower.jpg'));
});

describe('wrapIndex', () => {
  it('wraps past the last to the first and before the first to the last', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(7, 3)).toBe(1);
  });
  it('is 0 for an empty list', () => expect(wrapIndex(-1, 0)).toBe(0));
});

describe('sortPhotos: the all-photos list by name, capture date or upload date (issue 24 item 22)', () => {
  const shot = (id: number, originalName: string, taken_at: string | null, upload_date: string) => ({
    ...photo(id, originalName),
    taken_at,
    upload_date,
  });
  const list = [
    shot(1, 'IMG_10.jpg', '2025-06-14T10:30:00.000Z', '2025-06-20T08:00:00.000Z'),
    shot(2, 'IMG_9.jpg', null, '2025-06-20T09:00:00.000Z'),
    shot(3, 'IMG_2.jpg', '2025-06-14T09:00:00.000Z', '2025-06-19T08:00:00.000Z'),
    shot(4, 'scan_1.jpg', null, '2025-06-18T08:00:00.000Z'),
    shot(5, 'IMG_1.jpg', '2025-06-15T07:00:00.000Z', '2025-06-20T08:00:00.000Z'),
  ];
  const names = (sort: PhotoSort) => sortPhotos(list, sort).map((p) => p.originalName);

  it('by name: natural numeric order, both ways', () => {
    expect(names({ key: 'name', direction: 'asc' })).toEqual(['IMG_1.jpg', 'IMG_2.jpg', 'IMG_9.jpg', 'IMG_10.jpg', 'scan_1.jpg']);
    expect(names({ key: 'name', direction: 'desc' })).toEqual(['scan_1.jpg', 'IMG_10.jpg', 'IMG_9.jpg', 'IMG_2.jpg', 'IMG_1.jpg']);
    // the default order of the list is the one the 360° viewer uses
    expect(sortByName(list).map((p) => p.id)).toEqual(sortPhotos(list, { key: 'name', direction: 'asc' }).map((p) => p.id));
  });

  it('by capture date: photos without one come last in both directions, among themselves by name', () => {
    expect(names({ key: 'taken', direction: 'desc' })).toEqual(['IMG_1.jpg', 'IMG_10.jpg', 'IMG_2.jpg', 'IMG_9.jpg', 'scan_1.jpg']);
    expect(names({ key: 'taken', direction: 'asc' })).toEqual(['IMG_2.jpg', 'IMG_10.jpg', 'IMG_1.jpg', 'IMG_9.jpg', 'scan_1.jpg']);
  });

  it('by upload date, equal times by name', () => {
    expect(names({ key: 'uploaded', direction: 'desc' })).toEqual(['IMG_9.jpg', 'IMG_1.jpg', 'IMG_10.jpg', 'IMG_2.jpg', 'scan_1.jpg']);
    expect(names({ key: 'uploaded', direction: 'asc' })).toEqual(['scan_1.jpg', 'IMG_2.jpg', 'IMG_1.jpg', 'IMG_10.jpg', 'IMG_9.jpg']);
  });

  it('compares instants, not text: an offset written differently is still the same moment', () => {
    const a = shot(1, 'a.jpg', '2025-06-14T12:00:00+03:00', '2025-06-20T08:00:00.000Z');
    const b = shot(2, 'b.jpg', '2025-06-14T10:00:00.000Z', '2025-06-20T08:00:00.000Z');
    expect(sortPhotos([b, a], { key: 'taken', direction: 'asc' }).map((p) => p.originalName)).toEqual(['a.jpg', 'b.jpg']);
  });

  it('does not change the array it was given', () => {
    const copy = [...list];
    sortPhotos(list, { key: 'taken', direction: 'asc' });
    expect(list).toEqual(copy);
  });
});
