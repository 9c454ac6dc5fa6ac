import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** JSON answers smaller than this go as they are: a smaller body saves less than the compression costs. */
export const COMPRESS_MIN_BYTES = 1024;
/** Brotli quality 4 and gzip level 6 (see BENCHMARKS.md "JSON compression"): most of the saving at a fraction of the
 *  CPU of the top levels, which the build's static files get instead. */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** br when the client accepts it (HTTPS browsers), else gzip, else nothing; `q=0` refuses a coding. */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (coding: string) => accepted.get(coding) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** Adds a token to Vary without repeating it. */
export function addVary(reply: FastifyReply, token: string) {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const tokens = value
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.includes(token) || tokens.includes('*')) return;
  reply.header('vary', value ? `${value}, ${token}` : token);
}

/** Compresses JSON answers of at least COMPRESS_MIN_BYTES (brotli or gzip, by Accept-Encoding, with `Vary`) on the way
 *  out. Only whole JSON bodies (strings and buffers) are touched: file downloads, signed URLs, range answers, pictures
 *  and other streams pass as they are, and an answer that is compressed already (the kept serialized answers carry
 *  their gzip) keeps its Content-Encoding. */
export function installJsonCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const length = Buffer.byteLength(payload);
    if (length < COMPRESS_MIN_BYTES) return payload;
    addVary(reply, 'accept-encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding || request.method === 'HEAD') return payload;
    const compressed =
      encoding === 'br'
        ? await brotliAsync(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: length,
            },
          })
        : await gzipAsync(payload, { level: GZIP_LEVEL });
    reply.header('content-encoding', encoding);
    // the length Fastify set (or a route set) was the plain body's; Fastify counts the compressed one
    reply.removeHeader('content-length');
    return compressed;
  });
}
