import { readdir } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress, TEXT_FILE } from './scripts/precompress.mjs';

/** Issue 22: a brotli and a gzip copy beside every text file of the build (scripts/precompress.mjs). Not for the
 *  prerender's server bundle (scripts/prerender.mjs), which is run, never served. */
function precompressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'windscope-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        // Vite's own manifest (.vite/) is read by scripts, never served
        .filter((file) => !path.relative(outDir, file).startsWith('.'));
      await Promise.all(files.map(precompress));
    },
  };
}

export default defineConfig({
  plugins: [react(), precompressBuild()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  // the manifest feeds scripts/check-home-budget.mjs and scripts/prerender.mjs
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
});
