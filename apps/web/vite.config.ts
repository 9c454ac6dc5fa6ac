import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  // the manifest feeds scripts/check-home-budget.mjs
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
});
