import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const MB = 1024 * 1024;
const MIN_BYTES = 10 * MB;
const MAX_BYTES = 15 * MB;

export interface FieldFile {
  name: string;
  path: string;
  size: number;
}

/** One 6000x4000 camera-like JPEG (sky gradient and sensor noise, quality 95): the noise makes it incompressible. */
async function renderJpeg(seed: number, amplitude: number): Promise<Buffer> {
  const width = 6000;
  const height = 4000;
  const pixels = Buffer.alloc(width * height * 3);
  let state = ((seed + 1) * 2654435761) >>> 0;
  const shift = seed % 97;
  for (let i = 0, p = 0; p < width * height; p++, i += 3) {
    state = (state * 1103515245 + 12345) >>> 0;
    const x = p % width;
    const y = (p / width) | 0;
    const noise = ((state >>> 24) * amplitude) >> 8;
    const sky = (100 + shift / 4 + (y * 100) / height) | 0;
    pixels[i] = Math.min(255, sky + noise + ((x >> 6) & 15));
    pixels[i + 1] = Math.min(255, sky + 20 + ((noise * 7) & 31));
    pixels[i + 2] = Math.max(0, Math.min(255, 200 - noise + ((y >> 5) & 7)));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/**
 * `totalBytes` of distinct 10-15 MB JPEGs in `dir` (field-0000.jpg, ...), generated once and kept: a rerun with the same
 * or a smaller total reuses them. Returns the first files whose sizes add up to at least `totalBytes`.
 */
export async function fieldJpegs(dir: string, totalBytes: number, log: (line: string) => void): Promise<FieldFile[]> {
  mkdirSync(dir, { recursive: true });
  const files: FieldFile[] = [];
  let bytes = 0;
  let made = 0;
  const started = performance.now();
  for (let i = 0; bytes < totalBytes; i++) {
    const name = `field-${String(i).padStart(4, '0')}.jpg`;
    const file = path.join(dir, name);
    if (!existsSync(file)) {
      // amplitude 55-115 lands between 10 and 15 MB at quality 95; nudged when a seed falls outside
      let amplitude = 55 + ((i * 37) % 61);
      let jpeg = await renderJpeg(i, amplitude);
      for (let tries = 0; (jpeg.length < MIN_BYTES || jpeg.length > MAX_BYTES) && tries < 6; tries++) {
        amplitude += jpeg.length < MIN_BYTES ? 20 : -20;
        jpeg = await renderJpeg(i, amplitude);
      }
      writeFileSync(`${file}.part`, jpeg);
      renameSync(`${file}.part`, file);
      made += 1;
      if (made % 20 === 0) log(`   generated ${made} JPEGs (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    const size = statSync(file).size;
    files.push({ name, path: file, size });
    bytes += size;
  }
  const cached = readdirSync(dir).filter((n) => n.endsWith('.jpg')).length;
  log(
    `   ${files.length} JPEGs, ${(bytes / MB).toFixed(0)} MB (${(bytes / files.length / MB).toFixed(1)} MB each on average; ` +
      `${made} generated now, ${cached} kept in ${dir})`,
  );
  return files;
}
