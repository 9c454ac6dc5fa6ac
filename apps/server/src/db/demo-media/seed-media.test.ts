import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { seedDemoMedia } from './seed-media.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo photos', () => {
  it('uploads 2:1 panoramas, category photos and a report through the real pipeline, once', async () => {
    expect(await seedDemoMedia(t.app)).toBe(29);
    expect(await seedDemoMedia(t.app)).toBe(0);
    const token = await t.login(DEMO.egeCustomer);
    const turbines = (await t.call(token, { method: 'GET', url: '/api/turbines' })).json().data as {
      id: number;
      code: string;
      photo_count: number;
    }[];
    const bergama = turbines.find((x) => x.code === 'EGE-BRG-01');
    expect(bergama?.photo_count).toBe(20);
    expect(turbines.filter((x) => x.code !== 'EGE-BRG-01').every((x) => x.photo_count === 0)).toBe(true);
    const list = (await t.call(token, { method: 'GET', url: `/api/turbines/${bergama?.id}/photos?view=all` })).json().data as {
      category: string | null;
      width: number;
      height: number;
    }[];
    const panoramas = list.filter((p) => p.category === null);
    expect(panoramas).toHaveLength(12);
    expect(panoramas.every((p) => p.width === 2 * p.height)).toBe(true);
    const reports = (await t.call(token, { method: 'GET', url: `/api/turbines/${bergama?.id}/reports` })).json().data as unknown[];
    expect(reports).toHaveLength(1);
  });
});
