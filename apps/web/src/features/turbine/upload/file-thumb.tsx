import { useEffect, useState } from 'react';

/** Width of a chosen photo's preview, in pixels (the list shows it at 56 px; twice for sharp screens). */
const THUMB_WIDTH = 112;

/**
 * A chosen photo's preview, made small before it is shown. An `<img>` of the file itself would keep the whole decoded
 * photo (a 24-megapixel drone photo is ~96 MB decoded) for as long as it is on screen: a memory card's worth of them took
 * the tab past 2 GB. Each preview is decoded once, one photo at a time (a queue shared by every zone), scaled down and
 * kept as a small WebP; the decoded photo is freed at once.
 */
export function FileThumb({ file, fallback }: { file: File; fallback: React.ReactNode }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    thumbnailOf(file).then(
      (blob) => {
        if (!live || !blob) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => {},
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file]);
  return url ? <img src={url} alt="" decoding="async" /> : fallback;
}

let queue: Promise<unknown> = Promise.resolve();

/** A small WebP of the photo, or null where the browser cannot decode it (TIFF, a point cloud, no createImageBitmap). */
export function thumbnailOf(file: File): Promise<Blob | null> {
  const next = queue.then(() => makeThumbnail(file));
  queue = next.catch(() => null);
  return next;
}

async function makeThumbnail(file: File): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return null;
  if (!file.type.startsWith('image/') || file.type === 'image/tiff') return null;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file, { resizeWidth: THUMB_WIDTH, resizeQuality: 'low' });
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    return await canvas.convertToBlob({ type: 'image/webp', quality: 0.7 });
  } catch {
    return null;
  } finally {
    bitmap?.close();
  }
}
