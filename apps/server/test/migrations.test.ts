/** The committed migrations must be exactly what drizzle-kit generates from the schema (STYLE §7). */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = path.join(serverDir, 'src/db/migrations');
// the package's exports do not list its bin: find its folder through its main entry
const drizzleKit = path.join(path.dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');

/** Every file under a folder, relative to it, with its content. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full), readFileSync(full, 'utf8'));
  }
  return files;
}

const scratch = mkdtempSync(path.join(tmpdir(), 'windscope-migrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('migrations', () => {
  it('match the drizzle schema: generating from it adds no migration', async () => {
    const out = path.join(scratch, 'migrations');
    cpSync(committed, out, { recursive: true });
    const before = snapshot(out);
    expect(before.size).toBeGreaterThan(0);

    // drizzle-kit prefixes './' to the folder, so it must be relative; it also exits 0 after some failures,
    // hence the check of what it printed below
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [drizzleKit, 'generate', '--config', 'drizzle.config.ts'], {
      cwd: serverDir,
      env: { ...process.env, DRIZZLE_OUT: path.relative(serverDir, out) },
      timeout: 60_000,
    });

    const after = snapshot(out);
    const added = [...after.keys()].filter((file) => !before.has(file));
    const changed = [...before.keys()].filter((file) => after.get(file) !== before.get(file));
    expect(
      { added, changed },
      `the schema and the committed migrations disagree: run \`npm run db:generate\` and commit the result\n${stdout}`,
    ).toEqual({ added: [], changed: [] });
    expect(`${stdout}${stderr}`).toMatch(/No schema changes/);
  }, 90_000);
});
