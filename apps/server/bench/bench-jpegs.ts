import sharp from 'sharp';

/** A 6000x4000 JPEG of about 10 MB, like a camera's: sky gradient, a blade across it, sensor-like noise, quality 92. */
export async function makeLargeJpeg(seed: number, width = 6000, height = 4000): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = (seed + 1) * 2654435761;
  for (let i = 0, p = 0; p < width * height; p++, i += 3) {
    state = (state * 1103515245 + 12345) >>> 0;
    const x = p % width;
    const y = (p / width) | 0;
    const noise = ((state >>> 24) * 44) >> 8;
    const sky = (110 + (y * 100) / height) | 0;
    const blade = Math.abs((x - 3000 - seed * 300) * 0.6 - (y - 2000)) < 300 ? 80 : 0;
    pixels[i] = Math.min(255, sky - blade + noise + ((x >> 6) & 15));
    pixels[i + 1] = Math.min(255, sky + 20 - blade + noise);
    pixels[i + 2] = Math.min(255, 200 - blade + (noise >> 1) + ((y >> 5) & 7));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The same picture with different bytes: a JPEG comment segment (FF FE) right after the start marker. */
export function variantOf(jpeg: Buffer, label: string): Buffer {
  const text = Buffer.from(label, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}
