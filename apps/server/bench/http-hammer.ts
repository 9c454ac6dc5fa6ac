import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';

export interface HammerResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** answers other than 200, and connection errors */
  failures: number;
  /** body bytes per second as received (compressed when the server compressed) */
  bytesPerSecond: number;
  /** every answer's latency in ms, sorted (to pool several runs) */
  latencies: number[];
}

/** GETs `url` over `connections` keep-alive connections for `seconds`, each connection sending its next request as soon as
 *  the previous answer has been read (a closed loop, like a browser tab), and reports the latency of every answer.
 *  Bodies are counted and dropped by Node's own (C) HTTP parser: autocannon parses in JavaScript, and for answers of a
 *  megabyte it used ten times the CPU the server did on the same two cores, so it measured itself. */
export async function hammer(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<HammerResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let failures = 0;
  let bytes = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = http.get(url, { agent, headers }, (response) => {
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          if (response.statusCode !== 200) failures++;
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      request.on('error', () => {
        failures++;
        resolve();
      });
    });
  const began = performance.now();
  const end = began + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) await once();
    }),
  );
  const wall = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    perSecond: latencies.length / wall,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
    failures,
    bytesPerSecond: bytes / wall,
    latencies,
  };
}

/** CPU seconds (user + system) a process has used so far (Linux /proc/{pid}/stat, in clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  return cpuOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** user + system seconds of one /proc/{pid}/stat line (fields 14 and 15, after the command's closing parenthesis) */
function cpuOfStat(stat: string): number {
  const fields = (stat.split(') ')[1] ?? '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds used so far by every PostgreSQL process on this machine (server, backends, writers), or 0 when none runs
 *  here: what the database spent, beside the server's own cpuSeconds. A backend that ended between two readings takes its
 *  seconds with it, so compare readings around work that keeps its connections open. */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += cpuOfStat(stat);
    } catch {
      // the process ended while being read
    }
  }
  return total;
}
