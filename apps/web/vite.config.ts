import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** the text files of a build; pictures and fonts (woff2) are compressed already */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/;

/** Issue 22: a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the build, kept only when
 *  smaller; the server (@fastify/static preCompressed) sends the one the browser accepts, so nothing is compressed per
 *  request. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'windscope-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && TEXT.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        // Vite's own manifest (.vite/) is read by scripts, never served
        .filter((file) => !path.relative(outDir, file).startsWith('.'));
      await Promise.all(
        files.map(async (file) => {
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
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  // the manifest feeds scripts/check-home-budget.mjs
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
});
