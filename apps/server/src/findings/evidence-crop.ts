import sharp, { type Sharp } from 'sharp';
import type { Geometry } from '@windscope/contract';
import { decodeSlot } from '../media/images.ts';

/** Evidence crops (DECISIONS §12): the marked region plus a margin, cut from the original when the observation is
 *  saved, as WebP, so the record survives a later re-upload or deletion of the photo. */

export const CROP_MAX_SIDE = 1024;
/** margin around the marked box, as a share of its larger side, and at least this share of the image's shorter side */
const MARGIN_SHARE = 0.15;
const MIN_MARGIN_SHARE = 0.02;
/** a point is shown with this share of the image's shorter side around it */
const POINT_WINDOW_SHARE = 0.08;
/** on a panorama: a point gets ±10°, a polygon 4° more on each side */
const SPHERE_POINT_HALF = (10 * Math.PI) / 180;
const SPHERE_MARGIN = (4 * Math.PI) / 180;
const TWO_PI = 2 * Math.PI;

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A box in pixels, inside the image, at least one pixel each way. */
function pixelBox(x0: number, y0: number, x1: number, y1: number, width: number, height: number): Box {
  const left = clamp(Math.floor(x0), 0, width - 1);
  const top = clamp(Math.floor(y0), 0, height - 1);
  const right = clamp(Math.ceil(x1), left + 1, width);
  const bottom = clamp(Math.ceil(y1), top + 1, height);
  return { left, top, width: right - left, height: bottom - top };
}

/** Flat photo: the normalised points' box plus margin. */
export function flatCropBox(points: number[][], width: number, height: number): Box {
  const xs = points.map((p) => (p[0] ?? 0) * width);
  const ys = points.map((p) => (p[1] ?? 0) * height);
  let [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const shorter = Math.min(width, height);
  if (points.length === 1) {
    const half = (POINT_WINDOW_SHARE * shorter) / 2;
    [x0, x1, y0, y1] = [x0 - half, x1 + half, y0 - half, y1 + half];
  }
  const margin = Math.max(MARGIN_SHARE * Math.max(x1 - x0, y1 - y0), MIN_MARGIN_SHARE * shorter);
  return pixelBox(x0 - margin, y0 - margin, x1 + margin, y1 + margin, width, height);
}

/** Panorama: the smallest yaw arc holding every point (it may cross yaw 0) and the pitch band, plus margin, in the
 *  equirectangular image's pixels. A box that crosses the seam comes as two boxes, left part first. */
export function sphereCropBoxes(points: number[][], width: number, height: number): Box[] {
  const yaws = points.map((p) => (((p[0] ?? 0) % TWO_PI) + TWO_PI) % TWO_PI).sort((a, b) => a - b);
  const pitches = points.map((p) => p[1] ?? 0);
  // the arc starts after the largest gap between neighbouring yaws (cyclically)
  let start = yaws[0] ?? 0;
  let span = 0;
  if (yaws.length > 1) {
    let gapAfter = yaws.length - 1;
    let gap = (yaws[0] ?? 0) + TWO_PI - (yaws.at(-1) ?? 0);
    for (let i = 0; i < yaws.length - 1; i++) {
      const g = (yaws[i + 1] ?? 0) - (yaws[i] ?? 0);
      if (g > gap) [gap, gapAfter] = [g, i];
    }
    start = yaws[(gapAfter + 1) % yaws.length] ?? 0;
    span = TWO_PI - gap;
  }
  const pad = points.length === 1 ? SPHERE_POINT_HALF : SPHERE_MARGIN;
  const yawFrom = start - pad;
  const yawSpan = Math.min(TWO_PI, span + 2 * pad);
  const pitchTop = Math.min(Math.PI / 2, Math.max(...pitches) + pad);
  const pitchBottom = Math.max(-Math.PI / 2, Math.min(...pitches) - pad);
  const y0 = ((Math.PI / 2 - pitchTop) / Math.PI) * height;
  const y1 = ((Math.PI / 2 - pitchBottom) / Math.PI) * height;
  const from = ((yawFrom % TWO_PI) + TWO_PI) % TWO_PI;
  const x0 = (from / TWO_PI) * width;
  const x1 = x0 + (yawSpan / TWO_PI) * width;
  if (x1 <= width || yawSpan >= TWO_PI)
    return [pixelBox(yawSpan >= TWO_PI ? 0 : x0, y0, yawSpan >= TWO_PI ? width : x1, y1, width, height)];
  return [pixelBox(x0, y0, width, y1, width, height), pixelBox(0, y0, x1 - width, y1, width, height)];
}

/** The crop as WebP, from the original at `file` (oriented as it is shown). */
export async function cutEvidenceCrop(file: string, geometry: Geometry, maxMegapixels: number): Promise<Buffer> {
  return decodeSlot(async () => {
    const open = () => sharp(file, { limitInputPixels: maxMegapixels * 1_000_000 }).rotate();
    const meta = await sharp(file, { limitInputPixels: maxMegapixels * 1_000_000 }).metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new Error('image without dimensions');
    const boxes =
      geometry.space === 'flat' ? [flatCropBox(geometry.points, width, height)] : sphereCropBoxes(geometry.points, width, height);
    const fit = (image: Sharp) =>
      image
        .resize({ width: CROP_MAX_SIDE, height: CROP_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    const [first, second] = boxes;
    if (!first) throw new Error('no crop box');
    if (!second) return fit(open().extract(first));
    // across the panorama's seam: the two parts side by side
    const [a, b] = await Promise.all([open().extract(first).png().toBuffer(), open().extract(second).png().toBuffer()]);
    const joined = await sharp({ create: { width: first.width + second.width, height: first.height, channels: 3, background: '#000' } })
      .composite([
        { input: a, left: 0, top: 0 },
        { input: b, left: first.width, top: 0 },
      ])
      .png()
      .toBuffer();
    return fit(sharp(joined));
  });
}
