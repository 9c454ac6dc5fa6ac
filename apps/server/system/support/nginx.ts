import { freePort } from './free-port.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The sample configuration the README documents; the test runs this file, not a copy of its own. */
export const SAMPLE_NGINX_CONF = path.join(repoRoot, 'deploy/nginx.conf');

export function nginxBinary(): string {
  const candidates = [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];
  const found = candidates.find((c): c is string => Boolean(c && existsSync(c)));
  if (!found) throw new Error('nginx is not installed: run scripts/ensure-nginx.sh (scripts/test-all.sh does)');
  return found;
}

/** Replaces `pattern` in `text`, insisting it occurs exactly once: the sample cannot drift away from what is tested. */
function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  const count = text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
  if (count !== 1) throw new Error(`deploy/nginx.conf: expected ${pattern} once, found it ${count} times`);
  return text.replace(pattern, replacement);
}

/** The sample with the two upstream ports, the listen address and the access log put where this test wants them. */
export function sampleConfigFor(sample: string, options: { upstreamPorts: [number, number]; listenPort: number; accessLog: string }) {
  let conf = replaceOnce(sample, /server 127\.0\.0\.1:3001 /, `server 127.0.0.1:${options.upstreamPorts[0]} `);
  conf = replaceOnce(conf, /server 127\.0\.0\.1:3002 /, `server 127.0.0.1:${options.upstreamPorts[1]} `);
  conf = replaceOnce(conf, /listen 80;/, `listen 127.0.0.1:${options.listenPort};`);
  conf = replaceOnce(conf, /access_log \/var\/log\/nginx\/windscope-access\.log windscope;/, `access_log ${options.accessLog} windscope;`);
  return conf;
}

export interface NginxProcess {
  url: string;
  port: number;
  /** the generated configuration, for failure messages */
  config: string;
  accessLog(): string;
  errorLog(): string;
  stop(): Promise<void>;
}

/** Runs nginx in the foreground with its own prefix folder (pid, logs, temporary files) on a free port, in front of
 *  `upstreamPorts`, from deploy/nginx.conf wrapped in a minimal main configuration; waits until it answers. */
export async function startNginx(upstreamPorts: [number, number]): Promise<NginxProcess> {
  const binary = nginxBinary();
  const prefix = mkdtempSync(path.join(tmpdir(), 'windscope-nginx-'));
  // nginx started as root runs its workers as nobody: they must be able to reach the temporary folders in here
  chmodSync(prefix, 0o755);
  const port = await freePort();
  const accessLog = path.join(prefix, 'access.log');
  const errorLog = path.join(prefix, 'error.log');
  const site = sampleConfigFor(readFileSync(SAMPLE_NGINX_CONF, 'utf8'), { upstreamPorts, listenPort: port, accessLog });
  writeFileSync(path.join(prefix, 'windscope.conf'), site);
  const main = [
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    // warn: nginx says so when it spools a request body to a temporary file (proxy_request_buffering on)
    `error_log ${errorLog} warn;`,
    'events { worker_connections 256; }',
    'http {',
    `  client_body_temp_path ${path.join(prefix, 'client_body')};`,
    `  proxy_temp_path ${path.join(prefix, 'proxy')};`,
    `  fastcgi_temp_path ${path.join(prefix, 'fastcgi')};`,
    `  uwsgi_temp_path ${path.join(prefix, 'uwsgi')};`,
    `  scgi_temp_path ${path.join(prefix, 'scgi')};`,
    `  include ${path.join(prefix, 'windscope.conf')};`,
    '}',
    '',
  ].join('\n');
  const configFile = path.join(prefix, 'nginx.conf');
  writeFileSync(configFile, main);

  const child: ChildProcess = spawn(binary, ['-p', prefix, '-c', configFile, '-e', errorLog], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`nginx exited (${child.exitCode ?? child.signalCode}):\n${printed}\n${read(errorLog)}\n${site}`);
    }
    const up = await fetch(`${url}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      const log = read(errorLog);
      // SIGTERM: the master stops its workers too
      child.kill('SIGTERM');
      await exited;
      throw new Error(`nginx did not answer in time:\n${printed}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    config: site,
    accessLog: () => read(accessLog),
    errorLog: () => read(errorLog),
    async stop() {
      // SIGQUIT: a graceful stop of the master and its workers
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
