import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { makeJpeg, makePcd, makePdf, makePng, makeTiff, makeWebp, pngDeclaring } from '../../test/uploads.ts';
import { InspectStream } from '../uploads/inspect-stream.ts';
import { readCaptureInfo } from './exif.ts';
import { makeDerivatives, readImageSize } from './images.ts';
import { sniffPhotoKind, sniffReportKind } from './sniff.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'windscope-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, bytes: Buffer) => {
  const p = path.join(dir, name);
  writeFileSync(p, bytes);
  return p;
};

describe('type sniffing from bytes', () => {
  it('knows the accepted photo kinds and point clouds', async () => {
    expect(await sniffPhotoKind(await makeJpeg(20, 20))).toBe('jpeg');
    expect(await sniffPhotoKind(await makePng(20, 20))).toBe('png');
    expect(await sniffPhotoKind(await makeWebp(20, 20))).toBe('webp');
    expect(await sniffPhotoKind(await makeTiff(20, 20))).toBe('tiff');
    expect(await sniffPhotoKind(makePcd())).toBe('pcd');
    expect(await sniffPhotoKind(Buffer.from('VERSION .7\nFIELDS x y z\n'))).toBe('pcd');
  });

  it('refuses everything else, whatever it is called', async () => {
    for (const bytes of [
      Buffer.from('<!DOCTYPE html><html><body>hi</body></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      makePdf(),
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
      Buffer.from('# .PCD\x00\x01binary junk'),
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]),
    ]) {
      expect(await sniffPhotoKind(bytes)).toBeNull();
    }
    expect(await sniffReportKind(makePdf())).toBe('pdf');
    expect(await sniffReportKind(await makeJpeg(10, 10))).toBeNull();
  });
});

describe('InspectStream', () => {
  const inspect = (maxBytes: number) =>
    new InspectStream({ maxBytes, sniff: sniffPhotoKind, unknownReason: 'unsupported_type', emptyReason: 'damaged' });
  const drain = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('passes the bytes through unchanged, counting and hashing them', async () => {
    const jpeg = await makeJpeg(300, 300);
    const pieces = [jpeg.subarray(0, 10), jpeg.subarray(10, 5000), jpeg.subarray(5000)];
    const stream = inspect(1_000_000);
    const out = await drain(Readable.from(pieces).pipe(stream));
    expect(out.equals(jpeg)).toBe(true);
    expect(stream.size).toBe(jpeg.length);
    expect(stream.kind).toBe('jpeg');
    expect(stream.sha256()).toBe(createHash('sha256').update(jpeg).digest('hex'));
  });

  it('fails at the first byte over the limit, on a refused type, and on an empty file', async () => {
    const jpeg = await makeJpeg(300, 300);
    await expect(drain(Readable.from([jpeg]).pipe(inspect(jpeg.length - 1)))).rejects.toMatchObject({ reason: 'too_large' });
    await expect(drain(Readable.from([Buffer.from('<html>')]).pipe(inspect(1000)))).rejects.toMatchObject({ reason: 'unsupported_type' });
    await expect(drain(Readable.from([]).pipe(inspect(1000)))).rejects.toMatchObject({ reason: 'damaged' });
  });
});

describe('images', () => {
  it('reads the size from the header and refuses a decompression bomb before decoding', async () => {
    expect(await readImageSize(file('ok.jpg', await makeJpeg(640, 480)), 400)).toEqual({ width: 640, height: 480 });
    await expect(readImageSize(file('bomb.png', pngDeclaring(25_000, 20_000)), 400)).rejects.toMatchObject({ reason: 'too_many_pixels' });
    await expect(readImageSize(file('limit.jpg', await makeJpeg(1000, 1000)), 0.5)).rejects.toMatchObject({ reason: 'too_many_pixels' });
    await expect(readImageSize(file('junk.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2])), 400)).rejects.toMatchObject({
      reason: 'damaged',
    });
  });

  it('derives WebP thumbnails and previews, never enlarging, and refuses a truncated JPEG', async () => {
    const large = await makeDerivatives(file('large.jpg', await makeJpeg(3000, 2000)), 400);
    expect(await sharp(large.thumbnail).metadata()).toMatchObject({ format: 'webp', width: 400, height: 267 });
    expect(await sharp(large.preview).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    const small = await makeDerivatives(file('small.png', await makePng(300, 200)), 400);
    expect(await sharp(small.preview).metadata()).toMatchObject({ width: 300, height: 200, hasAlpha: true });
    const tiff = await makeDerivatives(file('scan.tif', await makeTiff(500, 500)), 400);
    expect((await sharp(tiff.thumbnail).metadata()).width).toBe(400);

    const whole = await makeJpeg(1200, 900);
    await expect(makeDerivatives(file('cut.jpg', whole.subarray(0, whole.length - 200)), 400)).rejects.toMatchObject({ reason: 'damaged' });
  });

  it('keeps the EXIF capture date and GPS when present, and nothing otherwise', async () => {
    const withExif = await readCaptureInfo(file('exif.jpg', await makeJpeg(100, 100, { exif: true })));
    expect(withExif.takenAt?.toISOString()).toBe('2024-05-17T10:21:33.000Z');
    expect(withExif.gps?.latitude).toBeCloseTo(38.425, 3);
    expect(withExif.gps?.longitude).toBeCloseTo(27.1333, 3);
    expect(await readCaptureInfo(file('plain.png', await makePng(20, 20)))).toEqual({ takenAt: null, gps: null });
    expect(await readCaptureInfo(file('cloud.pcd', makePcd()))).toEqual({ takenAt: null, gps: null });
  });
});
