import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { demoCompanies, insertUser } from '../../test/factories.ts';
import { demoTurbineIds, formBody, makeJpeg, makePdf } from '../../test/uploads.ts';
import { MAX_FILE_URL_LIFETIME_SECONDS } from './signed-urls.ts';

/** DECISIONS §17, issue 26 item 3: file URLs for signed-in users live at most 15 minutes and end with the sign-in,
 *  token or account they were handed to; a thumbnail's URL stays the same across re-issues (the browser cache holds). */
interface PhotoUrls {
  original: string;
  thumbnail: string;
  preview: string;
}

const year = new Date().getFullYear();

describe('file link lifetime', () => {
  let t: TestApp;
  let turbineId: number;
  let egeCompanyId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.login(DEMO.egeAdmin);
    [turbineId = 0] = await demoTurbineIds(t, admin);
    egeCompanyId = (await demoCompanies(t)).ege;
    const photo = await formBody({ room: 1, year, blade: 'A' }, [{ name: 'IMG_0100.jpg', bytes: await makeJpeg(900, 600) }]);
    const stored = await t.call(admin, {
      method: 'POST',
      url: `/api/turbines/${turbineId}/photos`,
      payload: photo.payload,
      headers: photo.headers,
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const report = await formBody({ year }, [{ name: 'inspection.pdf', bytes: makePdf() }], 'reports');
    const uploaded = await t.call(admin, {
      method: 'POST',
      url: `/api/turbines/${turbineId}/reports`,
      payload: report.payload,
      headers: report.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const photoUrls = async (token: string): Promise<PhotoUrls> => {
    const res = await t.call(token, { method: 'GET', url: `/api/turbines/${turbineId}/photos?view=all` });
    expect(res.statusCode, res.body).toBe(200);
    const photo = (res.json().data as { originalName: string; urls: PhotoUrls }[]).find((p) => p.originalName === 'IMG_0100.jpg');
    if (!photo) throw new Error('the uploaded photo is not listed');
    return photo.urls;
  };
  const reportUrl = async (token: string): Promise<string> => {
    const res = await t.call(token, { method: 'GET', url: `/api/turbines/${turbineId}/reports` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { report_url: string }[])[0]?.report_url ?? '';
  };
  const statuses = async (urls: string[]) => Promise.all(urls.map(async (url) => (await get(url)).statusCode));
  const expiryOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('e'));
  const signedInUser = async () => {
    const user = await insertUser(t, { companyId: egeCompanyId, role: 'operator' });
    return { user, token: await t.login(user.email) };
  };

  it('an original, a preview or a report is good for ten to fifteen minutes, then refused', async () => {
    const { token } = await signedInUser();
    const urls = await photoUrls(token);
    const report = await reportUrl(token);
    const nowSeconds = t.clock.now().getTime() / 1000;
    for (const url of [urls.original, urls.preview, report]) {
      const left = expiryOf(url) - nowSeconds;
      expect(left, url).toBeGreaterThan((MAX_FILE_URL_LIFETIME_SECONDS * 2) / 3 - 1);
      expect(left, url).toBeLessThanOrEqual(MAX_FILE_URL_LIFETIME_SECONDS);
    }
    const start = t.clock.now().getTime();
    try {
      t.clock.set(new Date(expiryOf(urls.original) * 1000 - 1000));
      expect(await statuses([urls.original, urls.preview, report])).toEqual([200, 200, 200]);
      expect((await get(urls.original)).headers['cache-control']).toBe('private, max-age=1');
      t.clock.set(new Date(expiryOf(urls.original) * 1000));
      expect(await statuses([urls.original, urls.preview, report])).toEqual([403, 403, 403]);
      // a thumbnail lives with its sign-in, not by the clock
      expect(await statuses([urls.thumbnail])).toEqual([200]);
    } finally {
      t.clock.set(new Date(start));
    }
  });

  it("a thumbnail's URL stays the same across re-issues while other URLs move on; a revalidation is a 304", async () => {
    const { token } = await signedInUser();
    const first = await photoUrls(token);
    const start = t.clock.now().getTime();
    try {
      t.clock.set(new Date(start + 40 * 60_000));
      const later = await photoUrls(token);
      expect(later.thumbnail).toBe(first.thumbnail);
      expect(later.original).not.toBe(first.original);
      expect(new URL(first.thumbnail, 'http://x').searchParams.has('e')).toBe(false);
      const served = await get(first.thumbnail);
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe(`private, max-age=${MAX_FILE_URL_LIFETIME_SECONDS}`);
      const again = await get(first.thumbnail, { 'if-none-match': String(served.headers.etag) });
      expect(again.statusCode).toBe(304);
    } finally {
      t.clock.set(new Date(start));
    }
  });

  it('a refresh keeps the sign-in, and its URLs; a sign-out ends them at once, not those of another sign-in', async () => {
    const { user, token } = await signedInUser();
    const other = await t.login(user.email);
    const urls = await photoUrls(token);
    const report = await reportUrl(token);
    const otherUrls = await photoUrls(other);
    expect(otherUrls.thumbnail).not.toBe(urls.thumbnail);

    const refreshed = await t.call(token, { method: 'POST', url: '/api/auth/refresh' });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const newToken = refreshed.json().token as string;
    expect(await statuses([urls.original, urls.thumbnail, urls.preview, report])).toEqual([200, 200, 200, 200]);

    expect((await t.call(newToken, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect(await statuses([urls.original, urls.thumbnail, urls.preview, report])).toEqual([403, 403, 403, 403]);
    expect(await statuses([otherUrls.original, otherUrls.thumbnail])).toEqual([200, 200]);
    // a thumbnail the browser kept is not revalidated either
    const refused = await get(urls.thumbnail, { 'if-none-match': '"anything"' });
    expect(refused.statusCode).toBe(403);
  });

  it("a deactivated user's URLs are refused at once, and a deleted user's", async () => {
    const manager = await t.login(DEMO.egeAdmin);
    const deactivated = await signedInUser();
    const deleted = await signedInUser();
    const before = await photoUrls(deactivated.token);
    const gone = await photoUrls(deleted.token);
    const u = deactivated.user;
    const edit = await t.call(manager, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: { first_name: u.firstName, last_name: u.lastName, email: u.email, role: u.role, company_id: u.companyId, is_active: false },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await statuses([before.original, before.thumbnail, before.preview])).toEqual([403, 403, 403]);

    expect(await statuses([gone.original, gone.thumbnail])).toEqual([200, 200]);
    const removed = await t.call(manager, { method: 'DELETE', url: `/api/users/${deleted.user.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await statuses([gone.original, gone.thumbnail, gone.preview])).toEqual([403, 403, 403]);
  });

  it("an API token's URLs end with the token; a URL moved to another user's name is refused", async () => {
    const { user, token } = await signedInUser();
    const created = await t.call(token, {
      method: 'POST',
      url: '/api/api-tokens',
      payload: { name: 'Detector', scope: 'read', expires_in_days: 30 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const apiToken = created.json().data.token as string;
    const urls = await photoUrls(apiToken);
    expect(await statuses([urls.original, urls.thumbnail])).toEqual([200, 200]);

    const mine = await photoUrls(token);
    const moved = new URL(mine.original, 'http://x');
    moved.searchParams.set('u', String(user.id + 1));
    expect(await statuses([`${moved.pathname}${moved.search}`])).toEqual([403]);

    const revoked = await t.call(token, { method: 'DELETE', url: `/api/api-tokens/${created.json().data.id}` });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await statuses([urls.original, urls.thumbnail])).toEqual([403, 403]);
    expect(await statuses([mine.original, mine.thumbnail])).toEqual([200, 200]);
  });
});
