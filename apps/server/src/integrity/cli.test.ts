import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run integrity` as cron runs it: its own process on the embedded database (closing PGlite once reset the exit code). */
function runCli(dataDir: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/integrity/cli.ts'), ...args], {
      cwd: serverRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DEMO_SEED: '0', STORAGE: 'fs', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
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
