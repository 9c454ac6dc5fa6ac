import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, reports } from '../db/schema.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { demoTurbineIds, formBody, makeJpeg, makePdf, storedKeys } from '../../test/uploads.ts';

const year = new Date().getFullYear();

describe.each(['fs', 's3'] as const)('deleting a turbine (%s driver)', (storage) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ storage });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('deletes every photo, derivative and report file of that turbine, and only of that turbine', async () => {
    const superadmin = await t.login(DEMO.superadmin);
    const [doomed = 0, kept = 0] = await demoTurbineIds(t, await t.login(DEMO.egeAdmin));
    for (const turbineId of [doomed, kept]) {
      const images = await formBody({ year, blade: 'C', category: 'drone' }, [
        { name: `a-${turbineId}.jpg`, bytes: await makeJpeg(300, 200) },
        { name: `b-${turbineId}.jpg`, bytes: await makeJpeg(300, 200) },
      ]);
      const up = await t.call(superadmin, {
        method: 'POST',
        url: `/api/turbines/${turbineId}/photos`,
        payload: images.payload,
        headers: images.headers,
      });
      expect(up.statusCode).toBe(201);
      const pdf = await formBody({ year }, [{ name: `r-${turbineId}.pdf`, bytes: makePdf() }], 'reports');
      const rep = await t.call(superadmin, {
        method: 'POST',
        url: `/api/turbines/${turbineId}/reports`,
        payload: pdf.payload,
        headers: pdf.headers,
      });
      expect(rep.statusCode).toBe(201);
    }
    // thumbnails and previews are made by the queue after the upload
    await t.app.ctx.derivatives.idle();
    expect((await t.app.ctx.storage.list(`turbines/${doomed}/`)).length).toBe(7);

    const res = await t.call(superadmin, { method: 'DELETE', url: `/api/turbines/${doomed}`, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(await t.app.ctx.storage.list(`turbines/${doomed}/`)).toEqual([]);
    expect((await storedKeys(t)).every((k) => k.startsWith(`turbines/${kept}/`))).toBe(true);
    expect((await storedKeys(t)).length).toBe(7);
    const rows = await t.app.ctx.db.select().from(photos);
    expect(rows.map((r) => r.turbineId)).toEqual([kept, kept]);
    expect((await t.app.ctx.db.select().from(reports)).map((r) => r.turbineId)).toEqual([kept]);
  });
});
