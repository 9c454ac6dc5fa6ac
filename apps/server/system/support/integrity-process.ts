import type { IntegrityReport, Problem } from '../../src/integrity/integrity.ts';
import { runCommand, serverCli } from '../../test/run-command.ts';

/** The report as `--json` prints it: each problem's detail in words (the operator's language). */
type PrintedReport = Omit<IntegrityReport, 'problems'> & { problems: (Omit<Problem, 'detail'> & { detail?: string })[] };

/** Runs the integrity command (`npm run integrity`) as its own process with the server's environment and `--json`. */
export async function runIntegrity(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; report: PrintedReport }> {
  const { code, out, err } = await runCommand(serverCli('src/integrity/cli.ts', ['--json', ...args]), { LOG_LEVEL: 'warn', ...env });
  const line = out.trim().split('\n').at(-1) ?? '';
  try {
    return { code, report: JSON.parse(line) as PrintedReport };
  } catch {
    throw new Error(`integrity printed no report (exit ${code}):\n${out}\n${err}`);
  }
}
