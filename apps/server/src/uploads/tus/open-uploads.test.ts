import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tusUploads } from '../../db/schema.ts';
import { createTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { tusClient, uploadIdOf } from '../../../test/tus.ts';
import { demoTurbineIds, makeJpeg } from '../../../test/uploads.ts';

const year = new Date().getFullYear();
const HOUR = 3_600_000;
/** UPLOADS_OPEN_GB 0.001 in bytes */
const CAP_BYTES = Math.round(0.001 * 1024 ** 3);

// small caps: 3 open uploads and 0.001 GB (about 1 MB) announced per user; uploads at once high, so only the open cap refuses
describe.each(['fs', 's3'] as const)('open resumable uploads per user (tus, %s driver)', (storage) => {
  let t: TestApp;
  let operator: string;
  let turbineId: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({
      storage,
      env: { UPLOADS_OPEN_PER_USER: '3', UPLOADS_OPEN_GB: '0.001', UPLOADS_AT_ONCE_PER_USER: '20' },
    });
    operator = await t.login(DEMO.egeOperator);
    [turbineId = 0] = await demoTurbineIds(t, operator);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const meta = (extra: Record<string, string | number> = {}) => ({
    filename: `open-${++seq}.jpg`,
    turbine_id: turbineId,
    year,
    blade: 'A',
    room: 1,
    ...extra,
  });
  const openRows = async () =>
    (await t.app.ctx.db.select().from(tusUploads)).filter((row) => row.state === 'receiving' && row.expiresAt > t.clock.now());
  const removeAll = async (client: ReturnType<typeof tusClient>) => {
    for (const row of await openRows()) await client.remove(row.id);
  };

  it('refuses one open upload too many with 429 and a tr/en message; finishing, refusing, ending or expiring one frees its place', async () => {
    const client = tusClient(t, operator);
    const photo = await makeJpeg(200, 150, { seed: 1 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await client.create(meta(), photo.length);
      expect(created.statusCode, created.body).toBe(201);
      ids.push(uploadIdOf(created));
    }
    const refused = await client.create(meta(), photo.length);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({
      success: false,
      code: 'UPLOADS_OPEN_TOO_MANY',
      params: { limit: 3 },
      message:
        'En fazla 3 yarım kalmış yükleme açık tutulabilir. Süren yüklemelerin bitmesini bekleyin veya bazılarını iptal edip tekrar deneyin.',
    });
    const english = await tusClient(t, operator, 'en').create(meta(), photo.length);
    expect(english.json().message).toBe(
      'At most 3 unfinished uploads can be open at a time. Wait for the running ones to finish, or cancel some, then try again.',
    );
    // the refused creations left no row
    expect(await openRows()).toHaveLength(3);
    // another user has caps of his own
    const other = await tusClient(t, await t.login(DEMO.egeManager)).create(meta(), photo.length);
    expect(other.statusCode, other.body).toBe(201);
    await tusClient(t, await t.login(DEMO.egeManager)).remove(uploadIdOf(other));

    // a finished upload (stored) no longer counts
    const [first = '', second = '', third = ''] = ids;
    expect((await client.patch(first, 0, photo)).statusCode).toBe(200);
    const afterStored = await client.create(meta(), photo.length);
    expect(afterStored.statusCode, afterStored.body).toBe(201);
    expect((await client.create(meta(), photo.length)).statusCode).toBe(429);
    // nor a refused one (HTML bytes: 415 at its end)
    const html = Buffer.from(`<!doctype html><p>${'x'.repeat(photo.length - 18)}`).subarray(0, photo.length);
    expect((await client.patch(second, 0, html)).statusCode).toBe(415);
    const afterRefused = await client.create(meta(), photo.length);
    expect(afterRefused.statusCode, afterRefused.body).toBe(201);
    // nor one its creator ended
    expect((await client.remove(third)).statusCode).toBe(204);
    expect((await client.create(meta(), photo.length)).statusCode).toBe(201);
    expect((await client.create(meta(), photo.length)).statusCode).toBe(429);
    // nor expired ones (their rows wait for the sweep, their places are free at once)
    t.clock.advance(24 * HOUR + 60_000);
    try {
      const late = tusClient(t, await t.login(DEMO.egeOperator));
      const afterExpiry = await late.create(meta(), photo.length);
      expect(afterExpiry.statusCode, afterExpiry.body).toBe(201);
      await removeAll(late);
    } finally {
      t.clock.advance(-(24 * HOUR + 60_000));
    }
  });

  it('refuses announced bytes over the cap (429, tr/en), counting only open uploads', async () => {
    const client = tusClient(t, operator, 'en');
    await removeAll(client);
    const big = 600_000;
    expect((await client.create(meta(), big)).statusCode).toBe(201);
    const over = await client.create(meta(), big);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 'UPLOADS_OPEN_TOO_MANY_BYTES',
      message: 'Unfinished uploads can total at most 0.001 GB. Wait for the running ones to finish, or cancel some, then try again.',
    });
    expect((await tusClient(t, operator, 'tr').create(meta(), big)).json().message).toBe(
      'Yarım kalmış yüklemeler toplamda en fazla 0.001 GB olabilir. Süren yüklemelerin bitmesini bekleyin veya bazılarını iptal edip tekrar deneyin.',
    );
    // what is left fits
    expect((await client.create(meta(), CAP_BYTES - big)).statusCode).toBe(201);
    await removeAll(client);
  });

  it('lets simultaneous creations through only up to the cap', async () => {
    const client = tusClient(t, operator);
    await removeAll(client);
    const answers = await Promise.all(Array.from({ length: 12 }, () => client.create(meta(), 1000)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(429)]);
    for (const answer of answers.filter((a) => a.statusCode === 429)) expect(answer.json().code).toBe('UPLOADS_OPEN_TOO_MANY');
    expect(await openRows()).toHaveLength(3);
    await removeAll(client);
  });
});
