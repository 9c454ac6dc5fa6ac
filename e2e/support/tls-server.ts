import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const E2E_DIR = path.resolve(import.meta.dirname, '..');
const TSX = path.resolve(E2E_DIR, '../node_modules/.bin/tsx');

/** A port nobody listens on now. */
export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The server serving HTTPS itself (TLS_CERT_FILE/TLS_KEY_FILE) with a certificate made now by the system's openssl,
 *  a fresh embedded database with the demo content, on a spare port. One per spec file. */
export class TlsServer {
  private process: ChildProcess | null = null;
  private dir: string | null = null;
  port = 0;

  get origin() {
    return `https://localhost:${this.port}`;
  }

  async start(): Promise<void> {
    this.dir = mkdtempSync(path.join(tmpdir(), 'ws-tls-'));
    const key = path.join(this.dir, 'key.pem');
    const cert = path.join(this.dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    this.port = await sparePort();
    this.process = spawn(TSX, ['../apps/server/src/main.ts'], {
      cwd: E2E_DIR,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        DATA_DIR: path.join(this.dir, 'data'),
        PORT: String(this.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        TLS_CERT_FILE: cert,
        TLS_KEY_FILE: key,
      },
    });
    this.process.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (!/ExperimentalWarning|--trace-warnings/.test(text)) process.stderr.write(`[tls-server] ${text}`);
    });
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (this.process.exitCode !== null) throw new Error(`the TLS server exited (${this.process.exitCode})`);
      // the probe trusts the certificate just made (and only it)
      const ok = await new Promise<boolean>((resolve) => {
        https
          .get(`${this.origin}/api/health`, { ca: readFileSync(cert) }, (res) => {
            res.resume();
            resolve(res.statusCode === 200);
          })
          .on('error', () => resolve(false));
      });
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error('the TLS server did not start');
  }

  async dispose(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        process.kill(-child.pid, 'SIGTERM');
        const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      } catch {}
    }
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}
