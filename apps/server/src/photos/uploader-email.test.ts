import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@windscope/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { demoTurbineIds, formBody, makeJpeg } from '../../test/uploads.ts';

/** A photo shows its uploader's name to everyone who sees it; the e-mail only to the superadmin and to managers of the
 *  uploader's own company (contract: 'user.readEmail'). */
let t: TestApp;
let turbine: number;
const tokens: Record<string, string> = {};
const year = new Date().getFullYear();

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, email] of Object.entries(DEMO)) tokens[role] = await t.login(email);
  [turbine = 0] = await demoTurbineIds(t, tokens.egeAdmin ?? '');
  // one photo by an Ege operator, one by the superadmin (another company), on the same Ege turbine
  for (const [role, name] of [
    ['egeOperator', 'by-operator.jpg'],
    ['superadmin', 'by-superadmin.jpg'],
  ] as const) {
    const body = await formBody({ room: 1, year, blade: 'A' }, [{ name, bytes: await makeJpeg(120, 90) }]);
    const res = await t.call(tokens[role] ?? null, {
      method: 'POST',
      url: `/api/turbines/${turbine}/photos`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
});

const listed = async (role: string) => {
  const res = await t.call(tokens[role] ?? null, { method: 'GET', url: `/api/turbines/${turbine}/photos?view=all` });
  expect(res.statusCode).toBe(200);
  const photos = res.json().data as Photo[];
  const byName = (name: string) => photos.find((p) => p.originalName === name) as Photo;
  return { operator: byName('by-operator.jpg'), superadmin: byName('by-superadmin.jpg') };
};

describe('uploader e-mail addresses in photo answers', () => {
  it.each(['egeOperator', 'egeCustomer', 'egeViewer'])('%s sees names only', async (role) => {
    const { operator, superadmin } = await listed(role);
    expect(operator.uploader_name).toBeTruthy();
    expect(superadmin.uploader_name).toBeTruthy();
    expect(operator.uploader_email).toBeNull();
    expect(superadmin.uploader_email).toBeNull();
    const body = JSON.stringify(await listed(role));
    expect(body).not.toContain(DEMO.egeOperator);
    expect(body).not.toContain(DEMO.superadmin);
  });

  it.each(['egeManager', 'egeAdmin'])('%s sees the e-mail of its own company’s uploader, not of the superadmin', async (role) => {
    const { operator, superadmin } = await listed(role);
    expect(operator.uploader_email).toBe(DEMO.egeOperator);
    expect(superadmin.uploader_email).toBeNull();
    expect(superadmin.uploader_name).toBeTruthy();
  });

  it('the superadmin sees every e-mail', async () => {
    const { operator, superadmin } = await listed('superadmin');
    expect(operator.uploader_email).toBe(DEMO.egeOperator);
    expect(superadmin.uploader_email).toBe(DEMO.superadmin);
  });

  it('an operator’s own upload answer carries no e-mail either', async () => {
    const body = await formBody({ room: 2, year, blade: 'B' }, [{ name: 'fresh.jpg', bytes: await makeJpeg(120, 90) }]);
    const res = await t.call(tokens.egeOperator ?? null, {
      method: 'POST',
      url: `/api/turbines/${turbine}/photos`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain(DEMO.egeOperator);
  });

  it('reports and comments answers carry names, never e-mail addresses', async () => {
    for (const role of ['egeViewer', 'egeCustomer', 'egeOperator']) {
      for (const url of [`/api/turbines/${turbine}/reports`, `/api/turbines/${turbine}/comments`]) {
        const res = await t.call(tokens[role] ?? null, { method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, `${role} ${url}`).not.toMatch(/@[a-z]+\.example/);
      }
    }
  });
});
