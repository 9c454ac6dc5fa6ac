import { describe, expect, it } from 'vitest';
import { checkChosenPhoto, describeProblems } from './photo-checks.ts';
import { chosenFile, claimingSize } from './test-files.ts';

describe('checks of a chosen file before anything is sent (issue 24 item 13)', () => {
  it('passes photos and point clouds by their first bytes', async () => {
    expect(await checkChosenPhoto(chosenFile('a.jpg'))).toBeNull();
    expect(await checkChosenPhoto(chosenFile('b.JPEG'))).toBeNull();
    expect(await checkChosenPhoto(chosenFile('c.png', 'png'))).toBeNull();
    // a PNG named .jpg is harmless (the server stores it as the PNG it is)
    expect(await checkChosenPhoto(chosenFile('d.jpg', 'png'))).toBeNull();
    expect(await checkChosenPhoto(chosenFile('scan.pcd', 'pcd'))).toBeNull();
  });
  it('flags a web page renamed .jpg, a photo named as a point cloud, an empty file and one over the limit', async () => {
    expect(await checkChosenPhoto(chosenFile('fake.jpg', 'html', 2000))).toBe('unsupported_type');
    expect(await checkChosenPhoto(chosenFile('photo.pcd', 'jpeg'))).toBe('wrong_extension');
    expect(await checkChosenPhoto(new File([], 'empty.jpg', { type: 'image/jpeg' }))).toBe('damaged');
    expect(await checkChosenPhoto(claimingSize(chosenFile('huge.jpg'), 250 * 1024 * 1024))).toBe('too_large');
    expect(await checkChosenPhoto(chosenFile('small.jpg', 'jpeg', 2000), 1000)).toBe('too_large');
    expect(await checkChosenPhoto(chosenFile('small.jpg', 'jpeg', 2000), 2000)).toBeNull();
  });
  it("words them as the server does, grouped by reason, in the user's language", () => {
    const files = [
      { name: 'fake.jpg', reason: 'unsupported_type' as const },
      { name: 'huge.jpg', reason: 'too_large' as const },
      { name: 'page.jpg', reason: 'unsupported_type' as const },
    ];
    const tr = describeProblems(files, 'tr');
    expect(tr.sentences).toEqual([
      '2 dosya desteklenmeyen türde: fake.jpg, page.jpg. Yalnızca JPEG, PNG, WebP, TIFF ve .pcd dosyaları kabul edilir.',
      '1 dosya 200 MB sınırını aşıyor: huge.jpg',
    ]);
    expect(tr.each[1]).toBe('1 dosya 200 MB sınırını aşıyor: huge.jpg');
    // with the server's own limit (MAX_PHOTO_MB) when it has said it
    expect(describeProblems(files, 'en', { photo_bytes: 500 * 1024 * 1024, max_megapixels: 400 }).each[1]).toBe(
      '1 file(s) over the 500 MB limit: huge.jpg',
    );
    expect(describeProblems(files, 'en').each[0]).toBe(
      '1 file(s) of an unsupported type: fake.jpg. Only JPEG, PNG, WebP, TIFF and .pcd files are accepted.',
    );
  });
});
