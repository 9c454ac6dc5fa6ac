/** What the browser benchmarks share: a server of their own on the built app, and their figures' percentiles. */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A fresh embedded server (its data folder emptied first) in its own process group, once /api/health answers. */
export async function startBenchServer(port: number, dataDir: string): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  // its own process group, so stopping it stops tsx's child too
  const server = spawn(path.resolve(e2eDir, '../node_modules/.bin/tsx'), ['../apps/server/src/main.ts'], {
    cwd: e2eDir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 90_000;
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
