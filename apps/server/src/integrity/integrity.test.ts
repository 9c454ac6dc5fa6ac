import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, tusUploads } from '../db/schema.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { tusClient, uploadIdOf } from '../../test/tus.ts';
import { demoTurbineIds, integrityOf, makeJpeg, makePdf, postFiles } from '../../test/uploads.ts';
import type { IntegrityOptions } from './integrity.ts';

const year = new Date().getFullYear();
const HOUR = 3_600_000;

describe.each(['fs', 's3'] as const)('the integrity check (%s driver)', (storage) => {
  let t: TestApp;
  let keys: string[];
  let turbineId: number;

  beforeAll(async () => {
    t = await createTestApp({ storage, seed: true });
    const admin = await t.login(DEMO.egeAdmin);
    [turbineId = 0] = await demoTurbineIds(t, admin);
    const res = await postFiles(t, admin, turbineId, { room: 3, year, blade: 'C' }, [
      { name: 'keep.jpg', bytes: await makeJpeg(500, 300) },
      { name: 'thumbless.jpg', bytes: await makeJpeg(500, 300) },
      { name: 'altered.jpg', bytes: await makeJpeg(500, 300) },
      { name: 'lost.jpg', bytes: await makeJpeg(500, 300) },
    ]);
    expect(res.statusCode).toBe(201);
    keys = (res.json().data as { key: string }[]).map((p) => p.key);
    expect((await postFiles(t, admin, turbineId, { year }, [{ name: 'report.pdf', bytes: makePdf() }], 'reports')).statusCode).toBe(201);
    await t.app.ctx.derivatives.idle();
  });
  afterAll(async () => {
    await t?.close();
  });

  const run = (overrides: Partial<IntegrityOptions> = {}) => integrityOf(t, { checksums: true, orphanAgeMs: HOUR, ...overrides });
  const keyOf = (name: string) => keys.find((k) => k.endsWith(`-${name}`)) ?? '';

  it('finds nothing wrong after ordinary uploads', async () => {
    const report = await run();
    expect(report.problems).toEqual([]);
    expect(report.unrepaired).toBe(0);
    expect(report.photos).toBeGreaterThanOrEqual(4);
  });

  it('finds and repairs what it safely can, and reports what it cannot', async () => {
    const s = t.app.ctx.storage;
    await s.delete(`${keyOf('thumbless.jpg')}.thumb.webp`);
    const altered = (await s.read(keyOf('altered.jpg')))?.info.size ?? 0;
    await s.writeBuffer(keyOf('altered.jpg'), Buffer.alloc(altered, 7));
    await s.delete(keyOf('lost.jpg'));
    const orphan = `turbines/${turbineId}/blade/${year}/C/3/1700000000000-123456789-orphan.jpg`;
    await s.writeBuffer(orphan, await makeJpeg(50, 50));
    const staged = await s.writeStream(
      `turbines/${turbineId}/blade/${year}/C/3/1700000000000-223456789-cut.jpg`,
      Readable.from([Buffer.from('half')]),
    );
    expect(staged.size).toBe(4);

    const found = await run();
    const kinds = Object.fromEntries(found.problems.map((p) => [p.key, p.kind]));
    expect(kinds).toMatchObject({
      [keyOf('thumbless.jpg')]: 'missing_derivative',
      [keyOf('altered.jpg')]: 'checksum_mismatch',
      [keyOf('lost.jpg')]: 'row_without_file',
    });
    // young orphans and temporaries may belong to an upload in progress: noted, kept
    expect(found.problems.filter((p) => p.kind === 'file_without_row' || p.kind === 'staging_leftover').every((p) => p.benign)).toBe(true);
    expect(found.problems.map((p) => p.key)).toContain(orphan);
    expect(found.unrepaired).toBe(3);

    // two hours later, repairing: derivative made again, orphan and temporary gone; lost and altered bytes reported
    const repaired = await run({ repair: true, now: new Date(Date.now() + 2 * HOUR) });
    const byKey = new Map(repaired.problems.map((p) => [p.key, p]));
    expect(byKey.get(keyOf('thumbless.jpg'))).toMatchObject({ repaired: true });
    expect(byKey.get(orphan)).toMatchObject({ kind: 'file_without_row', repaired: true });
    expect(repaired.problems.find((p) => p.kind === 'staging_leftover')).toMatchObject({ repaired: true });
    expect(repaired.unrepaired).toBe(2);
    expect(await s.stat(`${keyOf('thumbless.jpg')}.thumb.webp`)).not.toBeNull();
    expect(await s.stat(orphan)).toBeNull();
    expect(await s.list('.staging/')).toEqual([]);
    // nothing a row refers to was touched
    expect(await s.stat(keyOf('keep.jpg'))).not.toBeNull();
    expect(await s.stat(keyOf('altered.jpg'))).not.toBeNull();

    const after = await run({ now: new Date(Date.now() + 2 * HOUR) });
    expect(after.problems.map((p) => p.kind).sort()).toEqual(['checksum_mismatch', 'row_without_file']);
  });

  it('makes the derivatives of a photo whose claim outlived its process', async () => {
    const key = keyOf('keep.jpg');
    await t.app.ctx.storage.delete(`${key}.preview.webp`);
    // the app's own queue kept off meanwhile (as while uploads stream): its poll would otherwise take the expired
    // claim before the check sees it, now and then
    const found = await t.app.ctx.derivatives.whileUploading(async () => {
      await t.app.ctx.db
        .update(photos)
        .set({ derivatives: 'working', derivativesClaimedAt: new Date(Date.now() - HOUR) })
        .where(eq(photos.storageKey, key));
      return run({ checksums: false });
    });
    expect(found.problems.find((p) => p.key === key)).toMatchObject({ kind: 'missing_derivative', benign: false, repaired: false });
    const repaired = await run({ checksums: false, repair: true });
    expect(repaired.problems.find((p) => p.key === key)).toMatchObject({ repaired: true });
    expect(await t.app.ctx.storage.stat(`${key}.preview.webp`)).not.toBeNull();
    expect((await t.app.ctx.db.select({ d: photos.derivatives }).from(photos).where(eq(photos.storageKey, key)))[0]?.d).toBe('ready');
  });

  it('reports resumable uploads: live ones as notes, expired ones as problems it removes, bytes without a row', async () => {
    const operator = await t.login(DEMO.egeOperator);
    const client = tusClient(t, operator);
    const bytes = await makeJpeg(120, 90);
    const id = uploadIdOf(await client.create({ filename: 'pending.jpg', turbine_id: turbineId, year, blade: 'A', room: 1 }, bytes.length));
    expect((await client.patch(id, 0, bytes.subarray(0, 300))).statusCode).toBe(204);
    const live = await run({ checksums: false });
    expect(live.problems).toContainEqual(expect.objectContaining({ kind: 'upload_in_progress', key: `.tus/${id}`, benign: true }));
    expect(live.problems.filter((p) => p.key.startsWith('.tus/') && !p.benign)).toEqual([]);
    // a finished upload (bytes removed, its outcome row kept for the client) expects no bytes: not "in progress"
    const done = uploadIdOf(await client.create({ filename: 'done.jpg', turbine_id: turbineId, year, blade: 'A', room: 1 }, bytes.length));
    expect((await client.patch(done, 0, bytes)).statusCode).toBe(200);
    await t.app.ctx.derivatives.idle();
    const [doneRow] = await t.app.ctx.db.select().from(tusUploads).where(eq(tusUploads.id, done));
    expect(doneRow?.state).toBe('done');
    expect((await t.app.ctx.storage.list('.tus/')).filter((k) => k.includes(done))).toEqual([]);
    const notes = (await run({ checksums: false })).problems.filter((p) => p.kind === 'upload_in_progress');
    expect(notes.map((p) => p.key)).toEqual([`.tus/${id}`]);
    // bytes in the upload area that no upload row knows (a crash between the store and the row)
    const stray = '.tus/0123456789abcdef0123456789abcdef';
    await t.app.ctx.storage.writeBuffer(stray, Buffer.from('stray'));
    const dayLater = new Date(Date.now() + 25 * HOUR);
    const expired = await run({ checksums: false, now: dayLater });
    expect(expired.problems).toContainEqual(expect.objectContaining({ kind: 'expired_upload', key: `.tus/${id}`, benign: false }));
    expect(expired.problems).toContainEqual(expect.objectContaining({ kind: 'unregistered_upload_bytes', key: stray }));
    expect(expired.unrepaired).toBeGreaterThanOrEqual(2 + live.unrepaired);
    // --repair removes them, bytes and row
    const repaired = await run({ checksums: false, now: dayLater, repair: true, tusStore: t.app.ctx.tus.datastore });
    expect(
      repaired.problems.filter((p) => p.kind === 'expired_upload' || p.kind === 'unregistered_upload_bytes').every((p) => p.repaired),
    ).toBe(true);
    expect(await t.app.ctx.db.select().from(tusUploads).where(eq(tusUploads.id, id))).toEqual([]);
    expect(await t.app.ctx.storage.list('.tus/')).toEqual([]);
    expect((await run({ checksums: false, now: dayLater })).problems.filter((p) => p.key.startsWith('.tus/'))).toEqual([]);
  });
});
