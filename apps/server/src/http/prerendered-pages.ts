import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_COOKIE, type Language } from '@windscope/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Each prerendered path's page per language: files under the web build (its pages/pages.json, written by
 *  apps/web/scripts/prerender.mjs). Empty for a build without them. */
export type PrerenderedPages = Map<string, Record<Language, string>>;

export function loadPrerenderedPages(dist: string): PrerenderedPages {
  const index = path.join(dist, 'pages', 'pages.json');
  const pages: PrerenderedPages = new Map();
  if (!existsSync(index)) return pages;
  const listed = JSON.parse(readFileSync(index, 'utf8')) as Record<string, Record<Language, string>>;
  for (const [route, files] of Object.entries(listed)) {
    if (files.tr && files.en && existsSync(path.join(dist, files.tr)) && existsSync(path.join(dist, files.en))) pages.set(route, files);
  }
  return pages;
}

const cookiePattern = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE.replace(/\./g, '\\.')}=(tr|en)\\s*(?:;|$)`);

/** The language the web app will draw the page in, so the prerendered page matches it: the saved choice (the cookie
 *  the app and index.html's first script keep beside localStorage), else the browser's first language (tr* Turkish,
 *  anything else English), else Turkish: the rule of apps/web/src/i18n/detect-language.ts. */
export function pageLanguage(request: FastifyRequest): Language {
  const saved = cookiePattern.exec(request.headers.cookie ?? '')?.[1];
  if (saved === 'tr' || saved === 'en') return saved;
  const first = request.headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim();
  if (!first || first === '*') return 'tr';
  return first.toLowerCase().startsWith('tr') ? 'tr' : 'en';
}

/** Sends `route`'s prerendered page in the visitor's language as @fastify/static sends index.html: no-cache with its
 *  ETag (304 when the browser has it), the build's brotli or gzip copy by Accept-Encoding; Vary names the headers the
 *  language came from. */
export function sendPrerenderedPage(request: FastifyRequest, reply: FastifyReply, files: Record<Language, string>) {
  const language = pageLanguage(request);
  reply.header('cache-control', 'no-cache').header('content-language', language).header('vary', 'accept-language, cookie');
  return reply.sendFile(files[language]);
}

/** CSP sources, by SHA-256, for the inline scripts of the build's index.html (theme and language before the first paint)
 *  and of the prerendered pages (the same, and the one that loads the app's JS after the first paint). */
export function inlineScriptHashes(dist: string): string[] {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) return [];
  const files = [
    index,
    ...[...loadPrerenderedPages(dist).values()].flatMap((page) => [page.tr, page.en].map((file) => path.join(dist, file))),
  ];
  const hashes = new Set<string>();
  for (const file of files) {
    for (const [, body] of readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(body ?? '')
          .digest('base64')}'`,
      );
    }
  }
  return [...hashes];
}
