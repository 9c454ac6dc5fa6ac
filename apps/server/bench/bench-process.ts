import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { MultipartBody } from '../src/uploads/multipart-body.ts';

export interface BenchServer {
  pid: number;
  port: number;
  turbineId: number;
  stop(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Starts `script` (bench-server.ts) in its own Node process and waits for its port. */
export async function startBenchServer(env: Record<string, string>, script = 'bench-server.ts'): Promise<BenchServer> {
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(here, script)], {
    // as README suggests for production: fewer glibc arenas, less memory kept by the image decoder's threads
    env: { MALLOC_ARENA_MAX: '2', ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { port, turbineId } = JSON.parse(first) as { port: number; turbineId: number };
  return {
    pid: child.pid ?? 0,
    port,
    turbineId,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a running process in MB (Linux /proc/{pid}/status). */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** Resident memory of a process in MB, sampled every `intervalMs` (20 ms) until stop(): at the start, its peak, at the end. */
export function peakRss(pid: number, intervalMs = 20) {
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, intervalMs);
  return {
    /** the highest sample so far */
    peak: () => peak,
    stop() {
      clearInterval(timer);
      const end = rssMb(pid);
      return { before, peak: Math.max(peak, end), end };
    },
  };
}

/** POSTs a multipart body over a fresh loopback connection; resolves with the status once the answer is read. */
export function post(server: BenchServer, url: string, body: MultipartBody, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: url,
        headers: { 'content-type': body.contentType, 'content-length': String(body.length), authorization: `Bearer ${token}` },
      },
      (response) => {
        response.on('end', () => resolve(response.statusCode ?? 0)).resume();
      },
    );
    request.on('error', reject);
    const chunks = [...body.chunks];
    const writeNext = () => {
      for (;;) {
        const chunk = chunks.shift();
        if (!chunk) return void request.end();
        if (!request.write(chunk)) return void request.once('drain', writeNext);
      }
    };
    writeNext();
  });
}

export async function login(server: BenchServer, email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`login failed: ${res.status}`);
  return body.token;
}
