import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, tusUploads } from '../../db/schema.ts';
import { createTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { tusClient, uploadIdOf, sendInPieces } from '../../../test/tus.ts';
import { demoTurbineIds, makeJpeg } from '../../../test/uploads.ts';

const year = new Date().getFullYear();
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('tus uploads (smoke)', () => {
  let t: TestApp;
  let operator: string;
  let turbineId: number;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await t.login(DEMO.egeOperator);
    [turbineId = 0] = await demoTurbineIds(t, operator);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('creates, sends in pieces and stores the photo', async () => {
    const client = tusClient(t, operator, 'en');
    const bytes = await makeJpeg(800, 600, { seed: 7 });
    const created = await client.create({ filename: 'smoke-1.jpg', turbine_id: turbineId, year, blade: 'A', room: 1 }, bytes.length);
    expect(created.statusCode, created.body).toBe(201);
    const id = uploadIdOf(created);
    const last = await sendInPieces(client, id, bytes, 7000);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ success: true, data: { originalName: 'smoke-1.jpg', sha256: sha(bytes) } });
    const [row] = await t.app.ctx.db.select().from(photos);
    expect(row?.sha256).toBe(sha(bytes));
    const outcome = await client.outcome(id);
    expect(outcome.json()).toMatchObject({ success: true, data: { state: 'stored', photo: { sha256: sha(bytes) } } });
    const [upload] = await t.app.ctx.db.select().from(tusUploads);
    expect(upload?.state).toBe('done');
  });
});
