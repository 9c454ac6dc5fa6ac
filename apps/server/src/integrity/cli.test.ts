import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand, serverCli } from '../../test/run-command.ts';

/** `npm run integrity` as cron runs it: its own process on the embedded database (closing PGlite once reset the exit code). */
async function runCli(dataDir: string, args: string[]): Promise<{ code: number | null; out: string }> {
  const { code, out, err } = await runCommand(serverCli('src/integrity/cli.ts', args), {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_SEED: '0',
    STORAGE: 'fs',
    LOG_LEVEL: 'silent',
  });
  return { code, out: out + err };
}

describe('npm run integrity (embedded database)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-integrity-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits 1 while a problem is left unrepaired, and 0 once it is repaired', { timeout: 180_000 }, async () => {
    mkdirSync(path.join(dataDir, 'files/turbines/1'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files/turbines/1/stray.jpg'), 'no row refers to me');

    const found = await runCli(dataDir, ['--orphan-age=0']);
    expect(found.out).toMatch(/PROBLEM\s+file_without_row\s+turbines\/1\/stray\.jpg/);
    expect(found.out).toContain('1 unrepaired');
    expect(found.code, found.out).toBe(1);

    const repaired = await runCli(dataDir, ['--orphan-age=0', '--repair']);
    expect(repaired.out).toContain('0 unrepaired');
    expect(repaired.code, repaired.out).toBe(0);
  });
});
