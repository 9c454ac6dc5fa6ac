import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import {
  colourField,
  compressedSizes,
  decompressLzf,
  PCD_MAX_HEADER_BYTES,
  PCD_POINT_BUDGET,
  PcdError,
  type PcdHeader,
  packedRgb,
  packedRgbOfText,
  parsePcdHeader,
  pcdLengthProblem,
  readPcdValue,
} from '@windscope/contract/pcd';
import sharp from 'sharp';
import { type Derivatives, decodeSlot, PREVIEW_WIDTH, THUMBNAIL_WIDTH } from './images.ts';

export { PcdError };

/** A compressed cloud is read whole: past this (compressed or not) no thumbnail is made. */
const MAX_COMPRESSED_BYTES = 1024 * 1024 * 1024;
/** Bytes read at once from a binary cloud (whole rows). */
const CHUNK_BYTES = 8 * 1024 * 1024;

export interface PointSample {
  /** x y z of each kept point */
  xyz: Float32Array;
  /** 0xRRGGBB per kept point, when the cloud has colours */
  rgb: Uint32Array | null;
  /** the `intensity` field of each kept point, when the cloud has one */
  intensity: Float32Array | null;
  count: number;
  /** points in the file (its header) */
  total: number;
}

/** Reads the header of a stored cloud; throws PcdError when it is not usable or the file is shorter than it claims. */
export async function readPcdHeader(file: string): Promise<{ header: PcdHeader; size: number }> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(PCD_MAX_HEADER_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const header = parsePcdHeader(head.subarray(0, bytesRead));
    const { size } = await stat(file);
    const problem = pcdLengthProblem(header, size);
    if (problem) throw new PcdError(problem);
    return { header, size };
  } finally {
    await handle.close();
  }
}

/** At most `budget` points of a cloud, evenly spread over the file (every n-th), skipping points that are not finite
 *  (PCL writes NaN for empty cells of organised clouds). Streams binary and ascii files; a compressed one is read whole
 *  (bounded). Throws PcdError for a damaged file, or 'no_points' when not one point is usable. */
