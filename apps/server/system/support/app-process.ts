import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One JWT secret for every process of a system test: a token signed by one process must verify on the others. */
export const SYSTEM_JWT_SECRET = 'system-test-secret-system-test-secret-0123456789';

export interface AppProcess {
  /** http://127.0.0.1:port */
  url: string;
  port: number;
  pid: number;
  /** everything the process printed (stdout and stderr), for failure messages */
  output(): string;
  /** resolves with the exit code or signal once the process has ended */
  exited: Promise<number | string | null>;
  /** SIGTERM and wait (a graceful stop) */
  stop(): Promise<void>;
  /** SIGKILL and wait (a crash: nothing is cleaned up) */
  kill(): Promise<void>;
}

export interface AppProcessOptions {
  timeoutMs?: number;
  /** Node flags before the script, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] */
  nodeArgs?: string[];
  /** every line the process prints, as it prints it (before it listens too) */
  onLine?: (line: string) => void;
  /** Once the process listens, its standard output (the request log) goes to this file instead of being read line by
   *  line and kept: a load test's thousands of log lines a second are then neither parsed nor held by the caller. */
  logFile?: string;
}

/** Starts the real server (src/main.ts) in its own Node process on a free port, with `env` added to the environment,
 *  and waits until it listens. DATA_DIR, DATABASE_URL, STORAGE/S3_*, REDIS_URL come from the caller. */
export async function startAppProcess(env: Record<string, string>, options: AppProcessOptions = {}): Promise<AppProcess> {
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', path.join(serverRoot, 'src/main.ts')];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: SYSTEM_JWT_SECRET,
      WEB_DIST: path.join(serverRoot, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    printed = (printed + text).slice(-20_000);
    if (options.onLine) for (const line of text.split('\n')) if (line) options.onLine(line);
  };
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${printed}`)), options.timeoutMs ?? 180_000);
    lines.on('line', (line) => {
      printed = `${printed + line}\n`.slice(-20_000);
      options.onLine?.(line);
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${printed}`));
    });
  });
  if (options.logFile && child.stdout) {
    lines.close();
    child.stdout.pipe(createWriteStream(options.logFile, { flags: 'a' }));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? 0,
    output: () => printed,
    exited,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
