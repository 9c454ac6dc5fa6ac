import { freePort } from './free-port.ts';
import { type SpawnOptions, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL cluster of the test's own (initdb into a temporary folder, pg_ctl on a free loopback port),
 * for tests that stop, restart or freeze the database: the shared server on 5432 is never touched.
 * PostgreSQL refuses to run as root, so as root the binaries run as the `postgres` OS user (runuser), which owns
 * the folder. Trust authentication on 127.0.0.1 only, fsync off (nothing here has to survive a power cut).
 */
export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:port/<database> */
  url(database?: string): string;
  /** the cluster's folder (data/, server.log, the Unix socket) */
  dir: string;
  /** pg_ctl start, on the same port as before, waiting until it accepts connections (nothing when it runs) */
  start(): Promise<void>;
  /** pg_ctl stop: 'fast' ends sessions cleanly, 'immediate' kills every backend at once (a crash, recovery on start);
   *  nothing when it is stopped */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  running(): boolean;
  createDatabase(name: string): Promise<void>;
  /** the server's own log (the tail), for failure messages */
  log(): string;
  /** stops it (immediate) and removes the folder */
  destroy(): Promise<void>;
}

function findBinDir(): string {
  const candidates = [
    process.env.PG_BIN,
    existsSync('/usr/local/bin/pg_ctl') && existsSync('/usr/local/bin/initdb') ? '/usr/local/bin' : undefined,
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ];
  for (const dir of candidates) if (dir && existsSync(path.join(dir, 'pg_ctl')) && existsSync(path.join(dir, 'initdb'))) return dir;
  const fromPgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const bindir = fromPgConfig.stdout?.trim();
  if (bindir && existsSync(path.join(bindir, 'pg_ctl'))) return bindir;
  throw new Error('private PostgreSQL: no initdb/pg_ctl found (set PG_BIN, or install postgresql)');
}

const isRoot = () => process.getuid?.() === 0;

/** uid and gid of the `postgres` OS user, when we are root and must hand the cluster to it */
function postgresUser(): { uid: number; gid: number } | null {
  if (!isRoot()) return null;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) throw new Error('private PostgreSQL: running as root but there is no `postgres` OS user');
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** argv for running a PostgreSQL binary as the right user */
function asPostgres(bin: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

function run(
  bin: string,
  args: string[],
  options: SpawnOptions & { timeoutMs?: number } = {},
): Promise<{ code: number | null; output: string }> {
  const [cmd, argv] = asPostgres(bin, args);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString('utf8');
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString('utf8');
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${path.basename(bin)} ${args.join(' ')} took longer than ${options.timeoutMs ?? 60_000} ms:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const alive = new Set<() => void>();
let exitHookInstalled = false;
/** a test run that dies half-way must not leave a postgres behind */
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const stop of alive) stop();
  });
}

export async function startPrivatePostgres(options: { database?: string } = {}): Promise<PrivatePostgres> {
  const bin = findBinDir();
  const pgCtl = path.join(bin, 'pg_ctl');
  const owner = postgresUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'windscope-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  chmodSync(dir, 0o700);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const spawnOptions = { cwd: dir, env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' } };

  const init = await run(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions'],
    spawnOptions,
  );
  if (init.code !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`private PostgreSQL: initdb failed (${init.code}):\n${init.output}`);
  }

  let port = 0;
  let isRunning = false;
  const settings = (p: number) =>
    [
      `port = ${p}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'max_connections = 60',
      'shared_buffers = 32MB',
      "log_min_messages = 'warning'",
    ].join('\n');

  const log = () => {
    try {
      return readFileSync(logFile, 'utf8').slice(-8000);
    } catch {
      return '';
    }
  };

  async function pgCtlStart(): Promise<{ code: number | null; output: string }> {
    return run(pgCtl, ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60'], { ...spawnOptions, timeoutMs: 90_000 });
  }

  // the port is chosen once and kept across restarts (the app under test keeps its DATABASE_URL);
  // another process may grab a "free" port between the check and the start: try a few
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    writeFileSync(path.join(dataDir, 'postgresql.auto.conf'), `${settings(port)}\n`);
    const started = await pgCtlStart();
    if (started.code === 0) break;
    if (attempt === 3) {
      const detail = `${started.output}\n${log()}`;
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`private PostgreSQL: pg_ctl start failed:\n${detail}`);
    }
  }
  isRunning = true;
  const emergencyStop = () => {
    const [cmd, argv] = asPostgres(pgCtl, ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
    spawnSync(cmd, argv, { ...spawnOptions, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  alive.add(emergencyStop);
  installExitHook();

  const url = (database = options.database ?? 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;

  const handle: PrivatePostgres = {
    port,
    dir,
    url,
    log,
    running: () => isRunning,
    async start() {
      if (isRunning) return;
      const started = await pgCtlStart();
      if (started.code !== 0) throw new Error(`private PostgreSQL: pg_ctl start failed (port ${port}):\n${started.output}\n${log()}`);
      isRunning = true;
    },
    async stop(mode = 'fast') {
      if (!isRunning) return;
      const stopped = await run(pgCtl, ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '60'], { ...spawnOptions, timeoutMs: 90_000 });
      if (stopped.code !== 0) throw new Error(`private PostgreSQL: pg_ctl stop -m ${mode} failed:\n${stopped.output}\n${log()}`);
      isRunning = false;
    },
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`create database ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
    },
    async destroy() {
      alive.delete(emergencyStop);
      if (isRunning) await run(pgCtl, ['stop', '-D', dataDir, '-m', 'immediate', '-w'], spawnOptions).catch(() => {});
      isRunning = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  if (options.database && options.database !== 'postgres') await handle.createDatabase(options.database);
  return handle;
}
