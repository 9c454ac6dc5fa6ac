import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// scripts/ensure-install.mjs run for real in a scratch folder; `npm` is a stand-in on PATH that records its arguments
// and installs a pretend vite, so no package is downloaded.
const script = fileURLToPath(new URL('../../../scripts/ensure-install.mjs', import.meta.url));
let folder: string;
let calls: string;

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'ensure-install-'));
  calls = path.join(folder, 'npm-calls');
  mkdirSync(path.join(folder, 'bin'));
  const npm = path.join(folder, 'bin', 'npm');
  writeFileSync(npm, `#!/bin/sh\necho "$@" >> "${calls}"\nmkdir -p node_modules/vite && echo '{}' > node_modules/vite/package.json\n`);
  chmodSync(npm, 0o755);
  writeFileSync(path.join(folder, 'package-lock.json'), '{"lockfileVersion":3}');
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

function ensureInstall(env: Record<string, string> = {}) {
  execFileSync(process.execPath, [script], {
    cwd: folder,
    env: { ...process.env, ...env, PATH: `${path.join(folder, 'bin')}:${process.env.PATH}` },
    stdio: 'pipe',
  });
  return existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : [];
}

describe('ensure-install (npm start on a fresh clone)', () => {
  it('installs the build tools too when NODE_ENV=production', () => {
    const [install] = ensureInstall({ NODE_ENV: 'production', npm_config_omit: 'dev' });
    expect(install?.split(' ')).toEqual(expect.arrayContaining(['ci', '--include=dev']));
  });

  it('installs once per package-lock.json', () => {
    expect(ensureInstall()).toHaveLength(1);
    expect(ensureInstall()).toHaveLength(1);
    writeFileSync(path.join(folder, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}');
    expect(ensureInstall()).toHaveLength(2);
  });

  it('installs again when an earlier install left the build tools out', () => {
    ensureInstall();
    rmSync(path.join(folder, 'node_modules', 'vite'), { recursive: true });
    expect(ensureInstall({ NODE_ENV: 'production' })).toHaveLength(2);
  });
});
