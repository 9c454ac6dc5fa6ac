import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { decodeSlot, ImageRejectedError } from './images.ts';

/** Deep Zoom (DECISIONS §16): images larger than this on their long side get a tile pyramid; smaller ones are
 *  shown from their preview. */
export const DEEP_ZOOM_MIN_SIDE = 2048;
/** 510 px JPEG tiles (q85) with 1 px overlap. Measured on one 45 MP image (8192x5464, BENCHMARKS.md): JPEG 254 px
 *  2.1 s, 1,000 files, 16.6 MB; JPEG 510 px 3.8 s, 275 files, 16.2 MB; WebP (effort 2) 7.9-13.9 s for 15.6-15.9 MB.
 *  JPEG costs a quarter of WebP's time for 4 % more bytes, and 510 px tiles are a quarter of the objects (storage
 *  requests, deletions, listings) and of the requests a viewer makes. */
export const TILE_SIZE = 510;
export const TILE_OVERLAP = 1;
export const TILE_FORMAT = 'jpeg';
const TILE_QUALITY = 85;
/** Huffman tables left standard (libvips' own default for Deep Zoom; sharp optimises them by default): on the 45 MP
 *  image a pyramid took 787-915 ms instead of 1,143-1,286 ms (CPU 842-978 against 1,200-1,342 ms) for 10.6 % more
 *  bytes (13.0 against 11.8 MB), session 19: the cut reaches the >= 1 photo/s of DECISIONS §16 on one core. */
const TILE_OPTIMISE_CODING = false;

export const needsTilePyramid = (width: number | null, height: number | null) =>
  width !== null && height !== null && Math.max(width, height) > DEEP_ZOOM_MIN_SIDE;

/** What a viewer needs to ask for tiles (a DZI descriptor's content). */
export interface PyramidDescriptor {
  width: number;
  height: number;
  tileSize: number;
  overlap: number;
  format: typeof TILE_FORMAT;
}

export interface MadePyramid {
  descriptor: PyramidDescriptor;
  /** every tile as `{level}/{column}_{row}.jpeg` with its bytes, read lazily */
  tiles: { name: string; file: string }[];
  /** removes the scratch folder */
  release(): Promise<void>;
}

/** Cuts the image (turned upright, as its preview) into a Deep Zoom pyramid in a scratch folder. A decoder warning
 *  refuses it, as for derivatives. */
export async function makeTilePyramid(file: string, maxMegapixels: number): Promise<MadePyramid> {
  const dir = await mkdtemp(path.join(tmpdir(), 'windscope-tiles-'));
  const release = () => rm(dir, { recursive: true, force: true });
  try {
    const info = await decodeSlot(async () => {
      try {
        return await sharp(file, { limitInputPixels: maxMegapixels * 1_000_000, failOn: 'warning' })
          .rotate()
          .jpeg({ quality: TILE_QUALITY, optimiseCoding: TILE_OPTIMISE_CODING })
          .tile({ size: TILE_SIZE, overlap: TILE_OVERLAP, layout: 'dz', container: 'fs' })
          .toFile(path.join(dir, 'pyramid.dz'));
      } catch {
        throw new ImageRejectedError('damaged');
      }
    });
    const filesDir = path.join(dir, 'pyramid_files');
    const tiles: MadePyramid['tiles'] = [];
    for (const level of await readdir(filesDir)) {
      if (!/^\d+$/.test(level)) continue; // vips-properties.xml
      for (const name of await readdir(path.join(filesDir, level)))
        tiles.push({ name: `${level}/${name}`, file: path.join(filesDir, level, name) });
    }
    return {
      descriptor: { width: info.width, height: info.height, tileSize: TILE_SIZE, overlap: TILE_OVERLAP, format: TILE_FORMAT },
      tiles,
      release,
    };
  } catch (error) {
    await release();
    throw error;
  }
}

export const readTile = (tile: { file: string }) => readFile(tile.file);
