import {
  compressedSizes,
  decompressLzf,
  PcdError,
  type PcdHeader,
  type PcdProblem,
  parsePcdHeader,
  pcdLengthProblem,
} from '@windscope/contract/pcd';
import type { BufferAttribute } from 'three';
import { PCDLoader } from 'three/examples/jsm/loaders/PCDLoader.js';

/**
 * Reads a .pcd off the main thread (DECISIONS §16): download, header check, decimation to the point budget, then three's
 * PCDLoader on what is kept. A damaged or oversize file answers a problem in words the view translates; the tab never
 * freezes, whatever the file claims.
 */
export interface PcdRequest {
  url: string;
  /** asked for when `url` answers an HTTP error: the original, when `url` is its decimated copy (not made yet) */
  fallbackUrl?: string | null;
  budget: number;
  /** a file larger than this is refused before (Content-Length) or while it downloads */
  maxBytes: number;
}

export interface PcdCloud {
  /** x y z of each shown point (NaN points dropped) */
  positions: Float32Array;
  /** linear RGB 0..1 of each shown point, from the file's rgb field */
  colours: Float32Array | null;
  intensity: Float32Array | null;
  /** points in the original (its header, or the decimated copy's comment) and shown */
  total: number;
  shown: number;
  encoding: PcdHeader['data'];
  /** milliseconds: download, and reading (header, decimation, PCDLoader) */
  fetchMs: number;
  parseMs: number;
}

export type PcdAnswer = { cloud: PcdCloud } | { problem: PcdProblem | 'load' };

/** The rows (binary) or lines (ascii) of every `stride`-th point, as a smaller PCD of the same fields (DATA binary for a
 *  decompressed binary_compressed body), with its POINTS/WIDTH/HEIGHT rewritten. */
function decimate(file: Uint8Array, header: PcdHeader, stride: number): ArrayBuffer {
  const headerText = new TextDecoder('latin1').decode(file.subarray(0, header.headerLength));
  const rewrite = (kept: number, data: string) =>
    new TextEncoder().encode(
      `${headerText
        .split('\n')
        .filter((line) => !/^\s*(POINTS|WIDTH|HEIGHT|DATA)\b/i.test(line) && line.trim() !== '')
        .join('\n')}\nWIDTH ${kept}\nHEIGHT 1\nPOINTS ${kept}\nDATA ${data}\n`,
    );
  if (header.data === 'ascii') {
    const lines = new TextDecoder().decode(file.subarray(header.headerLength)).split('\n');
    const kept: string[] = [];
    let index = 0;
    for (const line of lines) {
      if (line.trim() === '') continue;
      if (index % stride === 0) kept.push(line);
      index++;
    }
    if (index < header.points) throw new PcdError('truncated');
    const head = rewrite(kept.length, 'ascii');
    const body = new TextEncoder().encode(`${kept.join('\n')}\n`);
    const out = new Uint8Array(head.length + body.length);
    out.set(head);
    out.set(body, head.length);
    return out.buffer;
  }
  const kept = Math.ceil(header.points / stride);
  const head = rewrite(kept, 'binary');
  const out = new Uint8Array(head.length + kept * header.rowSize);
  out.set(head);
  if (header.data === 'binary') {
    for (let i = 0, at = head.length; i < header.points; i += stride, at += header.rowSize) {
      const from = header.headerLength + i * header.rowSize;
      out.set(file.subarray(from, from + header.rowSize), at);
    }
    return out.buffer;
  }
  // binary_compressed stores each field as one block (all x, all y...): rows are put back together for the kept points
  const sizes = compressedSizes(header, file);
  const start = header.headerLength + 8;
  const body = decompressLzf(file.subarray(start, start + sizes.compressed), sizes.uncompressed);
  let fieldStart = 0;
  header.fields.forEach((_, f) => {
    const width = (header.size[f] as number) * (header.count[f] as number);
    const block = header.points * fieldStart;
    for (let i = 0, k = 0; i < header.points; i += stride, k++) {
      out.set(body.subarray(block + i * width, block + (i + 1) * width), head.length + k * header.rowSize + fieldStart);
    }
    fieldStart += width;
  });
  return out.buffer;
}

class HttpError extends Error {}

