import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], environment: 'node', maxWorkers: 2 } },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // each file gets its own database; two at a time suits two cores
          maxWorkers: 2,
          // a worker keeps its modules from one file to the next: the server's modules (and PGlite's WebAssembly)
          // are loaded once per worker instead of once per file (import was 401 s of the PostgreSQL tier in session 15).
          // Safe because the server keeps no state in modules between apps: each test file builds its own app, database
          // and storage (test/harness.ts), and no test changes process.env or mocks a module.
          isolate: false,
        },
      },
      {
        // whole processes against PostgreSQL + S3 (s3rver) + Redis: scale-out, crashes, outages (run once, on PostgreSQL)
        test: {
          name: 'system',
          root: './apps/server',
          include: ['system/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          // starting two processes with the demo behind nginx took over 120 s at load 15 (session 16)
          hookTimeout: 300_000,
          // they start servers and stop databases: one file at a time
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
