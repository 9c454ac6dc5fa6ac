import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { addVary, pickEncoding } from './json-compression.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface KeptDocument {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** GET /api/openapi.json: the OpenAPI document (222 KB) never changes while the process runs, so it is serialized and
 *  compressed once, at the first request, at the top levels (as the build's static files are), then served by
 *  Accept-Encoding with `Vary` and an ETag; compressing it per request cost it most of its throughput (BENCHMARKS.md). */
export function openApiDocumentRoute(api: FastifyInstance, document: () => unknown) {
  let kept: Promise<KeptDocument> | null = null;
  const build = async (): Promise<KeptDocument> => {
    const identity = Buffer.from(JSON.stringify(document()));
    const [br, gz] = await Promise.all([
      brotliAsync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    return { identity, br, gzip: gz, etag };
  };

  api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    kept ??= build().catch((error: unknown) => {
      // a failure is not kept: the next request tries again
      kept = null;
      throw error;
    });
    const answer = await kept;
    addVary(reply, 'accept-encoding');
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').header('etag', answer.etag);
    if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding) return reply.header('content-encoding', encoding).send(answer[encoding]);
    return reply.send(answer.identity);
  });
}
