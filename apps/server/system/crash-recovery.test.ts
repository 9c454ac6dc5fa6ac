import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLargeJpeg, variantOf } from '../bench/bench-jpegs.ts';
import { formBody } from '../test/uploads.ts';
import { type AppProcess, startAppProcess } from './support/app-process.ts';
import { signIn, waitFor } from './support/http.ts';
import { runIntegrity } from './support/integrity-process.ts';
import { createPostgresDatabase } from './support/services.ts';

const year = new Date().getFullYear();

/** `kill -9` of the server in the middle of an upload and in the middle of making thumbnails: after a restart nothing
 *  half-written is registered, the queue finishes what was cut off, and the integrity command ends with nothing
 *  unrepaired. Local folder storage on PostgreSQL. */
describe('crash recovery (kill -9)', () => {
  let db: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let sql: pg.Client;
  let dataDir: string;
  let env: Record<string, string>;
  let server: AppProcess | null = null;
  let token: string;
  let turbineId: number;
  let jpeg: Buffer;

  const start = async () => {
    server = await startAppProcess(env);
    return server;
  };
  const call = async (url: string, init: RequestInit = {}) =>
    fetch(`${server?.url}${url}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  const files = () => {
    const out: string[] = [];
    const walk = (dir: string) => {
      if (!existsSync(dir)) return;
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else out.push(path.relative(path.join(dataDir, 'files'), path.join(dir, e.name)));
      }
    };
    walk(path.join(dataDir, 'files'));
    return out;
  };
  const states = async () =>
    Object.fromEntries(
      (await sql.query<{ derivatives: string; n: string }>('select derivatives, count(*) as n from photos group by derivatives')).rows.map(
        (r) => [r.derivatives, Number(r.n)],
      ),
    ) as Record<string, number>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-crash-'));
    db = await createPostgresDatabase();
    // a short claim lease, so the restarted process takes back the crashed one's claims within seconds
    // one upload at a time, on a 3-second slot lease: the killed process's upload must not hold the user's one slot
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      DEMO_SEED: 'true',
      DERIVATIVE_LEASE_SECONDS: '3',
      DERIVATIVE_WORKERS: '1',
      UPLOADS_AT_ONCE_PER_USER: '1',
      UPLOAD_SLOT_LEASE_SECONDS: '3',
    };
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    token = await signIn((await start()).url, 'admin@ege.example');
    const turbines = (await (await call('/api/turbines')).json()) as { data: { id: number }[] };
    turbineId = turbines.data[0]?.id ?? 0;
    jpeg = await makeLargeJpeg(1, 4000, 3000);
    await waitFor('the demo photos to be ready', async () => !(await states()).pending && !(await states()).working, 60_000);
  });

  afterAll(async () => {
    await server?.stop();
    await sql?.end();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('registers nothing of a batch cut off by kill -9, and the integrity command clears what it left', async () => {
    const photosBefore = Number((await sql.query('select count(*) as n from photos')).rows[0].n);
    const filesBefore = files().length;
    const names = Array.from({ length: 5 }, (_, i) => `crash-batch-${i}.jpg`);
    const body = await formBody(
      { room: 2, year, blade: 'A' },
      names.map((name, i) => ({ name, bytes: variantOf(jpeg, name + i) })),
    );
    // send all but the last megabytes, then kill the server once at least one original is stored
    const request = http.request({
      host: '127.0.0.1',
      port: server?.port,
      method: 'POST',
      path: `/api/turbines/${turbineId}/photos`,
      headers: { ...body.headers, 'content-length': String(body.payload.length), authorization: `Bearer ${token}` },
    });
    request.on('error', () => {});
    request.write(body.payload.subarray(0, body.payload.length - 1_500_000));
    await waitFor('an original of the batch to be stored', () => files().some((f) => f.includes('crash-batch-')), 30_000);
    await server?.kill();
    request.destroy();

    expect(files().length).toBeGreaterThan(filesBefore);
    await start();
    const restartedAt = Date.now();
    expect(Number((await sql.query('select count(*) as n from photos')).rows[0].n)).toBe(photosBefore);

    // the cut-off upload's slot (the user's only one) is free within its lease, not held for hours (issue 23, item 8)
    const single = await formBody({ room: 3, year, blade: 'A' }, [{ name: 'after-crash.jpg', bytes: variantOf(jpeg, 'after-crash') }]);
    let answer: Response | null = null;
    await waitFor(
      'an upload by the same user to be accepted',
      async () => {
        answer = await call(`/api/turbines/${turbineId}/photos`, {
          method: 'POST',
          headers: single.headers,
          body: new Uint8Array(single.payload),
        });
        return answer.status !== 429;
      },
      15_000,
    );
    const accepted = answer as unknown as Response;
    expect(accepted.status).toBe(201);
    expect(Date.now() - restartedAt).toBeLessThan(10_000);
    const stored = ((await accepted.json()) as { data: { key: string }[] }).data[0]?.key ?? '';
    expect((await call(`/api/turbines/${turbineId}/photos?key=${encodeURIComponent(stored)}`, { method: 'DELETE' })).status).toBe(200);

    // left behind: committed originals without rows and temporaries, young, so noted and kept by a plain check
    const check = await runIntegrity(env);
    expect(check.report.unrepaired, JSON.stringify(check.report.problems)).toBe(0);
    const leftovers = check.report.problems.filter((p) => p.kind === 'file_without_row' || p.kind === 'staging_leftover');
    expect(leftovers.length).toBeGreaterThan(0);
    expect(leftovers.every((p) => p.benign && !p.repaired)).toBe(true);
    expect(check.code).toBe(0);

    // with the orphan age at zero (what an hour later does), the repair removes them
    await server?.stop();
    server = null;
    const repair = await runIntegrity(env, ['--repair', '--orphan-age=0']);
    expect(repair.report.unrepaired).toBe(0);
    expect(repair.report.problems.filter((p) => !p.repaired)).toEqual([]);
    expect(files().some((f) => f.includes('crash-batch-') || f.startsWith('.staging'))).toBe(false);
    const clean = await runIntegrity(env);
    expect(clean.report.problems).toEqual([]);
    await start();

    // and the same batch uploads in full afterwards
    const retry = await call(`/api/turbines/${turbineId}/photos`, {
      method: 'POST',
      body: new Uint8Array(body.payload),
      headers: body.headers,
    });
    expect(retry.status).toBe(201);
  });

  it('finishes thumbnails cut off by kill -9 after a restart, and the integrity command finds nothing unrepaired', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `crash-thumbs-${i}.jpg`);
    for (let i = 0; i < names.length; i += 2) {
      const body = await formBody(
        { room: 3, year, blade: 'B' },
        names.slice(i, i + 2).map((name) => ({ name, bytes: variantOf(jpeg, name) })),
      );
      const res = await call(`/api/turbines/${turbineId}/photos`, {
        method: 'POST',
        body: new Uint8Array(body.payload),
        headers: body.headers,
      });
      expect(res.status).toBe(201);
    }
    // kill while a photo is claimed and others wait
    await waitFor('a photo being made', async () => ((await states()).working ?? 0) > 0, 30_000);
    await server?.kill();
    const cut = await states();
    expect((cut.working ?? 0) + (cut.pending ?? 0)).toBeGreaterThan(0);

    const dead = await runIntegrity(env);
    // the crashed claim is still within its lease or already expired: either way it is not lost
    expect(dead.report.problems.every((p) => p.kind === 'missing_derivative' || p.kind === 'staging_leftover')).toBe(true);

    await start();
    await waitFor(
      'the restarted queue to finish every photo',
      async () => {
        const s = await states();
        return !s.pending && !s.working;
      },
      60_000,
    );
    expect((await states()).failed ?? 0).toBe(0);
    const after = await runIntegrity(env);
    expect(after.report.unrepaired, JSON.stringify(after.report.problems)).toBe(0);
    expect(after.report.problems.filter((p) => p.kind !== 'staging_leftover')).toEqual([]);
    const missing = (
      await sql.query<{ storage_key: string }>("select storage_key from photos where original_name like 'crash-thumbs-%'")
    ).rows.filter((r) => !files().includes(`${r.storage_key}.thumb.webp`) || !files().includes(`${r.storage_key}.preview.webp`));
    expect(missing).toEqual([]);
  });
});
