import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverRoot, '../..');

/** One of the server's command-line programs (`src/…/cli.ts`) as its own process, as an operator or cron runs it. */
export function serverCli(script: string, args: string[] = []): { command: string; args: string[]; cwd: string } {
  return { command: process.execPath, args: ['--import', 'tsx', path.join(serverRoot, script), ...args], cwd: serverRoot };
}

/** Runs a command to its end: its exit code and what it printed on each stream (the tests' CLI runner: the integrity,
 *  backup and restore commands). `env` is added to this process's environment. */
export function runCommand(
  command: { command: string; args: string[]; cwd: string },
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command.command, command.args, {
      cwd: command.cwd,
      env: { ...process.env, ...env },
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
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}
