import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand, serverCli } from '../../test/run-command.ts';

// The operator commands after something went wrong before they could start: a mistyped DATA_DIR, a database server
// that does not answer, a bad option. Each says so in the operator's language and exits non-zero; no stack trace, and
// nothing made where the folder should have been.
const scratch = mkdtempSync(path.join(tmpdir(), 'windscope-operator-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function run(script: string, args: string[], env: Record<string, string>) {
  const { code, out, err } = await runCommand(serverCli(script, args), { DEMO_SEED: '0', STORAGE: 'fs', LOG_LEVEL: 'silent', ...env });
  return { code, text: out + err };
}

/** a stack trace's lines ("    at fn (file:1:2)") */
const STACK = /^\s+at .+\(?.+:\d+:\d+\)?$/m;
// nothing listens on port 9 (discard) of this machine's loopback: refused at once
const NO_DATABASE = 'postgres://postgres@127.0.0.1:9/windscope';

describe('operator commands before they can start', { timeout: 120_000 }, () => {
  it('a data folder that does not exist: backup and integrity refuse in words, make nothing', async () => {
    const missing = path.join(scratch, 'no-such-folder');
    const backup = await run('src/backup/cli-backup.ts', ['--out', path.join(scratch, 'b.tar')], {
      DATA_DIR: missing,
      DATABASE_URL: '',
      WINDSCOPE_LANG: 'tr',
    });
    expect(backup.text).toContain(`Veri klasörü ${missing} yok (DATA_DIR)`);
    expect(backup.code).toBe(1);
    const integrity = await run('src/integrity/cli.ts', [], { DATA_DIR: missing, DATABASE_URL: '', WINDSCOPE_LANG: 'en' });
    expect(integrity.text).toContain(`The data folder ${missing} does not exist (DATA_DIR)`);
    expect(integrity.code).toBe(1);
    for (const result of [backup, integrity]) expect(result.text).not.toMatch(STACK);
    // the embedded database was not made afresh in its place
    expect(() => rmSync(missing)).toThrow(/ENOENT/);
  });

  it('a database server that does not answer: integrity, backup and setup say so, exit non-zero', async () => {
    const env = { DATA_DIR: scratch, DATABASE_URL: NO_DATABASE };
    const integrity = await run('src/integrity/cli.ts', [], { ...env, WINDSCOPE_LANG: 'tr' });
    expect(integrity.text).toMatch(/Veritabanına ulaşılamadı \(.+\): DATABASE_URL değerini/);
    expect(integrity.code).toBe(1);
    const backup = await run('src/backup/cli-backup.ts', ['--out', path.join(scratch, 'b.tar')], { ...env, WINDSCOPE_LANG: 'en' });
    expect(backup.text).toMatch(/backup failed: The database could not be reached \(.+\): check DATABASE_URL/);
    expect(backup.code).toBe(1);
    const passwordFile = path.join(scratch, 'password');
    writeFileSync(passwordFile, 'Kuzey-Rüzgarı-2026!\n', { mode: 0o600 });
    const setup = await run(
      'src/setup/cli.ts',
      ['--email', 'owner@example.com', '--name', 'Ayşe Yılmaz', '--company', 'Rüzgar A.Ş.', '--password-file', passwordFile],
      { ...env, WINDSCOPE_LANG: 'en' },
    );
    expect(setup.text).toMatch(/The database could not be reached \(.+\): check DATABASE_URL/);
    expect(setup.code).toBe(1);
    for (const result of [integrity, backup, setup]) expect(result.text).not.toMatch(STACK);
  });

  it("npm run setup speaks the operator's language: usage, a bad option, what is missing", async () => {
    const env = { DATA_DIR: scratch, DATABASE_URL: NO_DATABASE };
    const unknown = await run('src/setup/cli.ts', ['--mail', 'x'], { ...env, WINDSCOPE_LANG: 'tr' });
    expect(unknown.text).toMatch(/^bilinmeyen seçenek: --mail$/m);
    expect(unknown.text).toMatch(/^kullanım: npm run setup -- --email ADRES/m);
    expect(unknown.code).toBe(2);
    const noValue = await run('src/setup/cli.ts', ['--email'], { ...env, WINDSCOPE_LANG: 'en' });
    expect(noValue.text).toMatch(/^--email needs a value$/m);
    expect(noValue.code).toBe(2);
    const missing = await run('src/setup/cli.ts', ['--email', 'owner@example.com'], {
      ...env,
      LANG: 'tr_TR.UTF-8',
      LC_ALL: '',
      LC_MESSAGES: '',
      WINDSCOPE_LANG: '',
    });
    expect(missing.text).toContain('--email, --company ve sahibin adı ile soyadı gerekli.');
    expect(missing.code).toBe(2);
    for (const result of [unknown, noValue, missing]) expect(result.text).not.toMatch(STACK);
  });
});
