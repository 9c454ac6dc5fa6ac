/**
 * npm run bench:field — issue 15's "speed and field conditions", figures beside their targets (never pass/fail):
 * the server (src/main.ts, fresh DATA_DIR, PGlite on disk) in one network namespace, a Node client in another, joined
 * by a link shaped at 20 Mbit/s, 40 ms delay and 1% loss in each direction, cut for 5 s every 200 MB received.
 *  1. tus (tus-js-client, the contract's chunk size and concurrency) and 2. the spec's multipart route in its batches,
 *     same files, same link: wall time, goodput as a share of the shaped rate, bytes received at the server, bytes sent
 *     again per cut, every file present with its SHA-256.
 * Env: BENCH_FIELD_GB (2: GiB of 10-15 MB JPEGs, kept in $TMPDIR/windscope-bench-field/jpegs for reruns),
 * BENCH_FIELD_RUNS (raw,tus,multipart,memory; raw: bulk TCP over the link for 20 s, 1 and 3 streams, no cuts: the
 * ceiling; memory: e2e/bench/field-memory.ts, the browser tab while 1,000 photos are queued, on loopback), BENCH_FIELD_CC (TCP congestion control in both namespaces, e.g. cubic; default the
 * system's), BENCH_FIELD_CUT (abort: the client's connections die with the link, as a browser's requests do when the
 * network changes; hold: the link is silent for 5 s and TCP rides it out).
 * The kernel here has no sch_netem, so the link is a user-space netem (field-link.py) between two TUN devices; needs
 * root, `ip`, python3 and /dev/net/tun, and skips with a message otherwise.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { TUS_CHUNK_BYTES, UPLOAD_BATCH, UPLOAD_CONCURRENCY } from '@windscope/contract';
import { type FieldFile, fieldJpegs } from './field-jpegs.ts';

const MB = 1024 * 1024;
const GB_WANTED = Number(process.env.BENCH_FIELD_GB ?? 2);
const RUNS = (process.env.BENCH_FIELD_RUNS ?? 'raw,tus,multipart,memory').split(',');
const CC = process.env.BENCH_FIELD_CC;
const CUT_MODE = process.env.BENCH_FIELD_CUT === 'hold' ? 'hold' : 'abort';
const RATE_BIT = 20e6;
const DELAY_MS = 40;
const LOSS = 0.01;
const LIMIT = 1000;
const CUT_EVERY = 200 * MB;
const CUT_SECONDS = 5;
const SERVER_NS = 'wsb-srv';
const CLIENT_NS = 'wsb-cli';
const SERVER_IP = '10.251.0.1';
const CLIENT_IP = '10.251.0.2';
const PROXY_PORT = 8080;
const SERVER_PORT = 3000;

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const cacheDir = path.join(tmpdir(), 'windscope-bench-field');
const children = new Set<ChildProcess>();
let restoreAllowedCc: string | null = null;

const uptime = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load/, 'load');
const sh = (args: string[]) => execFileSync(args[0] as string, args.slice(1), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function teardown() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
  for (const ns of [SERVER_NS, CLIENT_NS]) {
    try {
      sh(['ip', 'netns', 'del', ns]);
    } catch {}
  }
  if (restoreAllowedCc !== null) {
    try {
      sh(['sysctl', '-q', '-w', `net.ipv4.tcp_allowed_congestion_control=${restoreAllowedCc}`]);
    } catch {}
    restoreAllowedCc = null;
  }
}
process.on('exit', teardown);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    console.log(`\n${signal}: namespaces and processes cleaned up`);
    teardown();
    process.exit(130);
  });
}

/** Starts a process (in a namespace: `ip netns exec NS ...`, which execs, so its pid is the program's) with JSON/text lines. */
function start(ns: string | null, command: string[], env: Record<string, string | undefined> = {}) {
  const args = ns ? ['netns', 'exec', ns, ...command] : command.slice(1);
  const child = spawn(ns ? 'ip' : (command[0] as string), args, {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(child);
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  exited.then(() => children.delete(child));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return { child, exited, lines };
}

const node = (script: string, ...args: string[]) => [process.execPath, '--import', 'tsx', script, ...args];

function canRun(): string | null {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'needs root (network namespaces, TUN devices)';
  if (!existsSync('/dev/net/tun')) return 'no /dev/net/tun';
  try {
    sh(['python3', '--version']);
  } catch {
    return 'needs python3 (the shaped link)';
  }
  try {
    teardown(); // a previous run's leftovers
    sh(['ip', 'netns', 'add', SERVER_NS]);
    sh(['ip', 'netns', 'add', CLIENT_NS]);
  } catch (error) {
    return `cannot create network namespaces (${(error as Error).message.split('\n')[0]})`;
  }
  return null;
}

async function setUpLink() {
  const link = start(null, ['python3', path.join(here, 'field-link.py'), SERVER_NS, 'wsb-s', CLIENT_NS, 'wsb-c'], {
    LINK_RATE_BIT: String(RATE_BIT),
    LINK_DELAY_MS: String(DELAY_MS),
    LINK_LOSS: String(LOSS),
    LINK_LIMIT: String(LIMIT),
  });
  const pending: ((line: string) => void)[] = [];
  link.lines.on('line', (line) => pending.shift()?.(line));
  const nextLine = () => new Promise<string>((resolve) => pending.push(resolve));
  if ((await nextLine()) !== 'ready') throw new Error('the link did not start');
  for (const [ns, dev, ip, peer] of [
    [SERVER_NS, 'wsb-s', SERVER_IP, CLIENT_IP],
    [CLIENT_NS, 'wsb-c', CLIENT_IP, SERVER_IP],
  ] as const) {
    sh(['ip', '-n', ns, 'link', 'set', 'lo', 'up']);
    sh(['ip', '-n', ns, 'addr', 'add', ip, 'peer', peer, 'dev', dev]);
    sh(['ip', '-n', ns, 'link', 'set', dev, 'up']);
  }
  if (CC) {
    const allowed = sh(['sysctl', '-n', 'net.ipv4.tcp_allowed_congestion_control']).trim();
    if (!allowed.split(' ').includes(CC)) {
      // a namespace may only pick an allowed algorithm; allowed for the run, put back after
      restoreAllowedCc = allowed;
      sh(['sysctl', '-q', '-w', `net.ipv4.tcp_allowed_congestion_control=${allowed} ${CC}`]);
    }
    for (const ns of [SERVER_NS, CLIENT_NS]) sh(['ip', 'netns', 'exec', ns, 'sysctl', '-q', '-w', `net.ipv4.tcp_congestion_control=${CC}`]);
  }
  const cc = sh(['ip', 'netns', 'exec', CLIENT_NS, 'sysctl', '-n', 'net.ipv4.tcp_congestion_control']).trim();
  return {
    cc,
    send: (command: 'cut' | 'restore') => link.child.stdin?.write(`${command}\n`),
    async stats() {
      link.child.stdin?.write('stats\n');
      return JSON.parse(await nextLine()) as Record<string, Record<string, number>>;
    },
  };
}

/** SHA-256 of each file, kept beside them (name and size as the key). */
async function hashes(files: FieldFile[]): Promise<Map<string, string>> {
  const cacheFile = path.join(cacheDir, 'sha256.json');
  const cache = existsSync(cacheFile) ? (JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, string>) : {};
  for (const file of files) {
    const key = `${file.name}:${file.size}`;
    if (cache[key]) continue;
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(file.path)) hash.update(chunk as Buffer);
    cache[key] = hash.digest('hex');
  }
  writeFileSync(cacheFile, JSON.stringify(cache));
  return new Map(files.map((f) => [f.name, cache[`${f.name}:${f.size}`] as string]));
}

/** Bulk TCP over the link, no cuts: what 1 and 3 connections carry (the ceiling of any upload over it). */
async function rawTcp(streams: number, seconds: number): Promise<number> {
  const sink = start(SERVER_NS, node('bench/field-raw.ts', 'sink', SERVER_IP, '9000'));
  const lines: string[] = [];
  const ready = new Promise<void>((resolve) => {
    sink.lines.on('line', (line) => {
      lines.push(line);
      if (line === 'ready') resolve();
    });
  });
  await ready;
  const sender = start(CLIENT_NS, node('bench/field-raw.ts', 'send', SERVER_IP, '9000', String(streams), String(seconds)));
  await sender.exited;
  await sleep(1000);
  sink.child.kill('SIGTERM');
  await sink.exited;
  const { bytes, seconds: took } = JSON.parse(lines.at(-1) ?? '{}') as { bytes: number; seconds: number };
  return (bytes * 8) / took;
}

interface RunResult {
  mode: string;
  seconds: number;
  payload: number;
  body: number;
  wire: number;
  patch: number;
  requests: number;
  cuts: number;
  stalls: number[];
  resentPerCut: number[];
  resentWithoutCut: number;
  failures: number;
  present: number;
  intact: number;
  expected: number;
  linkStats: Record<string, Record<string, number>>;
  loadBefore: string;
  loadAfter: string;
}

async function run(
  mode: 'tus' | 'multipart',
  files: FieldFile[],
  expected: Map<string, string>,
  link: Awaited<ReturnType<typeof setUpLink>>,
): Promise<RunResult> {
  const dataDir = path.join(cacheDir, `data-${mode}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const loadBefore = uptime();
  const server = start(SERVER_NS, node('src/main.ts'), {
    DATA_DIR: dataDir,
    PORT: String(SERVER_PORT),
    HOST: '127.0.0.1',
    DEMO_SEED: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: undefined,
    MALLOC_ARENA_MAX: '2',
  });
  await new Promise<void>((resolve, reject) => {
    server.lines.on('line', (line) => {
      if (line.startsWith('Windscope listening')) resolve();
    });
    server.exited.then((code) => reject(new Error(`the server exited with ${code}`)));
  });
  const proxy = start(SERVER_NS, node('bench/field-proxy.ts', SERVER_IP, String(PROXY_PORT), String(SERVER_PORT)));
  let totals = { wire: 0, body: 0, patch: 0, requests: 0 };
  proxy.lines.on('line', (line) => {
    totals = JSON.parse(line) as typeof totals;
  });
  const configFile = path.join(dataDir, 'client.json');
  writeFileSync(
    configFile,
    JSON.stringify({ mode, base: `http://${SERVER_IP}:${PROXY_PORT}`, email: 'superadmin@windscope.example', files }),
  );
  const client = start(CLIENT_NS, node('bench/field-client.ts', configFile));
  const cuts: number[] = [];
  const resent: { at: number; bytes: number }[] = [];
  let failures = 0;
  let seconds = 0;
  let photos: { name: string; sha256: string }[] = [];
  let uploading = false;
  client.lines.on('line', (line) => {
    const event = JSON.parse(line) as { type: string; at: number; bytes?: number; seconds?: number; photos?: typeof photos };
    if (event.type === 'ready') uploading = true;
    else if (event.type === 'resent') resent.push({ at: event.at, bytes: event.bytes ?? 0 });
    else if (event.type === 'failure') failures += 1;
    else if (event.type === 'done') {
      uploading = false;
      seconds = event.seconds ?? 0;
    } else if (event.type === 'photos') photos = event.photos ?? [];
  });
  const clientExit = client.exited;
  let finished = false;
  clientExit.then(() => {
    finished = true;
  });
  // the cuts: every 200 MB of request bodies the server has received, while files are going
  let nextCut = CUT_EVERY;
  const payload = files.reduce((n, f) => n + f.size, 0);
  let lastReport = Date.now();
  /** per cut: seconds from the link going down until the server receives bytes again */
  const stalls: number[] = [];
  let waiting: { since: number; body: number } | null = null;
  while (!finished) {
    await sleep(100);
    if (waiting && totals.body > waiting.body + 64 * 1024) {
      stalls.push((Date.now() - waiting.since) / 1000);
      waiting = null;
    }
    if (uploading && totals.body >= nextCut && nextCut < payload) {
      cuts.push(Date.now());
      link.send('cut');
      if (CUT_MODE === 'abort') {
        try {
          sh(['ip', 'netns', 'exec', CLIENT_NS, 'ss', '-K', '-t', 'dst', SERVER_IP]);
        } catch {}
      }
      console.log(`   cut ${cuts.length} at ${(totals.body / MB).toFixed(0)} MB received (${CUT_SECONDS} s)`);
      await sleep(CUT_SECONDS * 1000);
      link.send('restore');
      waiting = { since: cuts.at(-1) ?? Date.now(), body: totals.body };
      nextCut += CUT_EVERY;
    }
    if (Date.now() - lastReport > 60_000) {
      lastReport = Date.now();
      console.log(`   ... ${(totals.body / MB).toFixed(0)} of ${(payload / MB).toFixed(0)} MB received, ${uptime()}`);
    }
  }
  const code = await clientExit;
  const linkStats = await link.stats();
  proxy.child.kill('SIGTERM');
  await proxy.exited;
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
  if (code !== 0) console.log(`   the client exited with ${code}`);

  const resentPerCut = cuts.map((at, i) =>
    resent.filter((r) => r.at >= at && r.at < (cuts[i + 1] ?? Number.POSITIVE_INFINITY)).reduce((n, r) => n + r.bytes, 0),
  );
  const stored = new Map(photos.map((p) => [p.name, p.sha256]));
  return {
    mode,
    seconds,
    payload,
    body: totals.body,
    wire: totals.wire,
    patch: totals.patch,
    requests: totals.requests,
    cuts: cuts.length,
    stalls,
    resentPerCut,
    resentWithoutCut: resent.filter((r) => r.at < (cuts[0] ?? Number.POSITIVE_INFINITY)).reduce((n, r) => n + r.bytes, 0),
    failures,
    present: files.filter((f) => stored.has(f.name)).length,
    intact: files.filter((f) => stored.get(f.name) === expected.get(f.name)).length,
    expected: files.length,
    linkStats,
    loadBefore,
    loadAfter: uptime(),
  };
}

function report(r: RunResult) {
  const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
  const goodput = (r.payload * 8) / r.seconds;
  const share = (goodput / RATE_BIT) * 100;
  const max = Math.max(0, ...r.resentPerCut);
  const mean = r.resentPerCut.length ? r.resentPerCut.reduce((a, b) => a + b, 0) / r.resentPerCut.length : 0;
  const chunk = TUS_CHUNK_BYTES;
  const up = r.linkStats['client->server'] ?? {};
  console.log(`\n   ${r.mode}: ${r.loadAfter} (before: ${r.loadBefore})`);
  console.log(`   wall time               ${r.seconds.toFixed(0)} s for ${mb(r.payload)} in ${r.expected} files`);
  console.log(
    `   goodput                 ${(goodput / 1e6).toFixed(2)} Mbit/s = ${share.toFixed(1)}% of the shaped 20 Mbit/s   target >= 90%  ${share >= 90 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `   received at the server  ${mb(r.wire)} in all, ${mb(r.body)} of request bodies${r.mode === 'tus' ? ` (${mb(r.patch)} PATCH)` : ''} in ${r.requests} requests; ` +
      `${mb(r.body - r.payload)} more than the payload`,
  );
  console.log(
    `   sent again per cut      max ${mb(max)}, mean ${mb(mean)} over ${r.cuts} cuts (client side: bytes written before a failure and written again)   ` +
      `target <= one chunk (${mb(chunk)})  ${max <= chunk ? 'met' : 'MISSED'}`,
  );
  const twice = r.body - r.payload;
  console.log(
    `   received twice          ${mb(twice)} at the server (request bodies beyond the payload${r.mode === 'multipart' ? ', multipart framing included' : ''}) = ${mb(r.cuts ? twice / r.cuts : twice)} per cut on average`,
  );
  if (r.stalls.length > 0) {
    const lost = r.stalls.reduce((a, b) => a + b, 0);
    console.log(
      `   link down -> bytes again ${(lost / r.stalls.length).toFixed(1)} s mean, ${Math.max(...r.stalls).toFixed(1)} s max (${CUT_SECONDS} s of it the cut); ` +
        `${lost.toFixed(0)} s of ${r.seconds.toFixed(0)} without bytes arriving`,
    );
  }
  if (r.resentWithoutCut > 0) console.log(`   sent again before any cut ${mb(r.resentWithoutCut)}`);
  console.log(`   failed requests         ${r.failures}`);
  console.log(
    `   files                   ${r.present}/${r.expected} present, ${r.intact}/${r.expected} with the same SHA-256   ${r.intact === r.expected ? 'met' : 'MISSED'}`,
  );
  console.log(
    `   link (client->server)   ${up.packets ?? 0} packets: ${up.lost ?? 0} lost at random, ${up.overflow ?? 0} over the queue limit, ${up.cut ?? 0} in cuts`,
  );
}

console.log(`windscope bench:field, ${uptime()}`);
const reason = canRun();
if (reason) {
  console.log(
    `bench:field: the link parts (raw, tus, multipart) skipped: ${reason}. They run the server and a client in network namespaces joined by a shaped link.`,
  );
}
try {
  if (!reason && RUNS.some((r) => r !== 'memory')) {
    const link = await setUpLink();
    console.log(
      `link: user-space netem between TUN devices in ${SERVER_NS} and ${CLIENT_NS}, each direction rate ${RATE_BIT / 1e6} Mbit/s ` +
        `delay ${DELAY_MS} ms loss ${LOSS * 100}% limit ${LIMIT} packets (as \`tc qdisc add dev X root netem rate 20mbit delay 40ms loss 1%\`); ` +
        `cut ${CUT_SECONDS} s every ${CUT_EVERY / MB} MB received (${CUT_MODE === 'abort' ? "the client's TCP connections are aborted at the cut" : 'connections held'}); TCP congestion control ${link.cc}`,
    );
    console.log(`server: src/main.ts on PGlite (embedded, on disk in a fresh DATA_DIR), local folder storage`);
    console.log(
      `tus: chunk ${TUS_CHUNK_BYTES / MB} MB, ${UPLOAD_CONCURRENCY} at once; multipart: ${UPLOAD_BATCH.bladeFiles} blade photos per request, one request at a time, a failed batch sent again whole`,
    );
    const files = await fieldJpegs(path.join(cacheDir, 'jpegs'), GB_WANTED * 1024 * MB, console.log);
    const expected = await hashes(files);
    if (RUNS.includes('raw')) {
      console.log(`\nraw TCP over the link, 20 s each, no cuts (the ceiling: IP and TCP headers alone leave 95.6% of the rate for data)`);
      for (const streams of [1, UPLOAD_CONCURRENCY]) {
        const bits = await rawTcp(streams, 20);
        console.log(
          `   ${streams} connection${streams > 1 ? 's' : ' '}  ${(bits / 1e6).toFixed(2)} Mbit/s = ${((bits / RATE_BIT) * 100).toFixed(1)}% of the shaped rate   ${uptime()}`,
        );
      }
    }
    for (const mode of ['tus', 'multipart'] as const) {
      if (!RUNS.includes(mode)) continue;
      console.log(`\n${mode}: ${files.length} files`);
      report(await run(mode, files, expected, link));
    }
  }
} finally {
  teardown();
}
if (RUNS.includes('memory')) {
  // the queue's photos are the generated JPEGs (at least a few, whatever BENCH_FIELD_GB)
  await fieldJpegs(path.join(cacheDir, 'jpegs'), Math.max(0.1, GB_WANTED) * 1024 * MB, () => undefined);
  let built = true;
  try {
    execFileSync(process.execPath, ['scripts/build-web-if-stale.mjs'], { cwd: path.resolve(serverDir, '../..'), stdio: 'inherit' });
  } catch {
    built = false;
    console.log('\nbrowser tab memory: skipped, the web app did not build (above)');
  }
  const memory = !built
    ? null
    : spawn(process.execPath, ['--import', 'tsx', 'e2e/bench/field-memory.ts'], {
        cwd: path.resolve(serverDir, '../..'),
        stdio: 'inherit',
      });
  if (memory) {
    children.add(memory);
    await new Promise((resolve) => memory.once('exit', resolve));
  }
}
console.log(`\nwindscope bench:field done, ${uptime()}`);
