import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

describe('closing the embedded database', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'windscope-close-'));
  const before = process.exitCode;
  afterAll(() => {
    process.exitCode = before;
    rmSync(dir, { recursive: true, force: true });
  });

  // PGlite's Emscripten runtime sets process.exitCode to 0 when it ends: the commands (integrity, backup, restore)
  // decide their exit code before they close the database
  it('keeps the exit code a command set before closing', { timeout: 120_000 }, async () => {
    for (const pgliteDir of ['memory://', path.join(dir, 'pglite')]) {
      const database = await openDatabase({ pgliteDir });
      process.exitCode = 3;
      try {
        await database.close();
        expect(process.exitCode).toBe(3);
      } finally {
        process.exitCode = before;
      }
    }
  });
});