export async function readPointSample(file: string, budget = PCD_POINT_BUDGET): Promise<PointSample> {
  const { header, size } = await readPcdHeader(file);
  const stride = Math.max(1, Math.ceil(header.points / budget));
  const capacity = Math.ceil(header.points / stride);
  const xyz = new Float32Array(capacity * 3);
  const colour = colourField(header);
  const rgb = colour ? new Uint32Array(capacity) : null;
  const fieldOf = (name: string) => header.fields.indexOf(name);
  const [ix, iy, iz, ii] = [fieldOf('x'), fieldOf('y'), fieldOf('z'), fieldOf('intensity')];
  const intensity = ii >= 0 ? new Float32Array(capacity) : null;
  let count = 0;
  const keep = (x: number, y: number, z: number, c: number, i: number) => {
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z) || count >= capacity) return;
    xyz[count * 3] = x;
    xyz[count * 3 + 1] = y;
    xyz[count * 3 + 2] = z;
    if (rgb) rgb[count] = c;
    if (intensity) intensity[count] = Number.isFinite(i) ? i : 0;
    count++;
  };
  const t = (i: number) => header.type[i] as PcdHeader['type'][number];
  const s = (i: number) => header.size[i] as number;

  if (header.data === 'ascii') {
    const lines = createInterface({ input: createReadStream(file, { start: header.headerLength }), crlfDelay: Number.POSITIVE_INFINITY });
    let index = 0;
    const colourColumn = colour ? (header.column[colour] as number) : -1;
    for await (const line of lines) {
      if (line.trim() === '') continue;
      if (index % stride === 0) {
        const values = line.trim().split(/\s+/);
        const at = (name: string) => Number(values[header.column[name] as number]);
        keep(
          at('x'),
          at('y'),
          at('z'),
          colour ? packedRgbOfText(values[colourColumn] ?? '0', t(fieldOf(colour))) : 0,
          intensity ? at('intensity') : 0,
        );
      }
      index++;
    }
    if (index < header.points) throw new PcdError('truncated');
  } else if (header.data === 'binary') {
    const handle = await open(file, 'r');
    try {
      const rowsPerChunk = Math.max(1, Math.floor(CHUNK_BYTES / header.rowSize));
      const chunk = Buffer.alloc(rowsPerChunk * header.rowSize);
      for (let first = 0; first < header.points; first += rowsPerChunk) {
        const rows = Math.min(rowsPerChunk, header.points - first);
        const { bytesRead } = await handle.read(chunk, 0, rows * header.rowSize, header.headerLength + first * header.rowSize);
        if (bytesRead < rows * header.rowSize) throw new PcdError('truncated');
        const view = new DataView(chunk.buffer, chunk.byteOffset, bytesRead);
        for (let r = (stride - (first % stride)) % stride; r < rows; r += stride) {
          const row = r * header.rowSize;
          keep(
            readPcdValue(view, row + (header.offset.x as number), t(ix), s(ix)),
            readPcdValue(view, row + (header.offset.y as number), t(iy), s(iy)),
            readPcdValue(view, row + (header.offset.z as number), t(iz), s(iz)),
            colour ? packedRgb(view, row + (header.offset[colour] as number)) : 0,
            intensity ? readPcdValue(view, row + (header.offset.intensity as number), t(ii), s(ii)) : 0,
          );
        }
      }
    } finally {
      await handle.close();
    }
  } else {
    if (size > MAX_COMPRESSED_BYTES || header.points * header.rowSize > MAX_COMPRESSED_BYTES) throw new PcdError('too_large');
    const handle = await open(file, 'r');
    let whole: Buffer;
    try {
      whole = Buffer.alloc(size);
      await handle.read(whole, 0, size, 0);
    } finally {
      await handle.close();
    }
    const sizes = compressedSizes(header, whole);
    const start = header.headerLength + 8;
    const body = decompressLzf(whole.subarray(start, start + sizes.compressed), sizes.uncompressed);
    const view = new DataView(body.buffer, body.byteOffset, body.length);
    // fields are stored one after another (all x, then all y, ...): a field's block starts at points × its row offset
    const block = (name: string) => header.points * (header.offset[name] as number);
    for (let i = 0; i < header.points; i += stride) {
      keep(
        readPcdValue(view, block('x') + s(ix) * i, t(ix), s(ix)),
        readPcdValue(view, block('y') + s(iy) * i, t(iy), s(iy)),
        readPcdValue(view, block('z') + s(iz) * i, t(iz), s(iz)),
        colour ? packedRgb(view, block(colour) + s(fieldOf(colour)) * i) : 0,
        intensity ? readPcdValue(view, block('intensity') + s(ii) * i, t(ii), s(ii)) : 0,
      );
    }
  }
  if (count === 0) throw new PcdError('no_points');
  return { xyz, rgb, intensity, count, total: header.points };
}

/** The comment line of a decimated copy that names how many points its original holds (readers skip comments; the web
 *  viewer reads it to say "N of M points"). */
export const SOURCE_POINTS_COMMENT = '# windscope source points';

/** The sample as a binary .pcd (DECISIONS §16): x y z (F4), then rgb (U4) and intensity (F4) when the original has them,
 *  one row per point, with the original's point count in a comment. What the viewer downloads instead of the original. */
export function encodeDecimatedPcd(sample: PointSample): Buffer {
  const { xyz, rgb, intensity, count } = sample;
  const fields = ['x', 'y', 'z', ...(rgb ? ['rgb'] : []), ...(intensity ? ['intensity'] : [])];
  const header = Buffer.from(
    `${[
      '# .PCD v0.7 - Point Cloud Data file format',
      `${SOURCE_POINTS_COMMENT} ${sample.total}`,
      'VERSION 0.7',
      `FIELDS ${fields.join(' ')}`,
      `SIZE ${fields.map(() => 4).join(' ')}`,
      `TYPE ${fields.map((f) => (f === 'rgb' ? 'U' : 'F')).join(' ')}`,
      `COUNT ${fields.map(() => 1).join(' ')}`,
      `WIDTH ${count}`,
      'HEIGHT 1',
      'VIEWPOINT 0 0 0 1 0 0 0',
      `POINTS ${count}`,
      'DATA binary',
    ].join('\n')}\n`,
    'latin1',
  );
  const rowSize = fields.length * 4;
  const out = Buffer.alloc(header.length + count * rowSize);
  header.copy(out);
  const view = new DataView(out.buffer, out.byteOffset + header.length, count * rowSize);
  for (let i = 0, at = 0; i < count; i++, at += rowSize) {
    view.setFloat32(at, xyz[i * 3] as number, true);
    view.setFloat32(at + 4, xyz[i * 3 + 1] as number, true);
    view.setFloat32(at + 8, xyz[i * 3 + 2] as number, true);
    let next = at + 12;
    if (rgb) {
      view.setUint32(next, rgb[i] as number, true);
      next += 4;
    }
    if (intensity) view.setFloat32(next, intensity[i] as number, true);
  }
  return out;
}

