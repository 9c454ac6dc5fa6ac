import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand, serverCli } from '../../test/run-command.ts';

/** `npm run integrity` as cron runs it: its own process on the embedded database (closing PGlite once reset the exit code). */
async function runCli(dataDir: string, args: string[], lang: 'tr' | 'en' = 'en'): Promise<{ code: number | null; out: string }> {
  const { code, out, err } = await runCommand(serverCli('src/integrity/cli.ts', args), {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_SEED: '0',
    STORAGE: 'fs',
    LOG_LEVEL: 'silent',
    WINDSCOPE_LANG: lang,
  });
  return { code, out: out + err };
}

describe('npm run integrity (embedded database)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-integrity-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits 1 while a problem is left unrepaired, and 0 once it is repaired; says so in Turkish or English', {
    timeout: 240_000,
  }, async () => {
    mkdirSync(path.join(dataDir, 'files/turbines/1'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files/turbines/1/stray.jpg'), 'no row refers to me');

    const found = await runCli(dataDir, ['--orphan-age=0']);
    expect(found.out).toMatch(/^ {2}PROBLEM\s+file without row\s+turbines\/1\/stray\.jpg$/m);
    expect(found.out).toMatch(/^1 findings: 0 repaired, 1 unrepaired \(run with --repair to fix what can be fixed\)$/m);
    expect(found.code, found.out).toBe(1);
    // in Turkish (WINDSCOPE_LANG=tr): the same report, word for word in the catalogue's Turkish
    const bulundu = await runCli(dataDir, ['--orphan-age=0'], 'tr');
    expect(bulundu.out).toMatch(/^0 fotoğraf, 0 rapor, depoda 1 dosya$/m);
    expect(bulundu.out).toMatch(/^ {2}SORUN\s+kaydı olmayan dosya\s+turbines\/1\/stray\.jpg$/m);
    expect(bulundu.out).toMatch(/^1 kayıt bulundu: 0 onarıldı, 1 onarılmadı \(onarılabilecekleri onarmak için --repair ile çalıştırın\)$/m);
    expect(bulundu.code, bulundu.out).toBe(1);

    const repaired = await runCli(dataDir, ['--orphan-age=0', '--repair'], 'tr');
    expect(repaired.out).toMatch(/^ {2}onarıldı\s+kaydı olmayan dosya\s+turbines\/1\/stray\.jpg$/m);
    expect(repaired.out).toContain('1 kayıt bulundu: 1 onarıldı, 0 onarılmadı');
    expect(repaired.code, repaired.out).toBe(0);
    const clean = await runCli(dataDir, ['--orphan-age=0']);
    expect(clean.out).toMatch(/^All consistent: 0 repaired, 0 unrepaired/m);
    expect(clean.code, clean.out).toBe(0);
  });
});
