import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IntegrityReport } from '../../src/integrity/integrity.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs the integrity command (`npm run integrity`) as its own process with the server's environment and `--json`. */
export function runIntegrity(env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; report: IntegrityReport }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/integrity/cli.ts'), '--json', ...args], {
      cwd: serverRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve({ code, report: JSON.parse(line) as IntegrityReport });
      } catch {
        reject(new Error(`integrity printed no report (exit ${code}):\n${out}\n${err}`));
      }
    });
  });
}