/** Height colours: deep blue (low) through teal and yellow to red (high), 0..1. */
export function heightColour(f: number): [number, number, number] {
  const stops: [number, number, number][] = [
    [38, 70, 160],
    [30, 160, 170],
    [240, 210, 70],
    [215, 60, 45],
  ];
  const at = Math.min(0.999999, Math.max(0, f)) * (stops.length - 1);
  const i = Math.floor(at);
  const w = at - i;
  const a = stops[i] as [number, number, number];
  const b = stops[i + 1] as [number, number, number];
  return [a[0] + (b[0] - a[0]) * w, a[1] + (b[1] - a[1]) * w, a[2] + (b[2] - a[2]) * w];
}

const BACKGROUND = [16, 22, 28] as const;

/** A top-down picture (x to the right, y up) of the sample, `width` px wide and at most as tall, coloured by the
 *  cloud's own colours or by height; where points overlap the highest is seen. Raw RGB bytes. */
export function renderTopDown(sample: PointSample, width: number): { data: Buffer; width: number; height: number } {
  const { xyz, rgb, count } = sample;
  let [minX, minY, minZ, maxX, maxY, maxZ] = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    const x = xyz[i * 3] as number;
    const y = xyz[i * 3 + 1] as number;
    const z = xyz[i * 3 + 2] as number;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  const spanX = Math.max(maxX - minX, 1e-9);
  const spanY = Math.max(maxY - minY, 1e-9);
  // 3:2 at the widest, square at the tallest: a long blade section stays readable in a list's tile
  const height = Math.round(Math.min(width, Math.max((width * 2) / 3, (width * spanY) / spanX)));
  const margin = Math.round(width * 0.04);
  const scale = Math.min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY);
  const offX = (width - spanX * scale) / 2;
  const offY = (height - spanY * scale) / 2;
  const data = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) data.set(BACKGROUND, p * 3);
  const top = new Float32Array(width * height).fill(-Infinity);
  // sparse clouds get 3×3 dots so the shape reads at thumbnail size
  const radius = count < (width * height) / 12 ? 1 : 0;
  const spanZ = Math.max(maxZ - minZ, 1e-9);
  for (let i = 0; i < count; i++) {
    const z = xyz[i * 3 + 2] as number;
    const px = Math.round(offX + ((xyz[i * 3] as number) - minX) * scale);
    const py = Math.round(height - 1 - offY - ((xyz[i * 3 + 1] as number) - minY) * scale);
    let colour: [number, number, number];
    if (rgb) {
      const c = rgb[i] as number;
      colour = [(c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff];
    } else colour = heightColour((z - minZ) / spanZ);
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        const x = px + dx;
        const y = py + dy;
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const at = y * width + x;
        if (z < (top[at] as number)) continue;
        top[at] = z;
        data[at * 3] = colour[0];
        data[at * 3 + 1] = colour[1];
        data[at * 3 + 2] = colour[2];
      }
    }
  }
  return { data, width, height };
}

/** The thumbnail and preview of a .pcd (DECISIONS §16): top-down projections encoded as WebP like a photo's, so lists
 *  show the cloud's shape instead of an icon; and the copy the viewer downloads, at most `budget` points of it (every
 *  n-th: the sample both are drawn from). Throws PcdError for a file that cannot be read. */
export async function makePointCloudDerivatives(file: string, budget = PCD_POINT_BUDGET): Promise<Derivatives & { cloud: Buffer }> {
  const sample = await readPointSample(file, budget);
  return decodeSlot(async () => {
    const encode = (width: number, quality: number) => {
      const picture = renderTopDown(sample, width);
      return sharp(picture.data, { raw: { width: picture.width, height: picture.height, channels: 3 } })
        .webp({ quality, effort: 2 })
        .toBuffer();
    };
    const [thumbnail, preview] = await Promise.all([encode(THUMBNAIL_WIDTH, 80), encode(PREVIEW_WIDTH, 80)]);
    return { thumbnail, preview, cloud: encodeDecimatedPcd(sample) };
  });
}
