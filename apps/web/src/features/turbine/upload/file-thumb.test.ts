import { afterEach, describe, expect, it, vi } from 'vitest';
import { thumbnailOf } from './file-thumb.tsx';

// The browser's decoder stands in: it records how many photos are decoded at the same time and at what size.
describe('chosen photos are previewed small and one at a time', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('decodes one photo at a time, scaled to the thumbnail width, and frees each decoded photo', async () => {
    let decoding = 0;
    let most = 0;
    const widths: (number | undefined)[] = [];
    const closed: number[] = [];
    vi.stubGlobal('createImageBitmap', async (_file: Blob, options?: ImageBitmapOptions) => {
      decoding += 1;
      most = Math.max(most, decoding);
      widths.push(options?.resizeWidth);
      await new Promise((resolve) => setTimeout(resolve, 5));
      decoding -= 1;
      const id = widths.length;
      return { width: 112, height: 84, close: () => closed.push(id) };
    });
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        getContext() {
          return { drawImage: () => {} };
        }
        async convertToBlob() {
          return new Blob(['thumb'], { type: 'image/webp' });
        }
      },
    );
    const files = Array.from({ length: 6 }, (_, i) => new File([`jpeg ${i}`], `p${i}.jpg`, { type: 'image/jpeg' }));
    const thumbs = await Promise.all(files.map((f) => thumbnailOf(f)));
    expect(thumbs.every((t) => t instanceof Blob && t.type === 'image/webp')).toBe(true);
    expect(most).toBe(1);
    expect(widths).toEqual([112, 112, 112, 112, 112, 112]);
    expect(closed).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('gives no preview for what the browser cannot show, and a failed decode does not stop the next one', async () => {
    let calls = 0;
    vi.stubGlobal('createImageBitmap', async () => {
      calls += 1;
      if (calls === 1) throw new Error('broken JPEG');
      return { width: 1, height: 1, close: () => {} };
    });
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        getContext() {
          return { drawImage: () => {} };
        }
        async convertToBlob() {
          return new Blob(['t']);
        }
      },
    );
    expect(await thumbnailOf(new File(['x'], 'a.tif', { type: 'image/tiff' }))).toBeNull();
    expect(await thumbnailOf(new File(['x'], 'b.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(await thumbnailOf(new File(['x'], 'c.jpg', { type: 'image/jpeg' }))).toBeInstanceOf(Blob);
    expect(calls).toBe(2);
  });
});