async function download(url: string, maxBytes: number): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new HttpError(`download failed: ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body.cancel();
    throw new PcdError('too_large');
  }
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  const whole = Number.isFinite(declared) ? new Uint8Array(declared) : null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (received + value.length > maxBytes) {
      await reader.cancel();
      throw new PcdError('too_large');
    }
    if (whole && received + value.length <= whole.length) whole.set(value, received);
    else parts.push(value);
    received += value.length;
  }
  if (whole && parts.length === 0) return whole.subarray(0, received);
  const joined = new Uint8Array(received);
  let at = 0;
  if (whole) {
    joined.set(whole.subarray(0, Math.min(received, whole.length)));
    at = Math.min(received, whole.length);
  }
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

/** The kept points without the NaN/infinite ones (PCL writes NaN for the empty cells of organised clouds). */
function finitePoints(position: Float32Array, colour: Float32Array | null, intensity: Float32Array | null) {
  const n = position.length / 3;
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const [x, y, z] = [position[i * 3] as number, position[i * 3 + 1] as number, position[i * 3 + 2] as number];
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) continue;
    if (kept !== i) {
      position.copyWithin(kept * 3, i * 3, i * 3 + 3);
      colour?.copyWithin(kept * 3, i * 3, i * 3 + 3);
      if (intensity) intensity[kept] = intensity[i] as number;
    }
    kept++;
  }
  return {
    positions: position.slice(0, kept * 3),
    colours: colour ? colour.slice(0, kept * 3) : null,
    intensity: intensity ? intensity.slice(0, kept) : null,
    shown: kept,
  };
}

/** Downloads and reads a cloud (in the worker). */
export async function readCloud(request: PcdRequest): Promise<PcdAnswer> {
  const started = performance.now();
  let file: Uint8Array;
  try {
    try {
      file = await download(request.url, request.maxBytes);
    } catch (error) {
      // the decimated copy is not there (a cloud stored before it was made): the original, decimated here
      if (!(error instanceof HttpError) || !request.fallbackUrl) throw error;
      file = await download(request.fallbackUrl, request.maxBytes);
    }
  } catch (error) {
    return { problem: error instanceof PcdError ? error.problem : 'load' };
  }
  return readCloudBytes(file, request.budget, performance.now() - started);
}

/** The server's decimated copy names its original's point count in a comment (apps/server/src/media/point-cloud.ts). */
const SOURCE_POINTS = /^# windscope source points (\d{1,10})\r?$/m;

/** Reads a downloaded cloud: header and length checks, at most `budget` points (every n-th), three's PCDLoader, NaN
 *  points dropped. */
export function readCloudBytes(file: Uint8Array, budget: number, fetchMs = 0): PcdAnswer {
  const fetched = performance.now();
  try {
    const header = parsePcdHeader(file.subarray(0, 64 * 1024));
    const source = SOURCE_POINTS.exec(new TextDecoder('latin1').decode(file.subarray(0, header.headerLength)));
    const total = Math.max(header.points, Number(source?.[1] ?? 0));
    const problem = pcdLengthProblem(header, file.length);
    if (problem) throw new PcdError(problem);
    const stride = Math.max(1, Math.ceil(header.points / budget));
    let input: ArrayBuffer;
    if (stride > 1 || header.data === 'ascii') input = decimate(file, header, stride);
    else {
      if (header.data === 'binary_compressed') compressedSizes(header, file);
      input = file.buffer.slice(file.byteOffset, file.byteOffset + file.length) as ArrayBuffer;
    }
    const points = new PCDLoader().parse(input);
    const attribute = (name: string) =>
      (points.geometry.getAttribute(name) as BufferAttribute | undefined)?.array as Float32Array | undefined;
    const position = attribute('position');
    if (!position || position.length === 0) throw new PcdError('no_points');
    const cloud = finitePoints(position, attribute('color') ?? null, attribute('intensity') ?? null);
    if (cloud.shown === 0) throw new PcdError('no_points');
    return {
      cloud: {
        ...cloud,
        total,
        encoding: header.data,
        fetchMs,
        parseMs: performance.now() - fetched,
      },
    };
  } catch (error) {
    // PCDLoader's own errors (a body that does not match its header) are a damaged file too
    return { problem: error instanceof PcdError ? error.problem : 'truncated' };
  }
}
