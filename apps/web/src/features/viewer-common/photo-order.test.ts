import { describe, expect, it } from 'vitest';
import { compareNatural, photoDisplayName, sortByName, wrapIndex } from './photo-order.ts';

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
