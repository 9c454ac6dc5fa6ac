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
    // a worker keeps jsdom and the loaded modules (React, Mantine, i18n) from one file to the next instead of building
    // them again for each of the ~90 files: the tier ran 223 s isolated and 54-105 s without, the same 855 tests passing
    // in file order and in two shuffled orders (session 19). Safe because src/test/setup.ts puts back what a test may
    // change (the language, storage, the DOM, real timers) after each test, and the files that stub globals unstub them.
    isolate: false,
    // limits, not speed targets: a test that types into a form took over vitest's default 5 s at load 12 (session 16)
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
