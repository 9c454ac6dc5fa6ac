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
    // each file keeps its own jsdom and modules (vitest's default). Tried without (session 19: 223 s -> 51-105 s), but
    // state then leaks from one file to the next in ways a shuffled order keeps finding (the address a test moved to,
    // Mantine's notification store); src/test/setup.ts now puts those back, more shuffled runs are needed before
    // isolate: false can come back.
    // limits, not speed targets: a test that types into a form took over vitest's default 5 s at load 12 (session 16)
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
