/** Inspection campaigns (issue 17, item 1): the board's states derived from photos, findings, waivers and reports;
 *  waivers with who and why; another company's campaign; permissions per role. Real database (PGlite or PostgreSQL). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignBoard } from '@windscope/contract';
import { eq } from 'drizzle-orm';
import { photos, reports } from '../db/schema.ts';
import { insertCampaign } from '../../test/campaign-factories.ts';
import { type DemoCompanies, demoCompanies, insertReport, insertTurbine, unique, userByEmail } from '../../test/factories.ts';
import { insertFinding } from '../../test/finding-factories.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import type { UserRow } from '../users/presenter.ts';

let t: TestApp;
let ids: DemoCompanies;
const tokens: Record<string, string> = {};
let operator: UserRow;
let manager: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoCompanies(t);
  for (const [k, email] of Object.entries(DEMO)) tokens[k] = await t.login(email);
  operator = await userByEmail(t, DEMO.egeOperator);
  manager = await userByEmail(t, DEMO.egeManager);
});
afterAll(async () => {
  await t?.close();
});

const call = (who: keyof typeof DEMO, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, language = 'tr') =>
  t.call(tokens[who] ?? '', {
    method,
    url,
    headers: { 'x-language': language },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function photo(
  turbineId: number,
  cell: { category: 'drone' | 'operator' | 'robot' | null; blade: 'A' | 'B' | 'C'; room?: number; year?: number },
) {
  const name = `c-${unique()}.jpg`;
  const year = cell.year ?? 2026;
  await t.app.ctx.db.insert(photos).values({
    turbineId,
    storageKey: `turbines/${turbineId}/x/${year}/${cell.blade}/${cell.room ?? 0}/${Date.now()}-1-${name}`,
    originalName: name,
    room: cell.category === null ? (cell.room ?? 1) : null,
    blade: cell.blade,
    category: cell.category,
    year,
    month: 6,
    sizeBytes: 10,
    mimeType: 'image/jpeg',
    sha256: '0'.repeat(64),
    derivatives: 'ready',
    uploadedBy: operator.id,
  });
}

async function board(campaignId: number, who: keyof typeof DEMO = 'egeManager'): Promise<CampaignBoard> {
  const res = await call(who, 'GET', `/api/campaigns/${campaignId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const rowOf = (b: CampaignBoard, turbineId: number) => {
  const row = b.rows.find((r) => r.turbine_id === turbineId);
  if (!row) throw new Error(`no board row for ${turbineId}`);
  return row;
};

describe('campaign board states', () => {
  it('moves a turbine planned -> captured -> coverage complete -> reviewed -> report issued, each step able to fail', async () => {
    const turbine = await insertTurbine(t, ids.ege, { rooms: 1 });
    const other = await insertTurbine(t, ids.ege, { rooms: 1 });
    const created = await call('egeManager', 'POST', '/api/campaigns', {
      name: 'Bahar 2026',
      year: 2026,
      methods: ['drone', 'interior'],
      planned_start: '2026-04-01',
      planned_end: '2026-04-30',
      turbine_ids: [turbine.id, other.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json().data;
    expect(campaign).toMatchObject({ company_id: ids.ege, name: 'Bahar 2026', methods: ['drone', 'interior'] });
    expect(campaign.created_by_name).toBe(`${manager.firstName} ${manager.lastName}`);

    let b = await board(campaign.id);
    expect(rowOf(b, turbine.id).state).toBe('planned');
    expect(b.reached).toEqual({ planned: 2, captured: 0, coverage_complete: 0, reviewed: 0, report_issued: 0 });

    // one method captured, the other not: still planned; a photo of another year does not count
    await photo(turbine.id, { category: 'drone', blade: 'A' });
    await photo(turbine.id, { category: null, blade: 'A', room: 1, year: 2025 });
    b = await board(campaign.id);
    expect(rowOf(b, turbine.id).state).toBe('planned');
    expect(rowOf(b, turbine.id).methods.map((m) => [m.method, m.captured, m.photo_count])).toEqual([
      ['drone', true, 1],
      ['interior', false, 0],
    ]);

    // both captured: drone misses blades B and C, interior misses rooms 1 of B and C
    await photo(turbine.id, { category: null, blade: 'A', room: 1 });
    b = await board(campaign.id);
    expect(rowOf(b, turbine.id).state).toBe('captured');
    expect(rowOf(b, turbine.id).missing_count).toBe(4);
    expect(rowOf(b, turbine.id).methods[1]?.missing).toEqual([
      { blade: 'B', room: 1 },
      { blade: 'C', room: 1 },
    ]);

    // every cell but one: still captured (the coverage route's cells)
    await photo(turbine.id, { category: 'drone', blade: 'B' });
    await photo(turbine.id, { category: 'drone', blade: 'C' });
    await photo(turbine.id, { category: null, blade: 'B', room: 1 });
    const coverage = (await call('egeManager', 'GET', `/api/turbines/${turbine.id}/coverage?year=2026`)).json().data;
    b = await board(campaign.id);
    expect(rowOf(b, turbine.id).state).toBe('captured');
    expect(rowOf(b, turbine.id).missing_count).toBe(1);
    expect(coverage.empty.filter((c: { source?: string }) => c.source === undefined || c.source === 'drone')).toEqual([
      { blade: 'C', room: 1 },
    ]);

    // a draft finding of the year; one of an earlier year does not count
    const draft = await insertFinding(t, turbine.id, operator, { status: 'draft' });
    await insertFinding(t, turbine.id, operator, { status: 'draft', year: 2024 });

    // the missing cell waived with a reason: coverage complete, the draft holds it there
    const waived = await call('egeManager', 'POST', `/api/campaigns/${campaign.id}/waivers`, {
      turbine_id: turbine.id,
      method: 'interior',
      blade: 'C',
      room: 1,
      reason: 'C kanadı iç erişimi kapalı',
    });
    expect(waived.statusCode, waived.body).toBe(201);
    const waiver = waived.json().data;
    expect(waiver).toMatchObject({
      reason: 'C kanadı iç erişimi kapalı',
      created_by_name: `${manager.firstName} ${manager.lastName}`,
      removed_at: null,
    });
    b = await board(campaign.id);
    expect(rowOf(b, turbine.id)).toMatchObject({ state: 'coverage_complete', missing_count: 0, drafts: 1 });
    expect(rowOf(b, turbine.id).methods[1]?.waived_cells).toBe(1);
    // customers do not see how many drafts there are, only where the turbine stands
    expect(rowOf(await board(campaign.id, 'egeCustomer'), turbine.id)).toMatchObject({ state: 'coverage_complete', drafts: null });

    // the draft confirmed by a manager (not its author): reviewed
    const confirmed = await call('egeManager', 'POST', `/api/turbines/${turbine.id}/findings/${draft.id}/status`, {
      to: 'confirmed',
      version: 1,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    b = await board(campaign.id);
    expect(rowOf(b, turbine.id)).toMatchObject({ state: 'reviewed', drafts: 0, report: null });

    // a report of another year does not issue it; one of the campaign's year does
    const earlier = await insertReport(t, turbine.id, operator);
    await t.app.ctx.db.update(reports).set({ year: 2025 }).where(eq(reports.id, earlier.id));
    expect(rowOf(await board(campaign.id), turbine.id).state).toBe('reviewed');
    const report = await insertReport(t, turbine.id, operator);
    b = await board(campaign.id);
    expect(rowOf(b, turbine.id).state).toBe('report_issued');
    expect(rowOf(b, turbine.id).report?.id).toBe(report.id);
    expect(b.reached).toEqual({ planned: 2, captured: 1, coverage_complete: 1, reviewed: 1, report_issued: 1 });
    expect(rowOf(b, other.id).state).toBe('planned');
    expect(rowOf(b, turbine.id).report_outdated).toBeNull();

    // a finding of the year changed after the report (issue 24 item 11): the report no longer counts as issued, and
    // the board says what changed; a newer report issues it again
    t.clock.advance(60_000);
    const rerated = await call('egeManager', 'PUT', `/api/turbines/${turbine.id}/findings/${draft.id}`, { version: 2, severity: 4 });
    expect(rerated.statusCode, rerated.body).toBe(200);
    b = await board(campaign.id);
    expect(rowOf(b, turbine.id)).toMatchObject({ state: 'reviewed', report_outdated: { changed_findings: 1 } });
    expect(b.reached.report_issued).toBe(0);
    t.clock.advance(60_000);
    const newer = await insertReport(t, turbine.id, operator);
    await t.app.ctx.db.update(reports).set({ createdAt: t.clock.now() }).where(eq(reports.id, newer.id));
    b = await board(campaign.id);
    expect(rowOf(b, turbine.id)).toMatchObject({ state: 'report_issued', report_outdated: null, report: { id: newer.id } });

    // the waiver removed: back to captured, and the waiver stays as history with who removed it
    const removed = await call('egeAdmin', 'DELETE', `/api/campaigns/${campaign.id}/waivers/${waiver.id}`);
    expect(removed.statusCode).toBe(200);
    b = await board(campaign.id);
    expect(rowOf(b, turbine.id).state).toBe('captured');
    const admin = await userByEmail(t, DEMO.egeAdmin);
    expect(b.waivers.find((w) => w.id === waiver.id)).toMatchObject({
      reason: 'C kanadı iç erişimi kapalı',
      created_by_name: `${manager.firstName} ${manager.lastName}`,
      removed_by_name: `${admin.firstName} ${admin.lastName}`,
    });
    expect(b.waivers.find((w) => w.id === waiver.id)?.removed_at).not.toBeNull();
    // removing it again: not found
    expect((await call('egeAdmin', 'DELETE', `/api/campaigns/${campaign.id}/waivers/${waiver.id}`)).statusCode).toBe(404);
  });

  it('a whole-method waiver counts as captured and covered; a cell of an unplanned method or a turbine out of scope is refused', async () => {
    const turbine = await insertTurbine(t, ids.ege, { rooms: 2 });
    const outside = await insertTurbine(t, ids.ege);
    const campaign = await insertCampaign(t, ids.ege, [turbine.id], { methods: ['drone', 'robot'] });
    for (const blade of ['A', 'B', 'C'] as const) await photo(turbine.id, { category: 'drone', blade });
    expect(rowOf(await board(campaign.id), turbine.id).state).toBe('planned');
    const url = `/api/campaigns/${campaign.id}/waivers`;
    const whole = await call('egeManager', 'POST', url, { turbine_id: turbine.id, method: 'robot', reason: 'Robot arızalı' });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(rowOf(await board(campaign.id), turbine.id)).toMatchObject({ state: 'reviewed', missing_count: 0 });
    // the same cell twice
    const again = await call('egeManager', 'POST', url, { turbine_id: turbine.id, method: 'robot', reason: 'tekrar' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CAMPAIGN_WAIVER_EXISTS');
    const notPlanned = await call('egeManager', 'POST', url, { turbine_id: turbine.id, method: 'operator', reason: 'x' });
    expect(notPlanned.json()).toMatchObject({ code: 'CAMPAIGN_WAIVER_METHOD_NOT_PLANNED', message: 'Bu yöntem kampanyada planlanmamış.' });
    const outOfScope = await call('egeManager', 'POST', url, { turbine_id: outside.id, method: 'drone', reason: 'x' }, 'en');
    expect(outOfScope.json()).toMatchObject({
      code: 'CAMPAIGN_WAIVER_TURBINE_NOT_IN_SCOPE',
      message: 'This turbine is not in the campaign.',
    });
    // a reason is required, in the user's language
    const noReason = await call('egeManager', 'POST', url, { turbine_id: turbine.id, method: 'drone', blade: 'A', reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ code: 'CAMPAIGN_WAIVER_REASON_REQUIRED', message: 'Muafiyet için bir gerekçe yazın.' });
    // a room only for interior, and within the turbine's rooms
    const roomOnDrone = await call('egeManager', 'POST', url, {
      turbine_id: turbine.id,
      method: 'drone',
      blade: 'A',
      room: 1,
      reason: 'x',
    });
    expect(roomOnDrone.json().code).toBe('CAMPAIGN_WAIVER_CELL_INVALID');
  });
});

describe('campaign scope and permissions', () => {
  it("answers 404 for another company's campaign on every route; the superadmin sees it", async () => {
    const marmaraTurbine = await insertTurbine(t, ids.marmara);
    const campaign = await insertCampaign(t, ids.marmara, [marmaraTurbine.id]);
    const url = `/api/campaigns/${campaign.id}`;
    for (const who of ['egeAdmin', 'egeManager', 'egeOperator', 'egeCustomer', 'egeViewer'] as const) {
      expect((await call(who, 'GET', url)).statusCode, who).toBe(404);
      expect((await call(who, 'GET', url)).json().code).toBe('CAMPAIGN_NOT_FOUND');
      expect((await call(who, 'PUT', url, { name: 'x' })).statusCode, who).toBe(404);
      expect((await call(who, 'DELETE', url)).statusCode, who).toBe(404);
      expect((await call(who, 'POST', `${url}/waivers`, { turbine_id: marmaraTurbine.id, method: 'drone', reason: 'x' })).statusCode).toBe(
        404,
      );
      const list = (await call(who, 'GET', '/api/campaigns')).json().data as { id: number }[];
      expect(list.map((c) => c.id)).not.toContain(campaign.id);
    }
    expect((await call('superadmin', 'GET', url)).statusCode).toBe(200);
    expect((await call('marmaraOperator', 'GET', url)).statusCode).toBe(200);
  });

  it("keeps turbines in scope to the campaign's company", async () => {
    const ege = await insertTurbine(t, ids.ege);
    const marmara = await insertTurbine(t, ids.marmara, { code: `MAR-${unique()}` });
    const body = { name: 'Kapsam', year: 2026, methods: ['drone'], planned_start: '2026-05-01', planned_end: '2026-05-02' };
    // a manager does not even see the other company's turbine
    const byManager = await call('egeManager', 'POST', '/api/campaigns', { ...body, turbine_ids: [ege.id, marmara.id] });
    expect(byManager.statusCode).toBe(404);
    expect(byManager.json()).toMatchObject({
      code: 'CAMPAIGN_TURBINE_NOT_FOUND',
      message: `Seçilen türbinlerden biri bulunamadı: ${marmara.id}.`,
    });
    // the superadmin sees it, and is told it belongs to another company
    const bySuperadmin = await call(
      'superadmin',
      'POST',
      '/api/campaigns',
      { ...body, company_id: ids.ege, turbine_ids: [ege.id, marmara.id] },
      'en',
    );
    expect(bySuperadmin.statusCode).toBe(400);
    expect(bySuperadmin.json().code).toBe('CAMPAIGN_TURBINE_OTHER_COMPANY');
    expect(bySuperadmin.json().message).toContain(marmara.code);
    // ... and must name the company
    expect((await call('superadmin', 'POST', '/api/campaigns', { ...body, turbine_ids: [ege.id] })).json().code).toBe(
      'CAMPAIGN_COMPANY_REQUIRED',
    );
    // editing: the same rule; nothing written by a refused edit
    const campaign = await insertCampaign(t, ids.ege, [ege.id]);
    const edit = await call('superadmin', 'PUT', `/api/campaigns/${campaign.id}`, { name: 'Yeni', turbine_ids: [marmara.id] });
    expect(edit.statusCode).toBe(400);
    expect((await board(campaign.id)).campaign).toMatchObject({ name: campaign.name, turbine_ids: [ege.id] });
    // end before start
    const dates = await call('egeManager', 'PUT', `/api/campaigns/${campaign.id}`, { planned_end: '2026-04-01' });
    expect(dates.json().code).toBe('CAMPAIGN_DATES_ORDER');
  });

  it('lets managers and the superadmin plan, edit, delete and waive; everyone of the company reads the board', async () => {
    const turbine = await insertTurbine(t, ids.ege);
    const second = await insertTurbine(t, ids.ege);
    const body = {
      name: 'Roller',
      year: 2026,
      methods: ['drone'],
      planned_start: '2026-05-01',
      planned_end: '2026-05-02',
      turbine_ids: [turbine.id],
    };
    for (const who of ['egeOperator', 'egeCustomer', 'egeViewer'] as const) {
      expect((await call(who, 'POST', '/api/campaigns', body)).statusCode, who).toBe(403);
    }
    const created = await call('egeAdmin', 'POST', '/api/campaigns', body);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    for (const who of ['egeOperator', 'egeCustomer', 'egeViewer'] as const) {
      expect((await call(who, 'GET', `/api/campaigns/${id}`)).statusCode, who).toBe(200);
      expect((await call(who, 'PUT', `/api/campaigns/${id}`, { name: 'x' })).statusCode, who).toBe(403);
      expect(
        (await call(who, 'POST', `/api/campaigns/${id}/waivers`, { turbine_id: turbine.id, method: 'drone', reason: 'x' })).statusCode,
      ).toBe(403);
      expect((await call(who, 'DELETE', `/api/campaigns/${id}`)).statusCode, who).toBe(403);
    }
    const edited = await call('egeManager', 'PUT', `/api/campaigns/${id}`, {
      methods: ['drone', 'robot'],
      turbine_ids: [turbine.id, second.id],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ methods: ['drone', 'robot'], turbine_ids: [turbine.id, second.id].sort((a, b) => a - b) });
    const bySuperadmin = await call('superadmin', 'PUT', `/api/campaigns/${id}`, { turbine_ids: [second.id] });
    expect(bySuperadmin.json().data.turbine_ids).toEqual([second.id]);
    expect((await board(id)).rows.map((r) => r.turbine_id)).toEqual([second.id]);
    expect((await call('egeManager', 'DELETE', `/api/campaigns/${id}`)).statusCode).toBe(200);
    expect((await call('egeManager', 'GET', `/api/campaigns/${id}`)).statusCode).toBe(404);
  });
});
