import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    passWithNoTests: false,
    // vitest's default is one worker fewer than the cores: on a two-core machine that ran every file in one process
    maxWorkers: 2,
    // limits, not speed targets: a test that types into a form took over vitest's default 5 s at load 12 (session 16)
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
