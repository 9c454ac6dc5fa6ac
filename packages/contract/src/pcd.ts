/**
 * The PCD point-cloud format's header and what a reader must check before trusting it (DECISIONS §16): the server's
 * thumbnail maker and the web app's preview worker both judge a file with it before reading a single point, so a
 * truncated file, a wrong header or a header claiming gigabytes is told apart in words, never by a crash or a frozen
 * tab. Its own entry point (`@windscope/contract/pcd`): only the code that reads clouds carries it.
 * Format: https://pointclouds.org/documentation/tutorials/pcd_file_format.html
 */

export type PcdEncoding = 'ascii' | 'binary' | 'binary_compressed';
export type PcdFieldType = 'F' | 'I' | 'U';

export interface PcdHeader {
  fields: string[];
  size: number[];
  type: PcdFieldType[];
  count: number[];
  points: number;
  data: PcdEncoding;
  /** bytes up to and including the DATA line's end */
  headerLength: number;
  /** bytes per point in the binary encodings */
  rowSize: number;
  /** per field: its byte offset in a binary row, its column in an ascii line */
  offset: Record<string, number>;
  /** the column (ascii) of each field: fields with COUNT > 1 take several */
  column: Record<string, number>;
}

/** Why a file cannot be shown: the words for each are the web's (viewer i18n `pcdProblem.*`) and the server's log. */
export type PcdProblem = 'header' | 'no_xyz' | 'encoding' | 'too_many_points' | 'truncated' | 'too_large' | 'no_points';

/** Points a preview or thumbnail reads at most from a file (the rest are skipped evenly). */
export const PCD_POINT_BUDGET = 2_000_000;
/** A header claiming more points than this is refused before anything is read. */
export const PCD_MAX_POINTS = 100_000_000;
/** The header must end (its DATA line) within this many bytes. */
export const PCD_MAX_HEADER_BYTES = 64 * 1024;

export class PcdError extends Error {
  constructor(readonly problem: PcdProblem) {
    super(`point cloud refused: ${problem}`);
  }
}

const ENCODINGS: readonly string[] = ['ascii', 'binary', 'binary_compressed'];
const SIZES: Record<PcdFieldType, readonly number[]> = { F: [4, 8], I: [1, 2, 4], U: [1, 2, 4] };

const positiveInts = (values: string[]) => values.map((v) => (/^\d{1,10}$/.test(v) ? Number(v) : Number.NaN));

/** Reads the header from a file's first bytes (PCD_MAX_HEADER_BYTES are enough); throws PcdError('header'|...) when it is
 *  not a usable PCD header. */
