/**
 * The client side of `npm run bench:field`, run in the client's network namespace. Argument: a JSON file
 * `{ mode: 'tus' | 'multipart', base, email, files: [{ name, path, size }] }`. Signs in, sends every file, then lists
 * the turbine's photos. Prints JSON lines: `ready`, `resent` (bytes the client writes again after a failure, with the
 * time), `failure` (what failed), `done` (wall time), `photos` (name and SHA-256 of each stored photo).
 *  - tus: tus-js-client with the contract's chunk size and concurrency, resuming after each failure from the server's
 *    offset (HEAD), as the web app's upload manager does.
 *  - multipart: the spec's batches (3 blade photos per request) one request at a time, a failed batch sent again whole
 *    (what the web app did before tus).
 */
import { createReadStream, readFileSync } from 'node:fs';
import http from 'node:http';
import { API_BASE, API_PATHS, TUS_CHUNK_BYTES, TUS_PATH, UPLOAD_BATCH, UPLOAD_CONCURRENCY } from '@windscope/contract';
import * as tus from 'tus-js-client';
import { multipartBody } from '../src/uploads/multipart-body.ts';

interface Config {
  mode: 'tus' | 'multipart';
  base: string;
  email: string;
  files: { name: string; path: string; size: number }[];
}
const config = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as Config;
const emit = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ ...event, at: Date.now() })}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const year = new Date().getFullYear();

async function api<T>(path: string, init: RequestInit = {}, token?: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${config.base}${API_BASE}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      return (await res.json()) as T;
    } catch (error) {
      if (attempt >= 20) throw error;
      await sleep(1000);
    }
  }
}

const { token } = await api<{ token: string }>(API_PATHS.login, {
  method: 'POST',
  body: JSON.stringify({ email: config.email, password: 'demo1234' }),
});
const turbines = await api<{ data: { id: number; rooms: number }[] }>(API_PATHS.turbines, {}, token);
const first = turbines.data[0];
if (!first) throw new Error('no turbine');
const turbine = first;
const rooms = Math.max(1, Math.min(25, turbine.rooms));
/** blade and room of the i-th file: blades A, B, C in turn, rooms 1..25 */
const placement = (i: number) => ({ blade: 'ABC'[i % 3] ?? 'A', room: (Math.floor(i / 3) % rooms) + 1 });
emit({ type: 'ready', turbineId: turbine.id });

function sendTus(file: Config['files'][number], index: number): Promise<void> {
  const { blade, room } = placement(index);
  let highWater = 0;
  return new Promise((resolve) => {
    const upload = new tus.Upload(createReadStream(file.path), {
      endpoint: `${config.base}${TUS_PATH}`,
      headers: { authorization: `Bearer ${token}` },
      chunkSize: TUS_CHUNK_BYTES,
      uploadSize: file.size,
      metadata: { filename: file.name, turbine_id: String(turbine.id), year: String(year), blade, room: String(room) },
      retryDelays: [0, 1000, 2000, 3000, ...Array.from({ length: 40 }, () => 5000)],
      storeFingerprintForResuming: false,
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        emit({ type: 'failure', file: file.name, status, message: error.message.slice(0, 200) });
        return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
      },
      onBeforeRequest: (request) => {
        if (request.getMethod() !== 'PATCH') return;
        const offset = Number(request.getHeader('Upload-Offset') ?? 0);
        if (offset < highWater) emit({ type: 'resent', file: file.name, bytes: highWater - offset });
        highWater = offset;
      },
      onProgress: (sent) => {
        highWater = Math.max(highWater, sent);
      },
      onSuccess: () => resolve(),
      onError: (error) => {
        emit({ type: 'failure', file: file.name, final: true, message: error.message.slice(0, 300) });
        resolve();
      },
    });
    upload.start();
  });
}

/** POSTs a multipart body; resolves with the status, or 0 when the connection failed; counts the bytes written. */
function postBody(body: ReturnType<typeof multipartBody>, onWritten: (bytes: number) => void): Promise<number> {
  const url = new URL(`${config.base}${API_BASE}${API_PATHS.turbinePhotos(turbine?.id ?? 0)}`);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (status: number) => {
      if (!settled) resolve(status);
      settled = true;
    };
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: url.pathname,
        headers: { 'content-type': body.contentType, 'content-length': String(body.length), authorization: `Bearer ${token}` },
      },
      (response) => {
        response.on('end', () => settle(response.statusCode ?? 0)).on('error', () => settle(0));
        response.resume();
      },
    );
    request.on('error', (error) => {
      emit({ type: 'note', message: error.message });
      settle(0);
    });
    const chunks = [...body.chunks];
    const writeNext = () => {
      for (;;) {
        const chunk = chunks.shift();
        if (!chunk) return void request.end();
        // in 1 MB slices, so the count follows what the socket takes
        for (let at = 0; at < chunk.length; at += 1 << 20) {
          const slice = chunk.subarray(at, at + (1 << 20));
          const ok = request.write(slice, (error) => {
            if (!error) onWritten(slice.length);
          });
          if (!ok && at + (1 << 20) >= chunk.length) return void request.once('drain', writeNext);
        }
      }
    };
    writeNext();
  });
}

async function sendMultipart() {
  const files = config.files;
  for (let start = 0; start < files.length; start += UPLOAD_BATCH.bladeFiles) {
    const batch = files.slice(start, start + UPLOAD_BATCH.bladeFiles);
    // the web app's blade batches share the form's placement; the bench spreads them like the tus run
    const { blade, room } = placement(start);
    const body = multipartBody(
      { room, year, blade },
      batch.map((file) => ({ field: 'photos', name: file.name, bytes: readFileSync(file.path), contentType: 'image/jpeg' })),
    );
    for (let attempt = 0; ; attempt++) {
      let written = 0;
      const status = await postBody(body, (bytes) => {
        written += bytes;
      });
      if (status === 201) break;
      // 409 after a retry: the answer to an earlier attempt was lost, the files are stored (the list check says); this
      // attempt's bytes went for nothing
      if (status === 409 && attempt > 0) {
        emit({ type: 'resent', file: batch.map((f) => f.name).join(','), bytes: written, answerLost: true });
        break;
      }
      emit({ type: 'failure', status, batch: start / UPLOAD_BATCH.bladeFiles });
      if (written > 0) emit({ type: 'resent', file: batch.map((f) => f.name).join(','), bytes: written });
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) throw new Error(`batch refused: ${status}`);
      if (attempt > 60) throw new Error('batch never went through');
      await sleep(1000);
    }
  }
}

const started = performance.now();
if (config.mode === 'tus') {
  const queue = config.files.map((file, index) => ({ file, index }));
  await Promise.all(
    Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await sendTus(next.file, next.index);
    }),
  );
} else {
  await sendMultipart();
}
emit({ type: 'done', seconds: (performance.now() - started) / 1000 });

const list = await api<{ data: { originalName: string; sha256: string }[] }>(`${API_PATHS.turbinePhotos(turbine.id)}?view=all`, {}, token);
emit({ type: 'photos', photos: list.data.map((p) => ({ name: p.originalName, sha256: p.sha256 })) });
