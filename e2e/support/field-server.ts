import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import sharp from 'sharp';

/**
 * The field-upload specs' own server (a fresh DATA_DIR, a process the spec can stop and start again) behind a small
 * proxy the spec controls: it counts the bytes of every tus PATCH per upload, can cut the link, slow it down, or
 * answer chosen PATCHes with a bare 400 (a failure that is not the server's refusal).
 */
const E2E_DIR = path.resolve(import.meta.dirname, '..');

export interface UploadRecord {
  id: string;
  /** the file's name (tus metadata) */
  name: string;
  length: number;
  /** PATCH body bytes that reached the proxy, in order, with the time */
  patches: { at: number; bytes: number; offsetBefore: number; status: number; offsetAfter: number | null }[];
  completedAt: number | null;
}

export class FieldServer {
  private process: ChildProcess | null = null;
  /** made at the first start (Playwright loads spec files in processes that run none of their tests) */
  private dir: string | null = null;
  constructor(readonly port: number) {}

  get dataDir(): string {
    this.dir ??= mkdtempSync(path.join(tmpdir(), 'ws-field-'));
    return this.dir;
  }

  /** `env`: more settings for the server (the setup spec's DEMO_SEED=0) */
  async start(publicUrl: string, env: Record<string, string> = {}): Promise<void> {
    this.process = spawn('npx', ['tsx', '../apps/server/src/main.ts'], {
      cwd: E2E_DIR,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        DATA_DIR: this.dataDir,
        PORT: String(this.port),
        LOG_LEVEL: 'warn',
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: '1',
        ...env,
      },
    });
    this.process.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (!/ExperimentalWarning|--trace-warnings/.test(text)) process.stderr.write(`[field-server] ${text}`);
    });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const ok = await fetch(`http://127.0.0.1:${this.port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error('the field server did not start');
  }

  /** Stops the server process (its whole group) and waits for it to be gone. */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child?.pid) return;
    this.process = null;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, 15_000);
    await exited;
    clearTimeout(timer);
    // npx exits before the server under it: wait until the port is free
    for (let attempt = 0; attempt < 60; attempt++) {
      const up = await fetch(`http://127.0.0.1:${this.port}/api/health`).then(
        () => true,
        () => false,
      );
      if (!up) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async dispose(): Promise<void> {
    await this.stop();
    if (this.dir === null) return;
    // the process group may take a moment to let go of its files
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        rmSync(this.dir, { recursive: true, force: true });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }
}

export type ProxyMode = 'normal' | 'down';

export class CountingProxy {
  mode: ProxyMode = 'normal';
  /** upload ids whose PATCHes are answered with a bare 400 */
  readonly failPatchesOf = new Set<string>();
  /** file names (tus metadata `filename`) whose uploads are failed that way */
  readonly failNames = new Set<string>();
  /** bytes per second for request bodies (0: as fast as it goes) */
  bytesPerSecond = 0;
  readonly uploads = new Map<string, UploadRecord>();
  readonly posts: { at: number; filename: string; id: string | null; status: number }[] = [];
  private readonly server: http.Server;
  private readonly sockets = new Set<import('node:net').Socket>();
  port = 0;