export function parsePcdHeader(head: Uint8Array): PcdHeader {
  const limit = Math.min(head.length, PCD_MAX_HEADER_BYTES);
  const lines: string[] = [];
  let line = '';
  let headerLength = -1;
  for (let i = 0; i < limit; i++) {
    const byte = head[i] as number;
    if (byte === 0x0a) {
      lines.push(line);
      if (/^DATA\s/i.test(line.trim())) {
        headerLength = i + 1;
        break;
      }
      line = '';
    } else if (byte !== 0x0d) line += String.fromCharCode(byte);
  }
  if (headerLength < 0) throw new PcdError('header');
  const entries = new Map<string, string[]>();
  for (const raw of lines) {
    const text = raw.replace(/#.*/, '').trim();
    if (text === '') continue;
    const [key = '', ...values] = text.split(/\s+/);
    entries.set(key.toUpperCase(), values);
  }
  const fields = entries.get('FIELDS') ?? [];
  const size = positiveInts(entries.get('SIZE') ?? []);
  const type = (entries.get('TYPE') ?? []).map((v) => v.toUpperCase()) as PcdFieldType[];
  const count = entries.has('COUNT') ? positiveInts(entries.get('COUNT') ?? []) : fields.map(() => 1);
  const data = (entries.get('DATA') ?? [])[0]?.toLowerCase() ?? '';
  const [width, height] = positiveInts([...(entries.get('WIDTH') ?? ['']), ...(entries.get('HEIGHT') ?? ['1'])]);
  const pointsValue = entries.get('POINTS');
  const points = pointsValue ? (positiveInts(pointsValue)[0] ?? Number.NaN) : (width ?? Number.NaN) * (height ?? Number.NaN);
  if (!entries.has('VERSION') || fields.length === 0 || !Number.isFinite(points)) throw new PcdError('header');
  if (size.length !== fields.length || type.length !== fields.length || count.length !== fields.length) throw new PcdError('header');
  for (let i = 0; i < fields.length; i++) {
    const t = type[i] as PcdFieldType;
    if (!SIZES[t]?.includes(size[i] as number) || !((count[i] as number) >= 1)) throw new PcdError('header');
  }
  if (!ENCODINGS.includes(data)) throw new PcdError('encoding');
  if (!fields.includes('x') || !fields.includes('y') || !fields.includes('z')) throw new PcdError('no_xyz');
  if (points > PCD_MAX_POINTS) throw new PcdError('too_many_points');
  if (points === 0) throw new PcdError('no_points');
  const offset: Record<string, number> = {};
  const column: Record<string, number> = {};
  let bytes = 0;
  let columns = 0;
  fields.forEach((name, i) => {
    offset[name] = data === 'ascii' ? columns : bytes;
    column[name] = columns;
    bytes += (size[i] as number) * (count[i] as number);
    columns += count[i] as number;
  });
  return { fields, size, type, count, points, data: data as PcdEncoding, headerLength, rowSize: bytes, offset, column };
}

/** What a binary file's length says about its header: 'truncated' when it holds fewer bytes than its points need. An
 *  ascii file's lines are counted while reading; a compressed one's sizes are checked by compressedSizes(). */
export function pcdLengthProblem(header: PcdHeader, fileSize: number): PcdProblem | null {
  if (header.data === 'binary' && header.headerLength + header.points * header.rowSize > fileSize) return 'truncated';
  if (header.data === 'binary_compressed' && header.headerLength + 8 > fileSize) return 'truncated';
  return null;
}

/** A binary_compressed body starts with its compressed and uncompressed sizes; both are checked against the header and
 *  the file before anything is allocated. */
export function compressedSizes(header: PcdHeader, file: Uint8Array): { compressed: number; uncompressed: number } {
  const view = new DataView(file.buffer, file.byteOffset + header.headerLength, 8);
  const compressed = view.getUint32(0, true);
  const uncompressed = view.getUint32(4, true);
  if (uncompressed !== header.points * header.rowSize) throw new PcdError('header');
  if (header.headerLength + 8 + compressed > file.length) throw new PcdError('truncated');
  return { compressed, uncompressed };
}

/** LZF decompression (the binary_compressed body), bounded by `outLength`: damaged data throws PcdError('truncated'). */
export function decompressLzf(input: Uint8Array, outLength: number): Uint8Array {
  const out = new Uint8Array(outLength);
  let inPtr = 0;
  let outPtr = 0;
  while (inPtr < input.length) {
    let ctrl = input[inPtr++] as number;
    if (ctrl < 32) {
      ctrl++;
      if (outPtr + ctrl > outLength || inPtr + ctrl > input.length) throw new PcdError('truncated');
      out.set(input.subarray(inPtr, inPtr + ctrl), outPtr);
      inPtr += ctrl;
      outPtr += ctrl;
    } else {
      let len = ctrl >> 5;
      let ref = outPtr - ((ctrl & 0x1f) << 8) - 1;
      if (inPtr >= input.length) throw new PcdError('truncated');
      if (len === 7) {
        len += input[inPtr++] as number;
        if (inPtr >= input.length) throw new PcdError('truncated');
      }
      ref -= input[inPtr++] as number;
      len += 2;
      if (outPtr + len > outLength || ref < 0) throw new PcdError('truncated');
      for (let i = 0; i < len; i++) out[outPtr++] = out[ref++] as number;
    }
  }
  if (outPtr !== outLength) throw new PcdError('truncated');
  return out;
}

/** Reads field `index` of a binary value at `at`. */
export function readPcdValue(view: DataView, at: number, type: PcdFieldType, size: number): number {
  if (type === 'F') return size === 8 ? view.getFloat64(at, true) : view.getFloat32(at, true);
  if (type === 'I') return size === 1 ? view.getInt8(at) : size === 2 ? view.getInt16(at, true) : view.getInt32(at, true);
  return size === 1 ? view.getUint8(at) : size === 2 ? view.getUint16(at, true) : view.getUint32(at, true);
}

/** The packed 0xRRGGBB of an `rgb`/`rgba` value as stored (a float's bits or an unsigned integer). */
export function packedRgb(view: DataView, at: number): number {
  return view.getUint32(at, true) & 0xffffff;
}

/** The ascii value of a packed rgb (written as a float whose bits are the colour, or as an integer). */
export function packedRgbOfText(text: string, type: PcdFieldType): number {
  const value = Number(text);
  if (type !== 'F') return value & 0xffffff;
  const bits = new DataView(new ArrayBuffer(4));
  bits.setFloat32(0, value, true);
  return bits.getUint32(0, true) & 0xffffff;
}

/** The name of the colour field, if any (`rgb` or `rgba`). */
export const colourField = (header: PcdHeader): string | null =>
  header.fields.includes('rgb') ? 'rgb' : header.fields.includes('rgba') ? 'rgba' : null;

export interface PcdPoint {
  x: number;
  y: number;
  z: number;
  /** 0xRRGGBB */
  rgb?: number;
  intensity?: number;
}

/** A .pcd of these points in any of the three encodings: x y z (F4), then rgb (U4) and intensity (F4) when the first
 *  point has them; `claim` overrides the POINTS/WIDTH lines (a header that lies about its size, for tests). The demo
 *  seed, the benchmarks and the tests write their clouds with it. binary_compressed uses literal LZF runs only (valid
 *  LZF every reader must decode, not smaller). */
export function encodePcd(points: PcdPoint[], encoding: PcdEncoding, claim?: number): Uint8Array {
  const rgb = points[0]?.rgb !== undefined;
  const intensity = points[0]?.intensity !== undefined;
  const fields = ['x', 'y', 'z', ...(rgb ? ['rgb'] : []), ...(intensity ? ['intensity'] : [])];
  const types = fields.map((f) => (f === 'rgb' ? 'U' : 'F'));
  const declared = claim ?? points.length;
  const header = new TextEncoder().encode(
    `${[
      '# .PCD v0.7 - Point Cloud Data file format',
      'VERSION 0.7',
      `FIELDS ${fields.join(' ')}`,
      `SIZE ${fields.map(() => 4).join(' ')}`,
      `TYPE ${types.join(' ')}`,
      `COUNT ${fields.map(() => 1).join(' ')}`,
      `WIDTH ${declared}`,
      'HEIGHT 1',
      'VIEWPOINT 0 0 0 1 0 0 0',
      `POINTS ${declared}`,
      `DATA ${encoding}`,
    ].join('\n')}\n`,
  );
  const valuesOf = (p: PcdPoint) => [p.x, p.y, p.z, ...(rgb ? [p.rgb ?? 0] : []), ...(intensity ? [p.intensity ?? 0] : [])];
  const join = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  };
  if (encoding === 'ascii') return join(header, new TextEncoder().encode(points.map((p) => `${valuesOf(p).join(' ')}\n`).join('')));
  const n = points.length;
  const body = new Uint8Array(n * fields.length * 4);
  const view = new DataView(body.buffer);
  points.forEach((p, i) => {
    valuesOf(p).forEach((value, f) => {
      // binary: one row per point; compressed: one block per field
      const at = encoding === 'binary' ? (i * fields.length + f) * 4 : (f * n + i) * 4;
      if (types[f] === 'U') view.setUint32(at, value, true);
      else view.setFloat32(at, value, true);
    });
  });
  if (encoding === 'binary') return join(header, body);
  const runs = new Uint8Array(body.length + Math.ceil(body.length / 32));
  let out = 0;
  for (let at = 0; at < body.length; at += 32) {
    const run = body.subarray(at, at + 32);
    runs[out++] = run.length - 1;
    runs.set(run, out);
    out += run.length;
  }
  const sizes = new Uint8Array(8);
  new DataView(sizes.buffer).setUint32(0, out, true);
  new DataView(sizes.buffer).setUint32(4, body.length, true);
  return join(header, sizes, runs.subarray(0, out));
}
