import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Photo, TUS_PATH } from '@windscope/contract';
import { DEMO } from '../test/harness.ts';
import { tusMetadata } from '../test/tus.ts';
import type { AppProcess } from './support/app-process.ts';
import { type HttpAnswer, http, signIn, sleep } from './support/http.ts';
import { type NginxProcess, startNginx } from './support/nginx.ts';
import { type SharedServices, startSharedServices } from './support/shared-services.ts';

/** Resumable uploads (DECISIONS §13) on two processes sharing PostgreSQL, S3 and Redis (database 6, this file's own),
 *  behind the sample deploy/nginx.conf: the pieces of one upload land on both processes, and the file arrives whole. */
let shared: SharedServices;
let a: AppProcess;
let b: AppProcess;
let nginx: NginxProcess;
let token: string;
let turbineId: number;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const year = new Date().getFullYear();
const TUS = { 'tus-resumable': '1.0.0' };
/** pieces smaller than an S3 part (5 MiB; the S3 store keeps them as `.part` until enough arrived) and larger ones */
const SMALL = 1024 * 1024 + 12_345;
const LARGE = 5 * 1024 * 1024 + 54_321;

beforeAll(async () => {
  shared = await startSharedServices('tus', 6, { TRUST_PROXY: '1' });
  a = await shared.start('a', { DEMO_SEED: 'true' });
  b = await shared.start('b', { DEMO_SEED: 'false' });
  nginx = await startNginx([a.port, b.port]);
  token = await signIn(nginx.url, DEMO.egeOperator);
  const turbines = await http(`${nginx.url}/api/turbines`, { token });
  turbineId = turbines.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  await shared?.close();
});

const diagnostics = () => `--- nginx error log ---\n${nginx.errorLog()}\n--- A ---\n${a.output()}\n--- B ---\n${b.output()}`;

/** A JPEG of several MB (noise does not compress). */
async function bigJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#456', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function create(base: string, filename: string, length: number): Promise<string> {
  const res = await http(`${base}${TUS_PATH}`, {
    method: 'POST',
    token,
    headers: {
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': tusMetadata({ filename, turbine_id: turbineId, year, blade: 'A', room: 2 }),
    },
  });
  expect(res.status, `${res.text()}\n${diagnostics()}`).toBe(201);
  return String(res.headers.location).split('/').pop() ?? '';
}

const patch = (base: string, id: string, offset: number, bytes: Buffer): Promise<HttpAnswer> =>
  http(`${base}${TUS_PATH}/${id}`, {
    method: 'PATCH',
    token,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: bytes,
  });
const head = async (base: string, id: string) => {
  const res = await http(`${base}${TUS_PATH}/${id}`, { method: 'HEAD', token, headers: TUS });
  return { status: res.status, offset: Number(res.headers['upload-offset'] ?? -1) };
};

async function storedBytes(photo: Photo): Promise<Buffer> {
  const file = await http(`${nginx.url}${photo.url}`);
  expect(file.status).toBe(200);
  return file.body;
}

