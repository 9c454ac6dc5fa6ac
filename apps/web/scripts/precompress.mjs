// Issue 22: a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside a text file of the build, each kept only
// when smaller; the server (@fastify/static preCompressed) sends the one the browser accepts, so nothing is compressed
// per request. Used by vite.config.ts for the bundle and by scripts/prerender.mjs for the prerendered pages.
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** the text files of a build; pictures and fonts (woff2) are compressed already */
export const TEXT_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/;

/** @param {string} file */
export async function precompress(file) {
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  if (br.length < body.length) await writeFile(`${file}.br`, br);
  if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
}
