import { encodePcd, type PcdEncoding, type PcdPoint } from '@windscope/contract/pcd';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { checkIntegrity, type IntegrityOptions } from '../src/integrity/integrity.ts';
import { createTestApp, DEMO, type TestApp } from './harness.ts';

export interface FormFile {
  name: string;
  bytes: Uint8Array;
  /** the multipart field; `photos` unless told */
  field?: string;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export async function formBody(fields: Record<string, string | number>, files: FormFile[], fileField = 'photos') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const file of files) {
    form.append(
      file.field ?? fileField,
      new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? 'application/octet-stream' }),
    );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** A JPEG with a little texture, so it is a real image to decode; EXIF capture date and GPS when asked. */
export async function makeJpeg(width = 640, height = 480, options: { exif?: boolean; seed?: number } = {}): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40 + (options.seed ?? 0), g: 120, b: 90 } } })
    .composite([
      {
        input: { create: { width: Math.ceil(width / 3), height: Math.ceil(height / 3), channels: 3, background: '#d33' } },
        left: 10,
        top: 10,
      },
    ])
    .jpeg({ quality: 85 });
  if (options.exif) {
    image.withExif({
      IFD0: { Make: 'DJI' },
      IFD2: { DateTimeOriginal: '2024:05:17 10:21:33' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 25/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '27/1 8/1 0/1' },
    });
  }
  return image.toBuffer();
}

export const makePng = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 20, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
export const makeWebp = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#8a8' } })
    .webp()
    .toBuffer();
export const makeTiff = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#88a' } })
    .tiff()
    .toBuffer();

export function makePcd(points = 3): Buffer {
  const header = [
    '# .PCD v0.7 - Point Cloud Data file format',
    'VERSION 0.7',
    'FIELDS x y z',
    'SIZE 4 4 4',
    'TYPE F F F',
    'COUNT 1 1 1',
    `WIDTH ${points}`,
    'HEIGHT 1',
    'VIEWPOINT 0 0 0 1 0 0 0',
    `POINTS ${points}`,
    'DATA ascii',
  ];
  const body = Array.from({ length: points }, (_, i) => `${i} ${i * 0.5} ${i * 0.25}`);
  return Buffer.from(`${[...header, ...body].join('\n')}\n`);
}

/** A .pcd of these points (contract encodePcd); `claim` overrides the POINTS line (a header that lies about its size). */
export const pcdOf = (points: PcdPoint[], encoding: PcdEncoding, claim?: number): Buffer => Buffer.from(encodePcd(points, encoding, claim));

/** A small blade-like section: an elliptic shell along x, coloured by its side (rgb) with intensity along it. */
export function bladeSection(n = 4000): PcdPoint[] {
  return Array.from({ length: n }, (_, i) => {
    const t = (i * 2 * Math.PI) / 97;
    const x = (i / n) * 4;
    return { x, y: 0.8 * Math.cos(t), z: 0.25 * Math.sin(t), rgb: Math.sin(t) > 0 ? 0xd04030 : 0x3070d0, intensity: i / n };
  });
}

export function makePdf(text = 'Windscope inspection report'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A small, valid-looking PNG whose header declares width x height (a decompression bomb when they are huge). */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** POSTs files to a turbine's photos (or, with field 'reports', its reports) as `token`, the way the web app does. */
export async function postFiles(
  t: TestApp,
  token: string,
  turbineId: number,
  fields: Record<string, string | number>,
  files: FormFile[],
  field: 'photos' | 'reports' = 'photos',
) {
  const body = await formBody(fields, files, field);
  return t.call(token, { method: 'POST', url: `/api/turbines/${turbineId}/${field}`, payload: body.payload, headers: body.headers });
}

/** Every object the app's storage holds, staging included, once the derivative queue has made what it had to. */
export async function storedKeys(t: TestApp): Promise<string[]> {
  await t.app.ctx.derivatives.idle();
  const storage = t.app.ctx.storage;
  return [...(await storage.list('turbines/')), ...(await storage.list('.staging/'))];
}

/** An app with no background derivative loop (derivatives are made on demand, by ensure() or by an explicit queue
 *  run), the Ege admin's session and the first demo turbine it sees. */
export async function queuelessApp(storage: 'fs' | 's3') {
  const t = await createTestApp({ storage, config: { derivativeWorkers: 0 } });
  const admin = await t.login(DEMO.egeAdmin);
  const [turbineId = 0] = await demoTurbineIds(t, admin);
  return { t, admin, turbineId };
}

/** `npm run integrity` on the test app's database and storage: without checksums, orphans of any age, unless told. */
export const integrityOf = (t: TestApp, overrides: Partial<IntegrityOptions> = {}) =>
  checkIntegrity({
    db: t.app.ctx.db,
    storage: t.app.ctx.storage,
    derivatives: t.app.ctx.derivatives,
    repair: false,
    checksums: false,
    orphanAgeMs: 0,
    leaseSeconds: 120,
    now: new Date(),
    ...overrides,
  });

/** Turbine ids of the demo data, as a signed-in user of each company sees them. */
export async function demoTurbineIds(t: TestApp, token: string): Promise<number[]> {
  const res = await t.call(token, { method: 'GET', url: '/api/turbines' });
  return (res.json().data as { id: number }[]).map((turbine) => turbine.id);
}

/** A header-only JPEG declaring width x height: a real JPEG's markers (tables, frame, scan header) with the frame's
 *  size rewritten and no scan data before the end marker. A few hundred bytes that look whole and never decode. */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const real = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#777' } })
    .greyscale()
    .jpeg({ quality: 50 })
    .toBuffer();
  const sof = real.indexOf(Buffer.from([0xff, 0xc0]));
  const sos = real.indexOf(Buffer.from([0xff, 0xda]));
  const head = Buffer.from(real.subarray(0, sos + 2 + real.readUInt16BE(sos + 2)));
  head.writeUInt16BE(height, sof + 5);
  head.writeUInt16BE(width, sof + 7);
  return Buffer.concat([head, Buffer.from([0xff, 0xd9])]);
}
