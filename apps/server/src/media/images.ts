import { availableParallelism } from 'node:os';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { createConcurrencyLimit } from './concurrency.ts';
import { PREVIEW_WIDTH } from '@windscope/contract';

/** Sizes of the derived images (DECISIONS §6): lists load thumbnails, viewers load previews. */
export const THUMBNAIL_WIDTH = 400;
export { PREVIEW_WIDTH } from '@windscope/contract';

// every upload is a new file: libvips' operation cache would only hold memory
sharp.cache(false);

/** Decoding is CPU-bound and runs on libuv threads. One image more than there are cores keeps every core busy while
 *  an upload's last files finish (the UI sends 2-3 files per request and waits for the answer), and bounds memory. */
export const decodeSlot = createConcurrencyLimit(availableParallelism() + 1);

export class ImageRejectedError extends Error {
  constructor(readonly reason: 'too_many_pixels' | 'damaged') {
    super(`image rejected: ${reason}`);
  }
}

/** Width and height from the header only, without decoding a single pixel: a decompression bomb is refused here. */
export async function readImageSize(file: string, maxMegapixels: number): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError('damaged');
  }
  const { width, height } = meta;
  if (!width || !height) throw new ImageRejectedError('damaged');
  if (width * height > maxMegapixels * 1_000_000) throw new ImageRejectedError('too_many_pixels');
  return { width, height };
}

export interface Derivatives {
  thumbnail: Buffer;
  preview: Buffer;
  /** a point cloud's copy decimated to the viewer's point budget (media/point-cloud.ts) */
  cloud?: Buffer;
}

/** A WebP preview (~1600 px wide) and thumbnail (~400 px) from one decode. Any decoder warning (a truncated JPEG)
 *  refuses the image, so nothing half-broken is kept. */
export async function makeDerivatives(file: string, maxMegapixels: number): Promise<Derivatives> {
  return decodeSlot(async () => {
    let decoded: { data: Buffer; info: OutputInfo };
    try {
      decoded = await sharp(file, { limitInputPixels: maxMegapixels * 1_000_000, failOn: 'warning', sequentialRead: true })
        .rotate()
        .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new ImageRejectedError('damaged');
    }
    const { data, info } = decoded;
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const [preview, thumbnail] = await Promise.all([
      // effort 2: about a quarter of the default (4) encoding time for previews, at the same size
      sharp(data, raw).webp({ quality: 80, effort: 2 }).toBuffer(),
      sharp(data, raw).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 72, effort: 2 }).toBuffer(),
    ]);
    return { thumbnail, preview };
  });
}
