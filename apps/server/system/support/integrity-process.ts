import type { IntegrityReport } from '../../src/integrity/integrity.ts';
import { runCommand, serverCli } from '../../test/run-command.ts';

/** Runs the integrity command (`npm run integrity`) as its own process with the server's environment and `--json`. */
export async function runIntegrity(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; report: IntegrityReport }> {
  const { code, out, err } = await runCommand(serverCli('src/integrity/cli.ts', ['--json', ...args]), { LOG_LEVEL: 'warn', ...env });
  const line = out.trim().split('\n').at(-1) ?? '';
  try {
    return { code, report: JSON.parse(line) as IntegrityReport };
  } catch {
    throw new Error(`integrity printed no report (exit ${code}):\n${out}\n${err}`);
  }
}
