/** What the browser benchmarks share: a server of their own on the built app, and their figures' percentiles. */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A fresh embedded server (its data folder emptied first) in its own process group, once /api/health answers. */
/** `waitMs`: how long to wait for it (the embedded database's start-up takes minutes on a loaded machine). */
export async function startBenchServer(port: number, dataDir: string, waitMs = 90_000): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  // its own process group, so stopping it stops tsx's child too
  const server = spawn(path.resolve(e2eDir, '../node_modules/.bin/tsx'), ['../apps/server/src/main.ts'], {
    cwd: e2eDir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stopBenchServer(server);
  throw new Error(`the server did not start on ${base}`);
}

export function stopBenchServer(server: ChildProcess): void {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}

/** The value at the p-th percentile (nearest rank below). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The API of a bench's server at `base` as JSON calls (the bench's set-up: accounts, turbines); a refusal throws with
 *  the server's answer. */
export function benchApi(base: string) {
  return async function call<T>(token: string | null, method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}
