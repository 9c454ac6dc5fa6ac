import { describe, expect, it } from 'vitest';
import { isAcceptedPhotoFile, selectPhotoFiles } from './accept-files.ts';

const file = (name: string, type = 'image/jpeg') => ({ name, type });

describe('photo picker and drop filter (spec §5)', () => {
  it('takes image/* and .pcd, drops everything else silently', () => {
    expect(isAcceptedPhotoFile(file('a.jpg'))).toBe(true);
    expect(isAcceptedPhotoFile(file('a.tif', 'image/tiff'))).toBe(true);
    expect(isAcceptedPhotoFile(file('scan.PCD', ''))).toBe(true);
    expect(isAcceptedPhotoFile(file('scan.pcd', 'application/octet-stream'))).toBe(true);
    expect(isAcceptedPhotoFile(file('notes.txt', 'text/plain'))).toBe(false);
    expect(isAcceptedPhotoFile(file('report.pdf', 'application/pdf'))).toBe(false);
    expect(isAcceptedPhotoFile(file('photo.jpg', ''))).toBe(false);

    const result = selectPhotoFiles([file('a.jpg'), file('notes.txt', 'text/plain'), file('b.pcd', '')], new Set());
    expect(result.accepted.map((f) => f.name)).toEqual(['a.jpg', 'b.pcd']);
    expect(result.invalidNames).toEqual([]);
    expect(result.duplicateNames).toEqual([]);
  });

  it('skips names outside letters, digits, _, - and . and reports them', () => {
    const bad = ['kanat ön.jpg', 'photo (1).jpg', 'şile.jpg', '../x.jpg', 'a/b.jpg', 'x\u0000.jpg'];
    const result = selectPhotoFiles([...bad.map((n) => file(n)), file('Blade_A-01.v2.JPG')], new Set());
    expect(result.invalidNames).toEqual(bad);
    expect(result.accepted.map((f) => f.name)).toEqual(['Blade_A-01.v2.JPG']);
  });

  it('refuses names the turbine already has, whatever their case, and ignores a second copy of a pending file', () => {
    const result = selectPhotoFiles(
      [file('IMG_1.jpg'), file('img_2.jpg'), file('img_3.jpg'), file('IMG_3.JPG')],
      new Set(['img_1.jpg']),
      new Set(['img_2.jpg']),
    );
    expect(result.duplicateNames).toEqual(['IMG_1.jpg']);
    expect(result.accepted.map((f) => f.name)).toEqual(['img_3.jpg']);
  });

  it('does not report a non-photo with a bad name (it is dropped silently)', () => {
    expect(selectPhotoFiles([file('my notes.txt', 'text/plain')], new Set()).invalidNames).toEqual([]);
  });
});
