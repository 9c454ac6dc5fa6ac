/** Findings (DECISIONS §12) end to end through the API, on the test database (PGlite or PostgreSQL) and both storage
 *  drivers: bad input, two-person rules, repair evidence, what customers see, stale versions, append-only history,
 *  photo and turbine deletes, evidence crops, exports, turbine health. */
import { unzipSync, strFromU8 } from 'fflate';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findingDetailSchema, findingSchema, type FindingDetail } from '@windscope/contract';
import { findingEvents, findingObservations, findings } from '../db/schema.ts';
import { MIN_CACHED_FINDINGS } from './service.ts';
import { demoCompanies, insertTurbine, userByEmail } from '../../test/factories.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { demoTurbineIds, makeJpeg, postFiles } from '../../test/uploads.ts';

const FLAT = {
  space: 'flat',
  shape: 'rectangle',
  points: [
    [0.2, 0.2],
    [0.4, 0.5],
  ],
};
const ring = (n: number) => Array.from({ length: n }, (_, i) => [0.5 + 0.4 * Math.cos(i), 0.5 + 0.4 * Math.sin(i)]);

describe.each(['fs', 's3'] as const)('findings on the %s driver', (storage) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let turbineId: number;
  let otherTurbineId: number;
  let marmaraTurbineId: number;
  let dronePhoto: { id: number; key: string };
  let repairPhoto: { id: number; key: string };
  let panorama: { id: number; key: string };
  let otherTurbinePhoto: { id: number };
  let marmaraPhoto: { id: number };
  let egeCompany: number;

  const call = (
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.call(tokens[who] ?? null, { method, url, ...(payload ? { payload } : {}), headers });
  const upload = async (who: string, turbine: number, fields: Record<string, string | number>, bytes: Buffer) => {
    const res = await postFiles(t, tokens[who] ?? '', turbine, fields, [{ name: `f-${Math.random().toString(36).slice(2)}.jpg`, bytes }]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data[0] as { id: number; key: string };
  };
  const create = (who: string, body: Record<string, unknown>, turbine = turbineId) =>
    call(who, 'POST', `/api/turbines/${turbine}/findings`, {
      blade: 'A',
      surface: 'LE',
      type: 'crack',
      severity: 3,
      ...body,
      observation: { photo_id: dronePhoto.id, geometry: FLAT, ...(body.observation as object) },
    });
  const findingUrl = (id: number, rest = '') => `/api/turbines/${turbineId}/findings/${id}${rest}`;
  const status = (who: string, f: { id: number; version: number }, to: string, extra: object = {}) =>
    call(who, 'POST', findingUrl(f.id, '/status'), { to, version: f.version, ...extra });

  beforeAll(async () => {
    t = await createTestApp({ storage });
    for (const [name, email] of Object.entries({
      superadmin: DEMO.superadmin,
      admin: DEMO.egeAdmin,
      manager: DEMO.egeManager,
      operator: DEMO.egeOperator,
      customer: DEMO.egeCustomer,
      viewer: DEMO.egeViewer,
      marmara: DEMO.marmaraAdmin,
    }))
      tokens[name] = await t.login(email);
    egeCompany = (await demoCompanies(t)).ege;
    const egeIds = await demoTurbineIds(t, tokens.admin ?? '');
    [turbineId = 0, otherTurbineId = 0] = egeIds;
    const year = t.clock.now().getUTCFullYear();
    // a fresh turbine of its own: the demo findings stay out of the counts
    turbineId = (await insertTurbine(t, egeCompany)).id;
    dronePhoto = await upload('operator', turbineId, { category: 'drone', year, blade: 'A' }, await makeJpeg(800, 600, { seed: 1 }));
    repairPhoto = await upload('operator', turbineId, { category: 'drone', year, blade: 'A' }, await makeJpeg(800, 600, { seed: 2 }));
    panorama = await upload('operator', turbineId, { room: 2, year, blade: 'A' }, await makeJpeg(1000, 500, { seed: 3 }));
    otherTurbinePhoto = await upload('operator', otherTurbineId, { category: 'drone', year, blade: 'B' }, await makeJpeg(64, 48));
    [marmaraTurbineId = 0] = await demoTurbineIds(t, tokens.marmara ?? '');
    marmaraPhoto = await upload('marmara', marmaraTurbineId, { category: 'drone', year, blade: 'A' }, await makeJpeg(64, 48));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the bad-input battery with a clear message in the user language, writing nothing', async () => {
    const before = await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(findings);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ observation: { geometry: { ...FLAT, shape: 'polygon', points: ring(2) } } }, 400, 'FINDING_GEOMETRY_INVALID'],
      [{ observation: { geometry: { ...FLAT, shape: 'polygon', points: ring(65) } } }, 400, 'FINDING_GEOMETRY_INVALID'],
      [
        {
          observation: {
            geometry: {
              ...FLAT,
              points: [
                [null, 0.2],
                [0.4, 0.5],
              ],
            },
          },
        },
        400,
        'FINDING_GEOMETRY_INVALID',
      ],
      [
        {
          observation: {
            geometry: {
              ...FLAT,
              points: [
                [0.2, 0.2],
                [1.2, 0.5],
              ],
            },
          },
        },
        400,
        'FINDING_GEOMETRY_INVALID',
      ],
      [
        { observation: { photo_id: panorama.id, geometry: { space: 'panorama', shape: 'point', points: [[7, 0]] } } },
        400,
        'FINDING_GEOMETRY_INVALID',
      ],
      [
        { observation: { photo_id: panorama.id, geometry: { space: 'panorama', shape: 'point', points: [[1, -1.7]] } } },
        400,
        'FINDING_GEOMETRY_INVALID',
      ],
      [{ observation: { photo_id: panorama.id, geometry: FLAT } }, 400, 'FINDING_GEOMETRY_SPACE'],
      [{ severity: 0 }, 400, 'FINDING_SEVERITY_INVALID'],
      [{ severity: 6 }, 400, 'FINDING_SEVERITY_INVALID'],
      [{ type: 'scratch' }, 400, 'FINDING_TYPE_INVALID'],
      [{ notes: 'x'.repeat(2001) }, 400, 'FINDING_NOTES_TOO_LONG'],
      [{ surface: 'interior' }, 400, 'FINDING_ROOM_REQUIRED'],
      [{ observation: { photo_id: otherTurbinePhoto.id } }, 400, 'FINDING_PHOTO_OTHER_TURBINE'],
      [{ observation: { photo_id: marmaraPhoto.id } }, 404, 'PHOTO_NOT_FOUND'],
    ];
    for (const [body, code, messageCode] of cases) {
      const res = await create('operator', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(code);
      expect(res.json().code).toBe(messageCode);
    }
    // NaN cannot travel in JSON: as raw text it is malformed; the English message for an English user
    const nan = await t.call(tokens.operator ?? '', {
      method: 'POST',
      url: `/api/turbines/${turbineId}/findings`,
      payload: `{"blade":"A","surface":"LE","type":"crack","severity":3,"observation":{"photo_id":${dronePhoto.id},"geometry":{"space":"flat","shape":"point","points":[[NaN,0.5]]}}}`,
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(nan.statusCode).toBe(400);
    const english = await create('operator', { severity: 6 });
    expect(english.json().message).toBe('Önem derecesi 1 ile 5 arasında olmalıdır.');
    const en = await call(
      'operator',
      'POST',
      `/api/turbines/${turbineId}/findings`,
      { blade: 'A', surface: 'LE', type: 'crack', severity: 9, observation: { photo_id: dronePhoto.id, geometry: FLAT } },
      { 'x-language': 'en' },
    );
    expect(en.json().message).toBe('Severity must be between 1 and 5.');
    expect(await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(findings)).toEqual(before);
  });

  it('keeps a finding through review, planning, repair and verification with the two-person rules, an event per change', async () => {
    const created = await create('operator', { notes: 'leading edge crack', length_mm: 120 });
    expect(created.statusCode, created.body).toBe(201);
    let f = findingDetailSchema.parse(created.json().data) as FindingDetail;
    expect(f).toMatchObject({ status: 'draft', severity: 3, version: 1, observation_count: 1, transitions: [] });
    expect(f.observations[0]?.crop_url).toMatch(/^\/api\/files\/turbines\/\d+\/findings\/.+\.webp\?/);
    const crop = await t.call(null, { method: 'GET', url: f.observations[0]?.crop_url ?? '' });
    expect(crop.statusCode).toBe(200);
    const meta = await sharp(crop.rawPayload).metadata();
    // the box 160x180 px plus margin, cut from the 800x600 original
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeGreaterThan(160);
    expect(meta.width).toBeLessThan(300);

    // the operator cannot review; nor can the author, even a manager; another manager can
    expect((await status('operator', f, 'confirmed')).statusCode).toBe(403);
    const own = await create('manager', {});
    const ownDetail = own.json().data as FindingDetail;
    const ownReview = await status('manager', ownDetail, 'confirmed');
    expect(ownReview.statusCode).toBe(403);
    expect(ownReview.json().code).toBe('FINDING_OWN_REVIEW');
    expect((await call('manager', 'GET', findingUrl(f.id))).json().data.transitions).toEqual(['confirmed', 'rejected']);
    let res = await status('manager', f, 'confirmed');
    expect(res.statusCode, res.body).toBe(200);
    f = res.json().data;
    expect(f).toMatchObject({ status: 'confirmed', version: 2, due_date: null });

    // a skipped step and a stale version
    expect((await status('admin', f, 'verified')).json()).toMatchObject({
      code: 'FINDING_TRANSITION_INVALID',
      from: 'confirmed',
      to: 'verified',
    });
    expect((await status('admin', { ...f, version: 1 }, 'repair_planned')).statusCode).toBe(409);

    // planning: due date from severity 3 (180 days), or the one given
    res = await status('admin', f, 'repair_planned');
    f = res.json().data;
    const due = new Date(Date.UTC(t.clock.now().getUTCFullYear(), t.clock.now().getUTCMonth(), t.clock.now().getUTCDate() + 180));
    expect(f.due_date).toBe(due.toISOString().slice(0, 10));
    res = await call('operator', 'PUT', findingUrl(f.id), { version: f.version, due_date: '2030-01-01' });
    expect(res.statusCode).toBe(403);

    // repaired needs repair evidence
    res = await status('operator', f, 'repaired');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('FINDING_REPAIR_EVIDENCE_REQUIRED');
    res = await call('operator', 'POST', findingUrl(f.id, '/observations'), { photo_id: repairPhoto.id, geometry: FLAT, kind: 'repair' });
    expect(res.statusCode, res.body).toBe(201);
    f = res.json().data;
    expect(f.observations.map((o) => o.kind)).toEqual(['sighting', 'repair']);
    res = await status('manager', f, 'repaired');
    expect(res.statusCode, res.body).toBe(200);
    f = res.json().data;
    // verification: not by who marked it repaired
    res = await status('manager', f, 'verified');
    expect(res.json().code).toBe('FINDING_OWN_REPAIR_VERIFY');
    res = await status('admin', f, 'verified');
    expect(res.statusCode).toBe(200);
    f = res.json().data;
    // reopening needs a reason
    expect((await status('admin', f, 'confirmed')).json().code).toBe('FINDING_REASON_REQUIRED');
    res = await status('admin', f, 'confirmed', { reason: 'crack seen again' });
    expect(res.statusCode).toBe(200);
    f = res.json().data;
    expect(f.events.map((e) => e.kind)).toEqual(['created', 'status', 'status', 'observation_added', 'status', 'status', 'status']);
    expect(f.events.at(-1)).toMatchObject({ reason: 'crack seen again', before: { status: 'verified' }, after: { status: 'confirmed' } });
    expect(f.version).toBe(7);

    // events are never updated: the database refuses it
    await expect(
      t.app.ctx.db.update(findingEvents).set({ reason: 'rewritten' }).where(eq(findingEvents.findingId, f.id)),
    ).rejects.toThrow();
  });

  it('hides drafts and rejected findings from customers and viewers everywhere', async () => {
    const draft = (await create('operator', { notes: 'draft only' })).json().data as FindingDetail;
    const confirmed = (await create('operator', {})).json().data as FindingDetail;
    await status('admin', confirmed, 'confirmed');
    for (const who of ['customer', 'viewer']) {
      const list = (await call(who, 'GET', `/api/turbines/${turbineId}/findings`)).json().data as { id: number }[];
      expect(list.map((x) => x.id)).toContain(confirmed.id);
      expect(list.map((x) => x.id)).not.toContain(draft.id);
      expect((await call(who, 'GET', findingUrl(draft.id))).statusCode).toBe(404);
      const overlay = (await call(who, 'GET', `/api/turbines/${turbineId}/photos/${dronePhoto.id}/findings`)).json().data as {
        finding_id: number;
      }[];
      expect(overlay.map((o) => o.finding_id)).not.toContain(draft.id);
      expect(overlay.map((o) => o.finding_id)).toContain(confirmed.id);
      const csv = (await call(who, 'GET', `/api/turbines/${turbineId}/findings/export?format=csv`)).body;
      expect(csv).not.toContain('draft only');
    }
    const staffList = (await call('operator', 'GET', `/api/turbines/${turbineId}/findings?status=draft`)).json().data as { id: number }[];
    expect(staffList.map((x) => x.id)).toContain(draft.id);
    // another company's finding is not found
    expect((await call('marmara', 'GET', findingUrl(confirmed.id))).statusCode).toBe(404);
  });

  it('answers a finding in one shape on every route: the record once, under data (issue 24 item 4)', async () => {
    const created = await create('operator', {});
    expect(created.statusCode).toBe(201);
    const f = created.json().data as FindingDetail;
    const answers = [
      created,
      await call('manager', 'GET', findingUrl(f.id)),
      await call('operator', 'PUT', findingUrl(f.id), { version: f.version, notes: 'one shape' }),
      await status('manager', { id: f.id, version: f.version + 1 }, 'confirmed'),
      await call('operator', 'POST', findingUrl(f.id, '/observations'), {
        kind: 'sighting',
        photo_id: repairPhoto.id,
        geometry: FLAT,
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      const body = res.json() as Record<string, unknown>;
      expect(Object.keys(body).filter((k) => k !== 'message')).toEqual(['success', 'data']);
      expect((body.data as FindingDetail).id).toBe(f.id);
    }
  });

  it('answers 409 to the second of two edits started from the same version, never overwriting', async () => {
    const f = (await create('operator', {})).json().data as FindingDetail;
    const [a, b] = await Promise.all([
      call('operator', 'PUT', findingUrl(f.id), { version: f.version, notes: 'first' }),
      call('admin', 'PUT', findingUrl(f.id), { version: f.version, notes: 'second' }, { 'accept-language': 'en' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().code).toBe('FINDING_STALE');
    const after = (await call('admin', 'GET', findingUrl(f.id))).json().data as FindingDetail;
    expect(after.version).toBe(2);
    expect(after.events.filter((e) => e.kind === 'updated')).toHaveLength(1);
    expect(after.notes).toBe(a.statusCode === 200 ? 'first' : 'second');
  });

  it('marks interior damage on a panorama (across the seam too) and crops the region', async () => {
    const res = await call('operator', 'POST', `/api/turbines/${turbineId}/findings`, {
      blade: 'A',
      surface: 'interior',
      room: 2,
      type: 'delamination',
      severity: 4,
      observation: {
        photo_id: panorama.id,
        geometry: {
          space: 'panorama',
          shape: 'polygon',
          points: [
            [6.1, 0.1],
            [0.2, 0.1],
            [0.1, -0.2],
          ],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const f = res.json().data as FindingDetail;
    expect(f).toMatchObject({ room: 2, surface: 'interior' });
    const crop = await t.call(null, { method: 'GET', url: f.observations[0]?.crop_url ?? '' });
    const meta = await sharp(crop.rawPayload).metadata();
    // yaw 6.1 -> 0.2 across the seam (0.38 rad) + 2 x 4° of 2π across 1000 px: ~83 px wide, not the whole panorama
    expect(meta.width).toBeGreaterThan(70);
    expect(meta.width).toBeLessThan(100);
  });

  it('refuses to delete an observed photo, naming the findings, and allows it once the observation is gone', async () => {
    const year = t.clock.now().getUTCFullYear();
    const photo = await upload('operator', turbineId, { category: 'drone', year, blade: 'A' }, await makeJpeg(200, 100, { seed: 9 }));
    const f = (await create('operator', {})).json().data as FindingDetail;
    let res = await call('operator', 'POST', findingUrl(f.id, '/observations'), { photo_id: photo.id, geometry: FLAT });
    const withTwo = res.json().data as FindingDetail;
    const remove = () => call('operator', 'DELETE', `/api/turbines/${turbineId}/photos?key=${encodeURIComponent(photo.key)}`);
    res = await remove();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PHOTO_HAS_FINDINGS' });
    expect(res.json().message).toContain(`#${f.id}`);
    const observation = withTwo.observations.find((o) => o.photo_id === photo.id);
    const cropKey = decodeURIComponent(observation?.crop_url?.split('?')[0]?.replace('/api/files/', '') ?? '');
    expect(await t.app.ctx.storage.stat(cropKey)).not.toBeNull();
    res = await call('operator', 'DELETE', findingUrl(f.id, `/observations/${observation?.id}?version=${withTwo.version}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.app.ctx.storage.stat(cropKey)).toBeNull();
    expect((await remove()).statusCode).toBe(200);
    // the last observation stays
    const last = (res.json().data as FindingDetail).observations[0];
    expect((await call('operator', 'DELETE', findingUrl(f.id, `/observations/${last?.id}`))).json().code).toBe('FINDING_LAST_OBSERVATION');
  });

  it('exports CSV (BOM) and XLSX with TR/EN headers, formula cells neutralised', async () => {
    const f = (await create('operator', { notes: '=HYPERLINK("http://evil","x")' })).json().data as FindingDetail;
    await status('admin', f, 'confirmed');
    const csv = await call('customer', 'GET', `/api/turbines/${turbineId}/findings/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="findings-.+\.csv"$/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('No,Türbin,Kanat,Yüzey');
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csv.body).not.toMatch(/,=HYPERLINK/);
    expect(csv.body).toContain('Hücum kenarı,');
    const en = await call('customer', 'GET', '/api/findings/export?format=csv', undefined, { 'accept-language': 'en' });
    expect(en.body).toContain('No,Turbine,Blade,Surface');
    expect(en.body).toContain('Leading edge,');

    const xlsx = await call('admin', 'GET', '/api/findings/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(xlsx.rawPayload));
    const text = Object.entries(files)
      .filter(([name]) => name.startsWith('xl/'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(text).toContain('Kökten uzaklık (m)');
    expect(text).toMatch(/(&apos;|')=HYPERLINK/);
    expect(text).not.toMatch(/>=HYPERLINK/);
    expect(text).not.toMatch(/<f>/);
    // a Marmara user's export holds none of Ege's findings
    const marmara = await call('marmara', 'GET', '/api/findings/export?format=csv');
    expect(marmara.body).not.toContain('HYPERLINK');
  });

  it('shows turbine health in the list and the detail, and the list version moves with findings', async () => {
    const fresh = await insertTurbine(t, egeCompany);
    const year = t.clock.now().getUTCFullYear();
    const photo = await upload('operator', fresh.id, { category: 'drone', year, blade: 'A' }, await makeJpeg(100, 100, { seed: 4 }));
    const make = async (severity: number) =>
      (
        await call('operator', 'POST', `/api/turbines/${fresh.id}/findings`, {
          blade: 'B',
          surface: 'TE',
          type: 'erosion',
          severity,
          observation: { photo_id: photo.id, geometry: FLAT },
        })
      ).json().data as FindingDetail;
    const health = async () => {
      const list = await call('customer', 'GET', '/api/turbines');
      const row = (list.json().data as { id: number; health: unknown }[]).find((x) => x.id === fresh.id);
      const detail = (await call('customer', 'GET', `/api/turbines/${fresh.id}`)).json().data.health;
      expect(row?.health).toEqual(detail);
      return { health: detail, etag: list.headers.etag };
    };
    const empty = await health();
    expect(empty.health).toMatchObject({ worst_open_severity: null, open: 0, overdue: 0, open_by_severity: [0, 0, 0, 0, 0] });
    const s4 = await make(4);
    const s2 = await make(2);
    await make(5); // stays a draft: not open
    expect((await health()).health).toMatchObject({ worst_open_severity: null, open: 0, overdue: 0, open_by_severity: [0, 0, 0, 0, 0] });
    const move = async (f: { id: number; version: number }, to: string, extra: object = {}) => {
      const res = await call('admin', 'POST', `/api/turbines/${fresh.id}/findings/${f.id}/status`, { to, version: f.version, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as FindingDetail;
    };
    await move(await move(s4, 'confirmed'), 'repair_planned', { due_date: '2001-01-01' });
    await move(s2, 'confirmed');
    const after = await health();
    expect(after.health).toMatchObject({ worst_open_severity: 4, open: 2, overdue: 1, open_by_severity: [0, 1, 0, 1, 0] });
    expect(after.etag).not.toBe(empty.etag);
    const listed = (await call('customer', 'GET', `/api/turbines/${fresh.id}/findings?status=open&sort=due_date`)).json().data;
    expect(
      findingSchema
        .array()
        .parse(listed)
        .map((x) => [x.id, x.overdue]),
    ).toEqual([
      [s4.id, true],
      [s2.id, false],
    ]);
  });

  it('keeps turbine health counts right through bulk inserts, updates and deletes made by anyone', async () => {
    const fresh = await insertTurbine(t, egeCompany);
    const author = await userByEmail(t, DEMO.egeOperator);
    const statuses = ['draft', 'confirmed', 'rejected', 'monitoring', 'repair_planned', 'repaired', 'verified'] as const;
    const today = t.clock.now().toISOString().slice(0, 10);
    // what the health must be, counted from the rows themselves
    const expected = async () => {
      const rows = await t.app.ctx.db.select().from(findings).where(eq(findings.turbineId, fresh.id));
      const open = rows.filter((f) => ['confirmed', 'monitoring', 'repair_planned'].includes(f.status));
      return {
        worst_open_severity: open.length ? Math.max(...open.map((f) => f.severity)) : null,
        open: open.length,
        overdue: open.filter((f) => f.dueDate !== null && f.dueDate < today).length,
        open_by_severity: [1, 2, 3, 4, 5].map((severity) => open.filter((f) => f.severity === severity).length),
      };
    };
    const check = async () => {
      const detail = await call('admin', 'GET', `/api/turbines/${fresh.id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().data.health).toMatchObject(await expected());
    };
    await t.app.ctx.db.insert(findings).values(
      Array.from({ length: 40 }, (_, i) => ({
        turbineId: fresh.id,
        blade: 'A',
        surface: 'LE',
        type: 'crack',
        severity: 1 + (i % 5),
        status: statuses[i % statuses.length] ?? 'draft',
        dueDate: i % 3 === 0 ? '2001-01-01' : i % 3 === 1 ? '2999-01-01' : null,
        createdBy: author.id,
        firstSeenYear: 2026,
        lastSeenYear: 2026,
        observationCount: 1,
      })),
    );
    await check();
    expect((await expected()).worst_open_severity).toBe(5);
    // the worst ones repaired, others raised or lowered, drafts confirmed: in single statements over many rows
    await t.app.ctx.db
      .update(findings)
      .set({ status: 'repaired' })
      .where(sql`${findings.turbineId} = ${fresh.id} and ${findings.severity} = 5`);
    await check();
    await t.app.ctx.db
      .update(findings)
      .set({ severity: sql`6 - ${findings.severity}` })
      .where(sql`${findings.turbineId} = ${fresh.id} and ${findings.severity} < 5`);
    await check();
    await t.app.ctx.db
      .update(findings)
      .set({ status: 'confirmed' })
      .where(sql`${findings.turbineId} = ${fresh.id} and ${findings.status} = 'draft'`);
    await check();
    await t.app.ctx.db.delete(findings).where(sql`${findings.turbineId} = ${fresh.id} and ${findings.id} % 2 = 0`);
    await check();
    await t.app.ctx.db.delete(findings).where(eq(findings.turbineId, fresh.id));
    await check();
    expect(await expected()).toMatchObject({ worst_open_severity: null, open: 0, overdue: 0, open_by_severity: [0, 0, 0, 0, 0] });
  });

  it('keeps a long findings list and the overlays of a photo current with every change, per visibility and day', async () => {
    const fresh = await insertTurbine(t, egeCompany);
    const year = t.clock.now().getUTCFullYear();
    const photo = await upload('operator', fresh.id, { category: 'drone', year, blade: 'A' }, await makeJpeg(100, 100, { seed: 6 }));
    const author = await userByEmail(t, DEMO.egeOperator);
    // past the length from which listings are kept: 250 confirmed findings, the first 3 drawn on the photo
    const bulk = await t.app.ctx.db
      .insert(findings)
      .values(
        Array.from({ length: MIN_CACHED_FINDINGS + 50 }, () => ({
          turbineId: fresh.id,
          blade: 'C',
          surface: 'PS',
          type: 'erosion',
          severity: 1,
          status: 'confirmed',
          createdBy: author.id,
          firstSeenYear: year,
          lastSeenYear: year,
          observationCount: 1,
        })),
      )
      .returning({ id: findings.id });
    await t.app.ctx.db
      .insert(findingObservations)
      .values(
        bulk.slice(0, 3).map((f) => ({ findingId: f.id, turbineId: fresh.id, photoId: photo.id, geometry: FLAT, severity: 1, year })),
      );
    const listUrl = `/api/turbines/${fresh.id}/findings`;
    const overlayUrl = `/api/turbines/${fresh.id}/photos/${photo.id}/findings`;
    const list = async (who: string) => {
      const res = await call(who, 'GET', listUrl);
      expect(res.statusCode, res.body).toBe(200);
      return { items: findingSchema.array().parse(res.json().data), etag: String(res.headers.etag) };
    };
    const overlay = async (who: string) => {
      const res = await call(who, 'GET', overlayUrl);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { finding_id: number; severity: number; status: string }[]).map((o) => [
        o.finding_id,
        o.status,
        o.severity,
      ]);
    };
    const staffBefore = await list('admin');
    const customerBefore = await list('customer');
    expect(staffBefore.items).toHaveLength(bulk.length);
    expect(await overlay('operator')).toHaveLength(3);
    expect(await overlay('customer')).toHaveLength(3);
    // unchanged: the same ETag, and 304 for a client that has it
    expect((await list('admin')).etag).toBe(staffBefore.etag);
    expect((await call('admin', 'GET', listUrl, undefined, { 'if-none-match': staffBefore.etag })).statusCode).toBe(304);

    // a draft: staff see it in the list and on the photo, customers in neither
    const draft = (
      await call('operator', 'POST', listUrl, {
        blade: 'A',
        surface: 'LE',
        type: 'crack',
        severity: 4,
        observation: { photo_id: photo.id, geometry: FLAT },
      })
    ).json().data as FindingDetail;
    const staffDraft = await list('admin');
    expect(staffDraft.etag).not.toBe(staffBefore.etag);
    expect(staffDraft.items.map((f) => f.id)).toContain(draft.id);
    expect((await list('customer')).items.map((f) => f.id)).not.toContain(draft.id);
    expect(await overlay('operator')).toContainEqual([draft.id, 'draft', 4]);
    expect((await overlay('customer')).map(([id]) => id)).not.toContain(draft.id);

    // confirmed, then edited: everyone sees each change
    const confirming = await call('admin', 'POST', `${listUrl}/${draft.id}/status`, { to: 'confirmed', version: draft.version });
    expect(confirming.statusCode, confirming.body).toBe(200);
    const confirmed = confirming.json().data as FindingDetail;
    expect((await list('customer')).items.find((f) => f.id === draft.id)?.status).toBe('confirmed');
    expect(await overlay('customer')).toContainEqual([draft.id, 'confirmed', 4]);
    const edited = await call('operator', 'PUT', `${listUrl}/${draft.id}`, { severity: 5, version: confirmed.version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await list('customer')).items.find((f) => f.id === draft.id)?.severity).toBe(5);
    expect(await overlay('customer')).toContainEqual([draft.id, 'confirmed', 5]);

    // a bulk finding planned due tomorrow is overdue the day after tomorrow, with no change to the rows
    const planned = await t.app.ctx.db
      .update(findings)
      .set({ status: 'repair_planned', dueDate: new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10) })
      .where(eq(findings.id, bulk[10]?.id ?? 0))
      .returning({ id: findings.id });
    expect(planned).toHaveLength(1);
    expect((await list('customer')).items.find((f) => f.id === bulk[10]?.id)?.overdue).toBe(false);
    const customerToken = tokens.customer;
    t.clock.advance(2 * 86_400_000);
    try {
      tokens.customer = await t.login(DEMO.egeCustomer);
      expect((await list('customer')).items.find((f) => f.id === bulk[10]?.id)?.overdue).toBe(true);
    } finally {
      t.clock.advance(-2 * 86_400_000);
      tokens.customer = customerToken ?? '';
    }

    // removed rows leave both answers, whoever removes them (here the database itself)
    await t.app.ctx.db.delete(findings).where(eq(findings.id, bulk[0]?.id ?? 0));
    expect((await list('customer')).items).toHaveLength(customerBefore.items.length);
    expect((await overlay('customer')).map(([id]) => id)).not.toContain(bulk[0]?.id);
  });

  it('deletes a turbine with its findings, observations, events and crop files', async () => {
    const fresh = await insertTurbine(t, egeCompany);
    const year = t.clock.now().getUTCFullYear();
    const photo = await upload('operator', fresh.id, { category: 'drone', year, blade: 'A' }, await makeJpeg(100, 100, { seed: 5 }));
    const f = (
      await call('operator', 'POST', `/api/turbines/${fresh.id}/findings`, {
        blade: 'A',
        surface: 'SS',
        type: 'impact',
        severity: 2,
        observation: { photo_id: photo.id, geometry: FLAT },
      })
    ).json().data as FindingDetail;
    expect((await t.app.ctx.storage.list(`turbines/${fresh.id}/findings/`)).length).toBe(1);
    expect((await call('superadmin', 'DELETE', `/api/turbines/${fresh.id}`)).statusCode).toBe(200);
    expect(await t.app.ctx.storage.list(`turbines/${fresh.id}/`)).toEqual([]);
    for (const [table, column] of [
      [findings, findings.id],
      [findingObservations, findingObservations.findingId],
      [findingEvents, findingEvents.findingId],
    ] as const) {
      expect(await t.app.ctx.db.select().from(table).where(eq(column, f.id))).toEqual([]);
    }
  });

  it('lets a draft be deleted by its author or a manager, anything by the superadmin, with its crops', async () => {
    const draft = (await create('operator', {})).json().data as FindingDetail;
    expect((await call('customer', 'DELETE', findingUrl(draft.id))).statusCode).toBe(404);
    const confirmed = (await create('operator', {})).json().data as FindingDetail;
    await status('admin', confirmed, 'confirmed');
    expect((await call('operator', 'DELETE', findingUrl(confirmed.id))).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', findingUrl(confirmed.id))).statusCode).toBe(403);
    expect((await call('superadmin', 'DELETE', findingUrl(confirmed.id))).statusCode).toBe(200);
    const cropKey = decodeURIComponent(draft.observations[0]?.crop_url?.split('?')[0]?.replace('/api/files/', '') ?? '');
    expect(await t.app.ctx.storage.stat(cropKey)).not.toBeNull();
    expect((await call('operator', 'DELETE', findingUrl(draft.id))).statusCode).toBe(200);
    expect(await t.app.ctx.storage.stat(cropKey)).toBeNull();
  });
});