describe('resumable uploads on two processes behind nginx', () => {
  test('pieces of one upload sent alternately to each process: every HEAD agrees, and the photo is the file', async () => {
    const bytes = await bigJpeg(4000, 3000);
    expect(bytes.length).toBeGreaterThan(LARGE + 3 * SMALL);
    const id = await create(a.url, 'two-processes.jpg', bytes.length);
    let offset = 0;
    let last: HttpAnswer | null = null;
    for (let i = 0; offset < bytes.length; i++) {
      const target = i % 2 === 0 ? b : a;
      const size = i % 3 === 1 ? LARGE : SMALL;
      last = await patch(target.url, id, offset, bytes.subarray(offset, offset + size));
      expect([200, 204], `${last.text()}\n${diagnostics()}`).toContain(last.status);
      offset = Number(last.headers['upload-offset']);
      if (offset < bytes.length) {
        // both processes tell the same offset: the state is shared, not in the process that took the piece
        expect(await head(a.url, id)).toEqual({ status: 200, offset });
        expect(await head(b.url, id)).toEqual({ status: 200, offset });
      }
    }
    expect(last?.status).toBe(200);
    const photo = last?.json<{ data: Photo }>().data;
    if (!photo) throw new Error('no photo');
    expect(photo.sha256).toBe(sha256(bytes));
    expect(sha256(await storedBytes(photo))).toBe(sha256(bytes));
    // the outcome is kept for either process to tell
    const outcome = await http(`${a.url}${TUS_PATH}/${id}/outcome`, { token });
    expect(outcome.json<{ data: { state: string; photo: Photo } }>().data).toMatchObject({ state: 'stored', photo: { id: photo.id } });
  });

  test('a PATCH left hanging on one process is let go when the client resumes on the other; the file arrives intact', async () => {
    const bytes = await bigJpeg(2200, 1500);
    const id = await create(nginx.url, 'hanging.jpg', bytes.length);
    const sent = 2 * 1024 * 1024;
    // on A: the whole length announced, 2 MB sent, then the link goes silent (no reset: the socket stays open)
    const hanging = httpRequest(`${a.url}${TUS_PATH}/${id}`, {
      method: 'PATCH',
      headers: {
        ...TUS,
        authorization: `Bearer ${token}`,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    hanging.on('error', () => {});
    hanging.write(bytes.subarray(0, sent));
    await new Promise((resolve) => setTimeout(resolve, 800));
    // the client comes back through B: B asks A (through the row) to let go, and tells what A received
    const started = Date.now();
    const resumed = await head(b.url, id);
    expect(resumed.status, diagnostics()).toBe(200);
    expect(resumed.offset).toBe(sent);
    expect(Date.now() - started).toBeLessThan(15_000);
    let offset = resumed.offset;
    let last: HttpAnswer | null = null;
    while (offset < bytes.length) {
      last = await patch(b.url, id, offset, bytes.subarray(offset, offset + LARGE));
      expect([200, 204], last.text()).toContain(last.status);
      offset = Number(last.headers['upload-offset']);
    }
    hanging.destroy();
    const photo = last?.json<{ data: Photo }>().data;
    if (!photo) throw new Error('no photo');
    expect(sha256(await storedBytes(photo))).toBe(sha256(bytes));
  }, 60_000);

  test('through nginx alone (round robin): consecutive pieces go to both processes', async () => {
    const bytes = await bigJpeg(2400, 1700);
    expect(bytes.length).toBeGreaterThan(2 * SMALL);
    const id = await create(nginx.url, 'round-robin.jpg', bytes.length);
    let offset = 0;
    let last: HttpAnswer | null = null;
    while (offset < bytes.length) {
      last = await patch(nginx.url, id, offset, bytes.subarray(offset, offset + SMALL));
      expect([200, 204], `${last.text()}\n${diagnostics()}`).toContain(last.status);
      offset = Number(last.headers['upload-offset']);
    }
    const photo = last?.json<{ data: Photo }>().data;
    if (!photo) throw new Error('no photo');
    expect(sha256(await storedBytes(photo))).toBe(sha256(bytes));
    // nginx spread the PATCHes over both processes, and streamed them (nothing spooled to a temporary file)
    const upstreams = nginx
      .accessLog()
      .split('\n')
      .filter((line) => line.includes(`"PATCH ${TUS_PATH}/${id}`))
      .map((line) => /upstream=(\S+)/.exec(line)?.[1]);
    expect(new Set(upstreams)).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
    expect(nginx.errorLog()).not.toMatch(/buffered to a temporary file/);
  });

  test('kill -9 while the pipeline finishes an upload: after the restart the claim runs out within its lease, and the outcome stores the photo', async () => {
    // a process of its own on a 3-second lease (UPLOAD_SLOT_LEASE_SECONDS: the slots' and the finishing claim's)
    const env = { DEMO_SEED: 'false', UPLOAD_SLOT_LEASE_SECONDS: '3' };
    let c = await shared.start('c', env);
    const sql = new pg.Client({ connectionString: shared.db.url });
    await sql.connect();
    try {
      const bytes = await bigJpeg(4000, 3000);
      const id = await create(c.url, 'killed-finishing.jpg', bytes.length);
      const last = bytes.length - 1000;
      expect((await patch(c.url, id, 0, bytes.subarray(0, last))).status).toBe(204);
      const state = async () => (await sql.query<{ state: string }>('select state from tus_uploads where id = $1', [id])).rows[0]?.state;
      // the last bytes: the pipeline runs; killed as soon as the row is claimed 'finishing'
      void patch(c.url, id, last, bytes.subarray(last)).catch(() => {});
      const deadline = Date.now() + 20_000;
      while ((await state()) !== 'finishing' && Date.now() < deadline) await sleep(5);
      await c.kill();
      expect(await state(), 'the kill came after the pipeline ended: nothing tested').toBe('finishing');
      c = await shared.start('c2', env);
      const outcome = () => http(`${c.url}${TUS_PATH}/${id}/outcome`, { token });
      // the dead process's claim holds for what is left of its lease: the client is told how long
      const waiting = (await outcome()).json<{ data: { state: string; finishing_ms?: number } }>().data;
      if (waiting.state === 'incomplete') expect(waiting.finishing_ms).toBeLessThanOrEqual(3000);
      const started = Date.now();
      let stored: Photo | null = null;
      while (!stored && Date.now() - started < 30_000) {
        const answer = (await outcome()).json<{ data: { state: string; photo?: Photo } }>().data;
        if (answer.state === 'stored') stored = answer.photo ?? null;
        else {
          expect(answer.state).toBe('incomplete');
          await sleep(500);
        }
      }
      expect(stored, diagnostics()).not.toBeNull();
      if (!stored) return;
      expect(sha256(await storedBytes(stored))).toBe(sha256(bytes));
      expect(await state()).toBe('done');
      const count = await sql.query<{ n: string }>("select count(*) as n from photos where original_name = 'killed-finishing.jpg'");
      expect(Number(count.rows[0]?.n)).toBe(1);
    } finally {
      await sql.end();
    }
  }, 120_000);
});
