/**
 * npm run bench:load — a mixed workload of LOAD_VUS (100) virtual users against the real server (src/main.ts in its own
 * process) on PostgreSQL, for LOAD_SECONDS (60) after LOAD_WARMUP_SECONDS (10) of warm-up. Each virtual user signs in
 * with its own account (several roles, three companies), browses with think times between pages as the web app does:
 * turbine list, turbine page (detail, all photos, comments, the first screen of thumbnails through the listing's signed
 * URLs), panorama and category pages, the spec's room listing, writes a comment now and then, signs out after a visit
 * and signs in again. Prints count, req/s, p50, p99, max and errors per kind of request, the server's RSS (start, end,
 * peak), CPU of the server, PostgreSQL and this generator, and the load average. Figures, never pass/fail.
 *
 * Since issue 23 item 19 the mix has today's work too: a turbine's findings list, a finding's detail (its history) and
 * the findings drawn over one of its photos; status changes by the planners on a small set of shared ("hot") findings,
 * sent with the version read before the think time, so two users meet with stale versions (the 409s are expected and
 * counted apart); the bell's unread count polled by every signed-in user every NOTIFICATION_POLL_MS (30 s); the
 * campaign list and board; tus photo uploads by those who may upload, each cut once half way (the socket destroyed
 * mid-PATCH), resumed with HEAD and finished, as tus-js-client does. LOAD_UPLOAD_KB (300) sizes the uploaded JPEG.
 *
 * npm run bench:soak (or bench:load -- --soak): 10 minutes (LOAD_SECONDS), 30 s warm-up, a line per minute, and the
 * server's RSS after warm-up and at the end (target drift < 10%).
 *
 * Env: LOAD_VUS, LOAD_SECONDS, LOAD_WARMUP_SECONDS, LOAD_THINK_MS (250-1250), LOAD_PAGES_PER_VISIT (20-60),
 * LOAD_TURBINES (300), LOAD_BIG_PHOTOS (1500), LOAD_PHOTOS_PER_TURBINE (16: each other turbine gets 0..16),
 * LOAD_LOG_LEVEL (info, the server's default), BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"),
 * BENCH_PG_URL (admin URL where a scratch database may be created; default postgres://postgres@127.0.0.1:5432/test).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import pg from 'pg';
import { can, findingResource, NOTIFICATION_POLL_MS, type Role, TUS_PATH } from '@windscope/contract';
import { startAppProcess } from '../system/support/app-process.ts';
import sharp from 'sharp';
import { makeLargeJpeg, variantOf } from './bench-jpegs.ts';
import { peakRss, rssMb } from './bench-process.ts';
import { LOAD_PASSWORD, type LoadAccount, seedLoadData } from './load-seed.ts';

const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliDecompress);
const inflateAsync = promisify(inflate);
/** The body as sent, decoded as a browser does (the server answers br, gzip or deflate by Accept-Encoding). */
function decodeBody(answer: { headers: http.IncomingHttpHeaders; body: Buffer }): Promise<Buffer> | Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliAsync(answer.body);
  if (encoding === 'gzip') return gunzipAsync(answer.body);
  if (encoding === 'deflate') return inflateAsync(answer.body);
  return answer.body;
}

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number`);
  return n;
}
function envRange(name: string, fallback: [number, number]): [number, number] {
  const raw = process.env[name];
  if (!raw) return fallback;
  const [a, b] = raw.split('-').map(Number);
  const low = a ?? Number.NaN;
  const high = b ?? low;
  if (!Number.isFinite(low) || !Number.isFinite(high) || high < low) throw new Error(`${name} must look like 250-1250`);
  return [low, high];
}

const SOAK = process.argv.includes('--soak') || process.env.LOAD_SOAK === '1';
const VUS = envNumber('LOAD_VUS', 100);
const SECONDS = envNumber('LOAD_SECONDS', SOAK ? 600 : 60);
const WARMUP = envNumber('LOAD_WARMUP_SECONDS', SOAK ? 30 : 10);
const THINK_MS = envRange('LOAD_THINK_MS', [250, 1250]);
const PAGES_PER_VISIT = envRange('LOAD_PAGES_PER_VISIT', [20, 60]);
const TURBINES = envNumber('LOAD_TURBINES', 300);
const BIG_PHOTOS = envNumber('LOAD_BIG_PHOTOS', 1500);
const PHOTOS_PER_TURBINE = envNumber('LOAD_PHOTOS_PER_TURBINE', 16);
const LOG_LEVEL = process.env.LOAD_LOG_LEVEL ?? 'info';
/** thumbnails of the first screen of a gallery, fetched like a browser: six at a time per user */
const FIRST_SCREEN = 12;
const PARALLEL_IMAGES = 6;
const REQUEST_TIMEOUT_MS = 30_000;
const READ_P99_TARGET_MS = 200;
const UPLOAD_KB = envNumber('LOAD_UPLOAD_KB', 300);
/** findings per load turbine, on the large turbine, and how many of the large turbine's are the shared "hot" ones */
const FINDINGS_PER_TURBINE = 6;
const BIG_FINDINGS = 60;
const HOT_FINDINGS = 12;

const KINDS = [
  'sign-in',
  'sign-out',
  'turbine list',
  'turbine detail',
  'photo list (all)',
  'photo list (blade)',
  'photo list (category)',
  'photo list (room)',
  'comments list',
  'comment create',
  'thumbnail',
  'findings list',
  'finding detail',
  'photo overlay',
  'status change',
  'unread count',
  'campaign list',
  'campaign board',
  'tus create',
  'tus head',
  'tus patch',
] as const;
type Kind = (typeof KINDS)[number];
/** everything but the GETs: "reads" below are the GET requests */
const WRITES = new Set<Kind>(['sign-in', 'sign-out', 'comment create', 'status change', 'tus create', 'tus head', 'tus patch']);
/** answers that are the workload's expectation, not an error: a status change sent with a version another user has
 *  moved on (409 FINDING_STALE); a tus PATCH after a cut whose offset the server moved on meanwhile (409: the cut
 *  PATCH's bytes were still being taken in when HEAD answered; tus-js-client asks HEAD again and resumes, as here) */
const EXPECTED: Partial<Record<Kind, number[]>> = { 'status change': [409], 'tus patch': [409] };
const EXPECTED_WHY: Partial<Record<Kind, string>> = { 'status change': 'stale version', 'tus patch': 'offset moved on after the cut' };

// ---------------------------------------------------------------------------------------------------------------------
// figures

class Samples {
  private values = new Float64Array(4096);
  length = 0;
  push(v: number) {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = v;
  }
  sorted(): Float64Array {
    return this.values.slice(0, this.length).sort();
  }
}

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

class KindStats {
  latencies = new Samples();
  errors = 0;
  expected = 0;
  notModified = 0;
  bytes = 0;
  statuses = new Map<string, number>();
}

class Recorder {
  measuring = false;
  private windowStart = 0;
  kinds = new Map<Kind, KindStats>(KINDS.map((k) => [k, new KindStats()]));
  /** per-minute figures for the soak */
  interval = { reads: new Samples(), count: 0, errors: 0 };

  begin(now: number) {
    this.measuring = true;
    this.windowStart = now;
  }
  end() {
    this.measuring = false;
  }
  takeInterval() {
    const taken = this.interval;
    this.interval = { reads: new Samples(), count: 0, errors: 0 };
    return taken;
  }
  record(kind: Kind, startedAt: number, ms: number, status: number | string, bytes: number) {
    // only requests that began inside the window count
    if (!this.measuring || startedAt < this.windowStart) return;
    const stats = this.kinds.get(kind) as KindStats;
    const expected = typeof status === 'number' && (EXPECTED[kind]?.includes(status) ?? false);
    if (expected) stats.expected++;
    const ok = expected || (typeof status === 'number' && ((status >= 200 && status < 300) || status === 304));
    stats.latencies.push(ms);
    stats.bytes += bytes;
    this.interval.count++;
    if (!WRITES.has(kind)) this.interval.reads.push(ms);
    if (status === 304) stats.notModified++;
    if (!ok) {
      stats.errors++;
      this.interval.errors++;
      stats.statuses.set(String(status), (stats.statuses.get(String(status)) ?? 0) + 1);
    }
  }
}

const recorder = new Recorder();

// ---------------------------------------------------------------------------------------------------------------------
// HTTP, as a browser tab would: keep-alive, at most six connections per user

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let port = 0;

function send(
  agent: http.Agent,
  kind: Kind,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string | Buffer,
  keepBody = true,
): Promise<Answer | null> {
  const started = performance.now();
  return new Promise((resolve) => {
    const finish = (status: number | string, answer: Answer | null, bytes: number) => {
      recorder.record(kind, started, performance.now() - started, status, bytes);
      resolve(answer);
    };
    const payload = body === undefined ? undefined : Buffer.from(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: payload ? { 'content-type': 'application/json', ...headers, 'content-length': String(payload.length) } : headers,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          if (keepBody) chunks.push(chunk);
          bytes += chunk.length;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          finish(
            status,
            { status, headers: response.headers, body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks) },
            bytes,
          );
        });
        response.on('error', (error) => finish(`network: ${(error as NodeJS.ErrnoException).code ?? error.message}`, null, bytes));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => finish(`network: ${(error as NodeJS.ErrnoException).code ?? error.message}`, null, 0));
    request.end(payload);
  });
}

/** Thumbnail URLs of a photo listing, decoded once per ETag (every user gets the same bytes for the same version). */
const listingThumbnails = new Map<string, Promise<string[]>>();

async function thumbnailsOf(answer: Answer): Promise<string[]> {
  const decode = async () => {
    const raw = await decodeBody(answer);
    const parsed = JSON.parse(raw.toString('utf8')) as { data: { urls: { thumbnail: string } }[] };
    return parsed.data.map((p) => p.urls.thumbnail);
  };
  const etag = answer.headers.etag;
  if (!etag) return decode();
  let known = listingThumbnails.get(etag);
  if (!known) {
    known = decode();
    listingThumbnails.set(etag, known);
  }
  return known;
}

// ---------------------------------------------------------------------------------------------------------------------
// virtual users

interface TurbineRef {
  id: number;
  rooms: number;
}

const random = Math.random;
const between = ([a, b]: [number, number]) => a + Math.floor(random() * (b - a + 1));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let running = true;
let bigTurbineId = 0;
/** the large turbine's first findings: every planner who may see them changes their status now and then */
let hotFindings: number[] = [];
let uploadJpeg: Buffer = Buffer.alloc(0);
const uploadCounts = { started: 0, cut: 0, stored: 0, failed: 0 };
const isMeasuring = () => recorder.measuring;

class VirtualUser {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: PARALLEL_IMAGES });
  token = '';
  userId = 0;
  companyId = 0;
  turbines: TurbineRef[] = [];
  /** the browser's HTTP cache: ETags of listings seen, thumbnails already loaded (cleared with each new visit) */
  listings = new Map<string, { etag: string; thumbnails: string[] }>();
  images = new Set<string>();

  constructor(
    readonly n: number,
    readonly account: LoadAccount,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate, br',
      'x-language': 'tr',
      'user-agent': `windscope-load/1 (vu ${this.n})`,
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...extra,
    };
  }

  /** The answer's JSON, gunzipped when the server compressed it (as a browser does). */
  private async json<T>(answer: Answer | null): Promise<T | null> {
    if (!answer || answer.status < 200 || answer.status >= 300) return null;
    const raw = await decodeBody(answer);
    return JSON.parse(raw.toString('utf8')) as T;
  }

  async signIn(): Promise<boolean> {
    this.token = '';
    const answer = await send(
      this.agent,
      'sign-in',
      'POST',
      `/api/auth/login?_t=${Date.now()}`,
      this.headers(),
      JSON.stringify({ email: this.account.email, password: LOAD_PASSWORD }),
    );
    const body = await this.json<{ token: string; user: { id: number; company_id: number } }>(answer);
    if (!body) return false;
    this.token = body.token;
    this.userId = body.user.id;
    this.companyId = body.user.company_id;
    this.listings.clear();
    this.images.clear();
    return true;
  }

  async signOut() {
    await send(this.agent, 'sign-out', 'POST', `/api/auth/logout?_t=${Date.now()}`, this.headers());
    this.token = '';
  }

  async dashboard() {
    const body = await this.json<{ data: TurbineRef[] }>(await send(this.agent, 'turbine list', 'GET', '/api/turbines', this.headers()));
    if (body) this.turbines = body.data.map((t) => ({ id: t.id, rooms: t.rooms }));
  }

  private async chooseTurbine(): Promise<TurbineRef | null> {
    if (this.turbines.length === 0) await this.dashboard();
    // the large turbine is a popular one: a fifth of the visits of those who may see it
    const big = this.turbines.find((t) => t.id === bigTurbineId);
    if (big && random() < 0.2) return big;
    return this.turbines[Math.floor(random() * this.turbines.length)] ?? null;
  }

  /** GET photos with If-None-Match when this browser has the listing already; the thumbnails' URLs either way. */
  private async photoList(kind: Kind, turbineId: number, query: string, conditional = true): Promise<string[]> {
    const url = `/api/turbines/${turbineId}/photos?${query}`;
    const cached = conditional ? this.listings.get(url) : undefined;
    const answer = await send(this.agent, kind, 'GET', url, this.headers(cached ? { 'if-none-match': cached.etag } : {}));
    if (!answer) return [];
    if (answer.status === 304 && cached) return cached.thumbnails;
    if (answer.status !== 200) return [];
    const thumbnails = await thumbnailsOf(answer);
    const etag = answer.headers.etag;
    if (conditional && etag) this.listings.set(url, { etag, thumbnails });
    return thumbnails;
  }

  /** The images a gallery shows first, six at a time, the ones already in the browser's cache skipped. */
  private async loadImages(urls: string[], count: number) {
    const queue = urls.filter((u) => !this.images.has(u)).slice(0, count);
    const worker = async () => {
      for (let url = queue.shift(); url !== undefined && running; url = queue.shift()) {
        const headers = {
          accept: 'image/avif,image/webp,image/*,*/*;q=0.8',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': `windscope-load/1 (vu ${this.n})`,
        };
        const answer = await send(this.agent, 'thumbnail', 'GET', url, headers, undefined, false);
        if (answer?.status === 200) this.images.add(url);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_IMAGES }, worker));
  }

  private detail(id: number) {
    return send(this.agent, 'turbine detail', 'GET', `/api/turbines/${id}`, this.headers());
  }
  private comments(id: number) {
    return send(this.agent, 'comments list', 'GET', `/api/turbines/${id}/comments`, this.headers());
  }

  private mayComment(): boolean {
    return can({ id: this.userId, role: this.account.role as Role, companyId: this.companyId }, 'comment.create');
  }

  async turbinePage() {
    const turbine = await this.chooseTurbine();
    if (!turbine) return;
    const [, thumbnails] = await Promise.all([
      this.detail(turbine.id),
      this.photoList('photo list (all)', turbine.id, 'view=all'),
      this.comments(turbine.id),
    ]);
    await this.loadImages(thumbnails, FIRST_SCREEN);
    if (this.mayComment() && random() < 0.15) {
      const text = `Yük testi notu ${this.n}-${Date.now()}: kanat ${'ABC'[Math.floor(random() * 3)]} kontrol edildi.`;
      const made = await send(
        this.agent,
        'comment create',
        'POST',
        `/api/turbines/${turbine.id}/comments?_t=${Date.now()}`,
        this.headers(),
        JSON.stringify({ comment: text }),
      );
      // the panel refetches its list after a change
      if (made?.status === 201) await this.comments(turbine.id);
    }
  }

  async panoramaPage() {
    const turbine = await this.chooseTurbine();
    if (!turbine) return;
    const [, thumbnails] = await Promise.all([
      this.detail(turbine.id),
      this.photoList('photo list (blade)', turbine.id, 'view=all&category=blade'),
      this.comments(turbine.id),
    ]);
    await this.loadImages(thumbnails, PARALLEL_IMAGES);
  }

  async categoryPage() {
    const turbine = await this.chooseTurbine();
    if (!turbine) return;
    const category = (['drone', 'operator', 'robot'] as const)[Math.floor(random() * 3)];
    const [, thumbnails] = await Promise.all([
      this.detail(turbine.id),
      this.photoList('photo list (category)', turbine.id, `view=all&category=${category}`),
    ]);
    await this.loadImages(thumbnails, FIRST_SCREEN);
  }

  /** The spec's room shape (`room` + `noCache`), as its other clients call it: a fresh URL each time, no ETag. */
  async roomListing() {
    const turbine = await this.chooseTurbine();
    if (!turbine) return;
    const room = 1 + Math.floor(random() * turbine.rooms);
    const blade = 'ABC'[Math.floor(random() * 3)];
    const thumbnails = await this.photoList('photo list (room)', turbine.id, `room=${room}&blade=${blade}&noCache=${Date.now()}`, false);
    await this.loadImages(thumbnails, PARALLEL_IMAGES);
  }

  private actor() {
    return { id: this.userId, role: this.account.role as Role, companyId: this.companyId };
  }

  /** The bell: the unread count at sign-in and every NOTIFICATION_POLL_MS while signed in (as the web app polls). */
  private async pollBell(visit: { open: boolean }) {
    // the web app shows the bell (and polls) for those who receive notifications: managers and superadmins
    if (!can(this.actor(), 'notification.read', { companyId: this.companyId })) return;
    while (running && visit.open) {
      await send(this.agent, 'unread count', 'GET', '/api/notifications/unread-count', this.headers());
      const until = performance.now() + NOTIFICATION_POLL_MS;
      while (running && visit.open && performance.now() < until) await sleep(Math.min(1000, until - performance.now()));
    }
  }

  /** A turbine's findings, one finding's detail (its sightings and history) and the findings drawn on one of its photos. */
  async findingsPage() {
    const turbine = await this.chooseTurbine();
    if (!turbine) return;
    const list = await this.json<{ data: { id: number }[] }>(
      await send(this.agent, 'findings list', 'GET', `/api/turbines/${turbine.id}/findings`, this.headers()),
    );
    const picked = list?.data[Math.floor(random() * list.data.length)];
    if (!picked) return;
    await sleep(between(THINK_MS));
    const detail = await this.json<{ data: { observations: { photo_id: number }[] } }>(
      await send(this.agent, 'finding detail', 'GET', `/api/turbines/${turbine.id}/findings/${picked.id}`, this.headers()),
    );
    const photoId = detail?.data.observations[0]?.photo_id;
    if (photoId) await send(this.agent, 'photo overlay', 'GET', `/api/turbines/${turbine.id}/photos/${photoId}/findings`, this.headers());
  }

  /** A planner moves one of the shared findings between monitoring and repair planned, with the version read before the
   *  think time: another planner may have moved it meanwhile (409, expected). */
  async statusChange() {
    const id = hotFindings[Math.floor(random() * hotFindings.length)];
    if (!id) return;
    // the shared findings are on the large turbine, which Marmara's planners do not see
    if (this.turbines.length === 0) await this.dashboard();
    if (!this.turbines.some((t) => t.id === bigTurbineId)) return this.findingsPage();
    const url = `/api/turbines/${bigTurbineId}/findings/${id}`;
    const detail = await this.json<{ data: { version: number; status: string; transitions: string[] } }>(
      await send(this.agent, 'finding detail', 'GET', url, this.headers()),
    );
    if (!detail) return;
    const to = detail.data.transitions.find((s) => s === 'monitoring' || s === 'repair_planned');
    if (!to) return;
    await sleep(between(THINK_MS));
    const changed = await send(
      this.agent,
      'status change',
      'POST',
      `${url}/status?_t=${Date.now()}`,
      this.headers(),
      JSON.stringify({ to, version: detail.data.version }),
    );
    // the detail is read again after a change, or after the conflict to show the newer version
    if (changed) await send(this.agent, 'finding detail', 'GET', url, this.headers());
  }

  mayPlan(): boolean {
    return can(
      this.actor(),
      'finding.plan',
      findingResource(this.companyId, { created_by: null, repaired_by: null, status: 'monitoring' }),
    );
  }
  mayUpload(): boolean {
    return can(this.actor(), 'photo.upload', { companyId: this.companyId });
  }

  async campaignBoard() {
    const list = await this.json<{ data: { id: number }[] }>(
      await send(this.agent, 'campaign list', 'GET', '/api/campaigns', this.headers()),
    );
    const campaign = list?.data[Math.floor(random() * list.data.length)];
    if (campaign) await send(this.agent, 'campaign board', 'GET', `/api/campaigns/${campaign.id}`, this.headers());
  }

  /** A photo by tus, as tus-js-client sends it from the field: created, the first PATCH cut half way (the socket
   *  destroyed), HEAD for the offset the server kept, the rest from there. */
  async upload() {
    const turbine = (await this.chooseTurbine()) ?? null;
    if (!turbine) return;
    const bytes = variantOf(uploadJpeg, `vu ${this.n} ${Date.now()} ${random()}`);
    const meta = {
      filename: `load-${this.n}-${Date.now()}.jpg`,
      turbine_id: turbine.id,
      year: 2026,
      blade: 'ABC'[Math.floor(random() * 3)] as string,
      category: 'drone',
    };
    const tus = { 'tus-resumable': '1.0.0' };
    const metadata = Object.entries(meta)
      .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
      .join(',');
    const created = await send(
      this.agent,
      'tus create',
      'POST',
      TUS_PATH,
      this.headers({ ...tus, 'upload-length': String(bytes.length), 'upload-metadata': metadata }),
    );
    const location = String(created?.headers.location ?? '');
    const uploadId = location.split('/').pop();
    if (created?.status !== 201 || !uploadId) return;
    if (isMeasuring()) uploadCounts.started++;
    const url = `${TUS_PATH}/${uploadId}`;
    // the cut: half the body sent, then the connection is gone (not recorded as a request: the client broke it)
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: url,
        agent: false,
        headers: {
          ...this.headers(tus),
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.on('response', (r) => r.resume());
      request.write(bytes.subarray(0, bytes.length >> 1), () => setTimeout(() => request.destroy(), 50));
    });
    if (isMeasuring()) uploadCounts.cut++;
    // tus-js-client waits before it resumes (retryDelays 0, 1000, 3000, ...): the server notices the cut meanwhile
    for (let attempt = 0; attempt < 4 && running; attempt++) {
      await sleep(attempt === 0 ? 1000 : 3000);
      const head = await send(this.agent, 'tus head', 'HEAD', url, this.headers(tus), undefined, false);
      const offset = Number(head?.headers['upload-offset']);
      if (head?.status !== 200 || !Number.isFinite(offset)) continue;
      const rest = await send(
        this.agent,
        'tus patch',
        'PATCH',
        url,
        this.headers({ ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
        bytes.subarray(offset),
      );
      if (rest && rest.status >= 200 && rest.status < 300) {
        if (isMeasuring()) uploadCounts.stored++;
        return;
      }
    }
    if (isMeasuring()) uploadCounts.failed++;
  }

  async page() {
    const r = random();
    if (r < 0.15) await this.dashboard();
    else if (r < 0.4) await this.turbinePage();
    else if (r < 0.52) await this.panoramaPage();
    else if (r < 0.6) await this.categoryPage();
    else if (r < 0.65) await this.roomListing();
    else if (r < 0.83) await this.findingsPage();
    else if (r < 0.9) await this.campaignBoard();
    else if (r < 0.97) {
      if (this.mayPlan()) await this.statusChange();
      else await this.findingsPage();
    } else if (this.mayUpload()) await this.upload();
    else await this.dashboard();
  }

  async run() {
    while (running) {
      if (!(await this.signIn())) {
        await sleep(1000);
        continue;
      }
      const visit = { open: true };
      const bell = this.pollBell(visit);
      const pages = between(PAGES_PER_VISIT);
      for (let p = 0; p < pages && running; p++) {
        await this.page();
        if (running) await sleep(between(THINK_MS));
      }
      visit.open = false;
      await bell;
      if (running) await this.signOut();
    }
    this.agent.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// the machine

/** Busy and total jiffies of the whole machine (/proc/stat). */
function machineCpu() {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** CPU seconds a process has used (/proc/{pid}/stat utime + stime, at 100 ticks per second). */
function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function backendPids(admin: pg.Client, database: string): Promise<number[]> {
  const result = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
  return result.rows.map((r) => r.pid);
}

// ---------------------------------------------------------------------------------------------------------------------

const ms = (v: number) => (Number.isNaN(v) ? '-' : v >= 100 ? v.toFixed(0) : v.toFixed(1));

function printTable(seconds: number) {
  const header = `${'request'.padEnd(22)} ${'count'.padStart(7)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'errors'.padStart(6)}  notes`;
  console.log(header);
  console.log('-'.repeat(header.length + 10));
  const all = new Samples();
  const reads = new Samples();
  let allErrors = 0;
  let readErrors = 0;
  let worstRead: { kind: Kind; p99: number } | null = null;
  const line = (label: string, sorted: Float64Array, errors: number, notes = '') =>
    console.log(
      `${label.padEnd(22)} ${String(sorted.length).padStart(7)} ${(sorted.length / seconds).toFixed(1).padStart(7)} ${ms(percentile(sorted, 0.5)).padStart(7)} ${ms(percentile(sorted, 0.99)).padStart(7)} ${ms(sorted[sorted.length - 1] ?? Number.NaN).padStart(7)} ${String(errors).padStart(6)}  ${notes}`,
    );
  for (const kind of KINDS) {
    const stats = recorder.kinds.get(kind) as KindStats;
    const sorted = stats.latencies.sorted();
    for (const v of sorted) {
      all.push(v);
      if (!WRITES.has(kind)) reads.push(v);
    }
    allErrors += stats.errors;
    if (!WRITES.has(kind)) {
      readErrors += stats.errors;
      const p99 = percentile(sorted, 0.99);
      if (sorted.length && (!worstRead || p99 > worstRead.p99)) worstRead = { kind, p99 };
    }
    const notes = [
      stats.notModified ? `${((stats.notModified / Math.max(1, sorted.length)) * 100).toFixed(0)}% 304` : '',
      stats.expected ? `${stats.expected} expected (${EXPECTED[kind]?.join('/')}, ${EXPECTED_WHY[kind]})` : '',
      sorted.length ? `${(stats.bytes / sorted.length / 1024).toFixed(1)} KB avg` : '',
      stats.statuses.size ? `errors: ${[...stats.statuses].map(([s, n]) => `${s} x${n}`).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    line(kind, sorted, stats.errors, notes);
  }
  console.log('-'.repeat(header.length + 10));
  const readsSorted = reads.sorted();
  line('all reads (GET)', readsSorted, readErrors);
  line('all requests', all.sorted(), allErrors);
  return { readsP99: percentile(readsSorted, 0.99), worstRead, errors: allErrors };
}