  constructor(private readonly target: number) {
    this.server = http.createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async listen(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return `http://127.0.0.1:${this.port}`;
  }

  /** Cuts every open connection (a dropped link) and refuses new ones until `mode` is normal again. */
  cut(): void {
    this.mode = 'down';
    for (const socket of this.sockets) socket.destroy();
  }

  patchBytes(): number {
    let sum = 0;
    for (const upload of this.uploads.values()) for (const patch of upload.patches) sum += patch.bytes;
    return sum;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private idOf(url: string): string | null {
    const match = /\/api\/uploads\/([^/?]+)$/.exec(url.split('?')[0] ?? '');
    return match?.[1] ?? null;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (this.mode === 'down') {
      req.socket.destroy();
      return;
    }
    const url = req.url ?? '/';
    const id = this.idOf(url);
    const isPatch = req.method === 'PATCH' && id !== null;
    const isCreate = req.method === 'POST' && (url.split('?')[0] ?? '') === '/api/uploads';
    const filename = isCreate ? metadataName(String(req.headers['upload-metadata'] ?? '')) : '';
    const record = isPatch ? this.uploads.get(id as string) : undefined;
    if (isPatch && (this.failPatchesOf.has(id as string) || (record !== undefined && this.failNames.has(record.name)))) {
      req.resume();
      req.on('end', () => {
        res.writeHead(400, { 'Content-Type': 'text/plain', 'Tus-Resumable': '1.0.0' });
        res.end('bad request');
      });
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: this.target, method: req.method, path: url, headers: req.headers },
      (answer) => {
        if (isCreate) {
          const location = String(answer.headers.location ?? '');
          const newId = this.idOf(location.replace(/^https?:\/\/[^/]+/, ''));
          this.posts.push({ at: Date.now(), filename, id: newId, status: answer.statusCode ?? 0 });
          if (newId)
            this.uploads.set(newId, {
              id: newId,
              length: Number(req.headers['upload-length'] ?? 0),
              patches: [],
              completedAt: null,
              name: filename,
            });
        }
        if (isPatch && patch) {
          patch.status = answer.statusCode ?? 0;
          const after = answer.headers['upload-offset'];
          patch.offsetAfter = after === undefined ? null : Number(after);
          const upload = this.uploads.get(id as string);
          if (upload && patch.offsetAfter !== null && patch.offsetAfter >= upload.length && upload.completedAt === null)
            upload.completedAt = Date.now();
        }
        // the last bytes reached a server that stopped before it answered: the HEAD after its restart says the upload
        // is whole, and the outcome has the photo (the server's pipeline finishes it)
        if (req.method === 'HEAD' && id !== null && answer.statusCode === 200) {
          const upload = this.uploads.get(id);
          const offset = Number(answer.headers['upload-offset'] ?? -1);
          if (upload && offset >= upload.length && upload.completedAt === null) upload.completedAt = Date.now();
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) {
        res.writeHead(502, { 'Content-Type': 'text/plain' });
        res.end('upstream down');
      } else res.destroy();
    });
    let patch: UploadRecord['patches'][number] | null = null;
    if (isPatch) {
      patch = { at: Date.now(), bytes: 0, offsetBefore: Number(req.headers['upload-offset'] ?? -1), status: 0, offsetAfter: null };
      const upload = this.uploads.get(id as string);
      if (upload) upload.patches.push(patch);
    }
    // bytes are counted as they go on to the server, at the rate asked (backpressure slows the browser down)
    const meter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        if (patch) patch.bytes += chunk.length;
        const wait = isPatch && this.bytesPerSecond > 0 ? (chunk.length / this.bytesPerSecond) * 1000 : 0;
        if (wait > 0) setTimeout(() => done(null, chunk), wait);
        else done(null, chunk);
      },
    });
    req.pipe(meter).pipe(upstream);
  }
}

function metadataName(header: string): string {
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key === 'filename' && value) return Buffer.from(value, 'base64').toString('utf8');
  }
  return '';
}

/** Writes JPEG files to a folder (real files: a re-selection after a reload must find the same modification time). */
export async function writeJpegs(dir: string, names: string[], options: { width: number; height: number; seed?: number }) {
  const paths: string[] = [];
  for (const [i, name] of names.entries()) {
    const buffer = await sharp({
      create: {
        width: options.width,
        height: options.height,
        channels: 3,
        background: { r: (i * 37 + (options.seed ?? 0)) % 255, g: 90, b: 140 },
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    const file = path.join(dir, name);
    writeFileSync(file, buffer);
    paths.push(file);
  }
  return paths;
}

export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
