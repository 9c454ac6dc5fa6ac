import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary, pickEncoding } from './json-compression.ts';

/** index.html with the chunks of one route announced in its head, compressed once. */
export interface RoutePage {
  etag: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  assets?: string[];
}

/** The lazy modules (Vite manifest keys) each first page needs before it can paint: without them the browser learns of
 *  them only after the entry has run (one more round trip on a slow link; Lighthouse's mobile profile counts it). */
const ROUTE_MODULES: Record<string, string[]> = {
  '/': ['src/features/public/layout/public-layout.tsx', 'src/features/public/home/home-page.tsx'],
  '/login': ['src/app/data-layout.tsx', 'src/features/auth/login/login-page.tsx'],
};

/** The picture that is each page's largest paint, fetched with the chunks instead of after the first render. */
const ROUTE_LCP_IMAGE: Record<string, RegExp> = {
  '/': /^assets\/blade-inspection-[\w-]{8}\.svg$/,
};

function closure(manifest: Record<string, ManifestChunk>, keys: string[]) {
  const js = new Set<string>();
  const css = new Set<string>();
  const assets = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const asset of chunk.assets ?? []) assets.add(asset);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js, css, assets };
}

const compress = (body: Buffer): RoutePage => ({
  // weak: the same page goes as brotli, gzip or plain
  etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  body,
  br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: gzipSync(body, { level: 9 }),
});

/** index.html for `/` and `/login` with `<link rel="modulepreload">` for their route chunks and `<link rel="stylesheet">`
 *  for their CSS (the web app's loader finds them there and does not ask again), built from the build's manifest.
 *  Empty when the build has no manifest. */
export function routePages(dist: string): Map<string, RoutePage> {
  const pages = new Map<string, RoutePage>();
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return pages;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!html.includes('</head>')) return pages;
  const entry = closure(manifest, ['index.html']);
  for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
    if (!modules.every((key) => manifest[key])) continue;
    const { js, css, assets } = closure(manifest, modules);
    const image = ROUTE_LCP_IMAGE[route];
    const picture = image ? [...assets].find((file) => image.test(file)) : undefined;
    const links = [
      ...(picture ? [`<link rel="preload" as="image" fetchpriority="high" href="/${picture}">`] : []),
      ...[...css].filter((file) => !entry.css.has(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...[...js].filter((file) => !entry.js.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ];
    pages.set(route, compress(Buffer.from(html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`))));
  }
  return pages;
}

/** Sends a route page as @fastify/static sends index.html: no-cache with its ETag (304 when the browser has it), the
 *  brotli or gzip copy by Accept-Encoding, with Vary. */
export function sendRoutePage(request: FastifyRequest, reply: FastifyReply, page: RoutePage) {
  reply.header('cache-control', 'no-cache').header('etag', page.etag).type('text/html; charset=utf-8');
  addVary(reply, 'accept-encoding');
  if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.body);
}