/** Today's work on top of the spec's data: findings with a sighting on one of their turbine's photos (FINDINGS_PER_TURBINE
 *  on each load turbine, BIG_FINDINGS on the large one; confirmed, monitoring or repair planned), and a campaign of 40
 *  turbines per company. Returns the large turbine's first HOT_FINDINGS findings. */
async function seedWork(databaseUrl: string, bigId: number): Promise<{ findings: number; observations: number; hot: number[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const author = (await client.query<{ id: number }>("select id from users where role = 'superadmin' order by id limit 1")).rows[0]?.id;
    const findings = await client.query<{ id: number; turbine_id: number }>(
      `insert into findings (turbine_id, blade, surface, type, severity, status, created_by, first_seen_year, last_seen_year,
         distance_from_root_m)
       select t.id, (array['A','B','C'])[1 + i % 3], (array['LE','TE','PS','SS'])[1 + i % 4],
         (array['erosion','crack','lightning','delamination','coating_loss'])[1 + i % 5], 1 + (i * 7 + t.id) % 5,
         (array['confirmed','monitoring','repair_planned'])[1 + i % 3], $1, 2026, 2026, 2 + (i * 3.7)::numeric % 60
       from turbines t, generate_series(0, $3::int - 1) as i
       where (t.code like '%-LD-%' or t.id = $2)
         and i < case when t.id = $2 then $3::int else $4::int end
       order by t.id, i
       returning id, turbine_id`,
      [author, bigId, BIG_FINDINGS, FINDINGS_PER_TURBINE],
    );
    const observations = await client.query(
      `insert into finding_observations (finding_id, turbine_id, photo_id, geometry, severity, year, created_by)
       select f.id, f.turbine_id, p.id, '{"space":"flat","shape":"rectangle","points":[[0.2,0.2],[0.45,0.5]]}'::jsonb, f.severity, 2026, $1
       from findings f
       join lateral (select id from photos where turbine_id = f.turbine_id order by id offset (f.id % 5) limit 1) p on true
       where f.turbine_id in (select id from turbines where code like '%-LD-%' or id = $2) and f.created_by = $1`,
      [author, bigId],
    );
    await client.query(`update findings f set observation_count = (select count(*) from finding_observations o where o.finding_id = f.id)`);
    for (const prefix of ['EGE', 'MRM']) {
      const campaign = await client.query<{ id: number }>(
        `insert into campaigns (company_id, name, year, methods, planned_start, planned_end, created_by)
         select company_id, 'Yük kampanyası ' || $1, 2026, array['drone','operator','robot','interior'], '2026-04-01', '2026-10-31', $2
         from turbines where code like $1 || '-LD-%' limit 1 returning id`,
        [prefix, author],
      );
      const id = campaign.rows[0]?.id;
      if (id)
        await client.query(
          `insert into campaign_turbines (campaign_id, turbine_id)
           select $1, id from turbines where code like $2 || '-LD-%' order by id limit 40`,
          [id, prefix],
        );
    }
    await client.query('analyze');
    const hot = findings.rows
      .filter((f) => f.turbine_id === bigId)
      .slice(0, HOT_FINDINGS)
      .map((f) => f.id);
    return { findings: findings.rowCount ?? 0, observations: observations.rowCount ?? 0, hot };
  } finally {
    await client.end();
  }
}

async function main() {
  const adminUrl = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database = `ws_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${database}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-load-'));
  const logFile = path.join(dataDir, 'server.log');
  console.log(
    `windscope bench:load${SOAK ? ' (soak)' : ''}: node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), ` +
      `${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, load average ${loadAverage()}`,
  );
  let server: Awaited<ReturnType<typeof startAppProcess>> | null = null;
  try {
    const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const starting = performance.now();
    server = await startAppProcess(
      // as `npm start` and the README's service run it: glibc's malloc with two arenas (MALLOC_ARENA_MAX overrides)
      {
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl.toString(),
        DEMO_SEED: 'true',
        LOG_LEVEL: LOG_LEVEL,
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      },
      { nodeArgs, logFile, timeoutMs: 180_000 },
    );
    port = server.port;
    console.log(
      `server pid ${server.pid} (src/main.ts, NODE_ENV=production, LOG_LEVEL=${LOG_LEVEL}, ` +
        `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '2'}, log in ${logFile}) on ${database}, ` +
        `started with the demo data in ${((performance.now() - starting) / 1000).toFixed(1)} s`,
    );
    const seeding = performance.now();
    const seeded = await seedLoadData({
      databaseUrl: dbUrl.toString(),
      storageRoot: path.join(dataDir, 'files'),
      accounts: VUS,
      turbines: TURBINES,
      bigTurbinePhotos: BIG_PHOTOS,
      maxPhotosPerTurbine: PHOTOS_PER_TURBINE,
      maxCommentsPerTurbine: 8,
    });
    bigTurbineId = seeded.bigTurbineId;
    const work = await seedWork(dbUrl.toString(), bigTurbineId);
    hotFindings = work.hot;
    uploadJpeg = await makeLargeJpeg(7, 1600, 1200);
    // about LOAD_UPLOAD_KB: the camera-like picture at the quality that gives that size
    for (const quality of [92, 85, 75, 60]) {
      const sized = await sharp(uploadJpeg).jpeg({ quality }).toBuffer();
      if (sized.length <= UPLOAD_KB * 1024 || quality === 60) {
        uploadJpeg = sized;
        break;
      }
    }
    console.log(
      `work seeded: ${work.findings} findings (${work.hot.length} shared by the planners), ${work.observations} sightings, ` +
        `2 campaigns of 40 turbines; uploads of ${(uploadJpeg.length / 1024).toFixed(0)} KB`,
    );
    const roles = new Map<string, number>();
    for (const a of seeded.accounts) roles.set(`${a.role}@${a.company}`, (roles.get(`${a.role}@${a.company}`) ?? 0) + 1);
    console.log(
      `seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s: ${seeded.turbines} turbines, ${seeded.photos} photo rows added to the demo's ` +
        `(${BIG_PHOTOS} on ${seeded.bigTurbineCode}) with ${seeded.thumbnails} thumbnail files, ${seeded.comments} comments, ` +
        `${seeded.accounts.length} accounts (${[...roles].map(([r, n]) => `${n} ${r}`).join(', ')})`,
    );
    console.log(
      `${VUS} virtual users, think ${THINK_MS.join('-')} ms, ${PAGES_PER_VISIT.join('-')} pages per visit, ` +
        `warm-up ${WARMUP} s, measured ${SECONDS} s\n`,
    );

    // warm-up: users start spread over the first seconds, so their first sign-ins do not all land at once
    const users = seeded.accounts.map((account, i) => new VirtualUser(i + 1, account));
    const ramp = Math.min(5, Math.max(1, WARMUP)) * 1000;
    const runs = users.map(async (user, i) => {
      await sleep((ramp * i) / users.length);
      await user.run();
    });
    await sleep(WARMUP * 1000);

    // the measured window
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const pids = await backendPids(admin, database);
    const pgCpu0 = new Map(pids.map((pid) => [pid, processCpuSeconds(pid)]));
    const rss = peakRss(server.pid, 1000);
    const cpu0 = { machine: machineCpu(), server: processCpuSeconds(server.pid), self: process.cpuUsage() };
    const load0 = loadAverage();
    const started = performance.now();
    recorder.begin(started);
    if (SOAK) console.log(`server RSS after warm-up: ${rssMb(server.pid).toFixed(0)} MB`);
    for (let minute = 1; SOAK && minute * 60 <= SECONDS; minute++) {
      await sleep(started + minute * 60_000 - performance.now());
      const i = recorder.takeInterval();
      const sorted = i.reads.sorted();
      console.log(
        `  minute ${String(minute).padStart(2)}: ${(i.count / 60).toFixed(0)} req/s, reads p50 ${ms(percentile(sorted, 0.5))} ms, ` +
          `p99 ${ms(percentile(sorted, 0.99))} ms, ${i.errors} errors, server RSS ${rssMb(server.pid).toFixed(0)} MB, load average ${loadAverage()}`,
      );
    }
    await sleep(started + SECONDS * 1000 - performance.now());
    recorder.end();
    const seconds = (performance.now() - started) / 1000;
    const memory = rss.stop();
    const cpu1 = { machine: machineCpu(), server: processCpuSeconds(server.pid), self: process.cpuUsage(cpu0.self) };
    const pgSeconds = pids.reduce((sum, pid) => sum + Math.max(0, processCpuSeconds(pid) - (pgCpu0.get(pid) ?? 0)), 0);
    loop.disable();
    const load1 = loadAverage();
    running = false;
    await Promise.race([Promise.all(runs), sleep(15_000)]);

    const outcome = printTable(seconds);
    const machineBusy = (cpu1.machine.busy - cpu0.machine.busy) / Math.max(1, cpu1.machine.total - cpu0.machine.total);
    const cores = availableParallelism();
    console.log(
      `\nserver RSS: start ${memory.before.toFixed(0)} MB, end ${memory.end.toFixed(0)} MB, peak ${memory.peak.toFixed(0)} MB` +
        (SOAK ? `; drift ${(((memory.end - memory.before) / memory.before) * 100).toFixed(1)}% (target < 10%)` : ''),
    );
    console.log(
      `CPU over the window (cores of ${cores}): server ${((cpu1.server - cpu0.server) / seconds).toFixed(2)}, ` +
        `PostgreSQL backends of this database ${(pgSeconds / seconds).toFixed(2)}, ` +
        `this generator ${((cpu1.self.user + cpu1.self.system) / 1e6 / seconds).toFixed(2)}, ` +
        `whole machine ${(machineBusy * cores).toFixed(2)} (${(machineBusy * 100).toFixed(0)}% busy)`,
    );
    console.log(
      `generator event-loop delay: p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms ` +
        `(added to the latencies above when large)`,
    );
    console.log(
      `tus uploads begun in the window: ${uploadCounts.started}, cut half way ${uploadCounts.cut}, resumed and stored ` +
        `${uploadCounts.stored}, not finished ${uploadCounts.failed}`,
    );
    console.log(`load average: ${load0} at the start, ${load1} at the end (1, 5, 15 min)`);
    const readsOk = outcome.readsP99 < READ_P99_TARGET_MS && (outcome.worstRead?.p99 ?? 0) < READ_P99_TARGET_MS;
    console.log(
      `targets: 0 errors ${outcome.errors === 0 ? 'met' : `missed (${outcome.errors})`}; reads p99 < ${READ_P99_TARGET_MS} ms ` +
        `${readsOk ? 'met' : 'missed'} (all reads ${ms(outcome.readsP99)} ms; slowest kind ${outcome.worstRead?.kind ?? '-'} ` +
        `${ms(outcome.worstRead?.p99 ?? Number.NaN)} ms)`,
    );
  } finally {
    running = false;
    if (server) await server.stop();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    if (!process.env.LOAD_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    else console.log(`data kept in ${dataDir}`);
  }
}

await main();
