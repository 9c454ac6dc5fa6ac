/** Linking sightings across years (issue 16) through the API, on the test database (PGlite or PostgreSQL): the ranking
 *  of suggestions, link and dismiss as events, tenant and turbine scope, self links and cycles. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindingDetail, LinkSuggestion } from '@windscope/contract';
import { findingEvents, findingLinkDismissals, findingObservations, findings } from '../db/schema.ts';
import { demoCompanies, insertTurbine, userByEmail } from '../../test/factories.ts';
import { insertFinding } from '../../test/finding-factories.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import type { UserRow } from '../users/presenter.ts';

describe('linking a later sighting to an earlier finding', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let operator: UserRow;
  let ege = 0;
  let marmara = 0;
  const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.call(tokens[who] ?? null, { method, url, ...(payload ? { payload } : {}), headers: { 'accept-language': 'en' } });
  const place = { status: 'confirmed', blade: 'A', surface: 'LE', type: 'crack' } as const;

  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, email] of Object.entries({
      operator: DEMO.egeOperator,
      manager: DEMO.egeManager,
      customer: DEMO.egeCustomer,
      marmara: DEMO.marmaraAdmin,
    }))
      tokens[name] = await t.login(email);
    operator = await userByEmail(t, DEMO.egeOperator);
    ({ ege, marmara } = await demoCompanies(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const suggestionIds = async (turbineId: number, findingId: number, who = 'operator') => {
    const res = await call(who, 'GET', `/api/turbines/${turbineId}/findings/${findingId}/link-suggestions`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as LinkSuggestion[]).map((s) => s.finding.id);
  };

  it('ranks the same type first, then by distance, and offers only earlier years, the same blade, surface and room', async () => {
    const turbine = await insertTurbine(t, ege);
    const later = await insertFinding(t, turbine.id, operator, { ...place, distance: 10, year: 2026 });
    const near = await insertFinding(t, turbine.id, operator, { ...place, distance: 10.2, year: 2025 });
    const far = await insertFinding(t, turbine.id, operator, { ...place, distance: 10.9, year: 2024 });
    const otherType = await insertFinding(t, turbine.id, operator, { ...place, type: 'erosion', distance: 10, year: 2025 });
    // never: too far, other surface, other blade, same year, a later year, rejected
    await insertFinding(t, turbine.id, operator, { ...place, distance: 11.2, year: 2025 });
    await insertFinding(t, turbine.id, operator, { ...place, surface: 'TE', distance: 10, year: 2025 });
    await insertFinding(t, turbine.id, operator, { ...place, blade: 'B', distance: 10, year: 2025 });
    await insertFinding(t, turbine.id, operator, { ...place, distance: 10, year: 2026 });
    await insertFinding(t, turbine.id, operator, { ...place, distance: 10, year: 2027 });
    await insertFinding(t, turbine.id, operator, { ...place, status: 'rejected', distance: 10, year: 2025 });
    expect(await suggestionIds(turbine.id, later.id)).toEqual([near.id, far.id, otherType.id]);

    const res = await call('operator', 'GET', `/api/turbines/${turbine.id}/findings/${later.id}/link-suggestions`);
    const first = (res.json().data as LinkSuggestion[])[0];
    expect(first?.distance_delta_m).toBeCloseTo(0.2);
    expect(first?.same_type).toBe(true);

    // interior: the same room only
    const inside = { ...place, surface: 'interior' } as const;
    const laterInside = await insertFinding(t, turbine.id, operator, { ...inside, room: 3, distance: 5, year: 2026 });
    const sameRoom = await insertFinding(t, turbine.id, operator, { ...inside, room: 3, distance: 5.5, year: 2025 });
    await insertFinding(t, turbine.id, operator, { ...inside, room: 4, distance: 5, year: 2025 });
    expect(await suggestionIds(turbine.id, laterInside.id)).toEqual([sameRoom.id]);

    // a finding already seen over two years is linked: nothing to suggest
    const linked = await insertFinding(t, turbine.id, operator, { ...place, distance: 10, year: 2026 });
    await t.app.ctx.db.update(findings).set({ firstSeenYear: 2024 }).where(eq(findings.id, linked.id));
    expect(await suggestionIds(turbine.id, linked.id)).toEqual([]);
  });

  it('suggests for a placement being drawn, and refuses a bad placement in the user language', async () => {
    const turbine = await insertTurbine(t, ege);
    const earlier = await insertFinding(t, turbine.id, operator, { ...place, distance: 20, year: 2025 });
    const url = `/api/turbines/${turbine.id}/findings/suggestions`;
    const ok = await call('operator', 'POST', url, { blade: 'A', surface: 'LE', distance_from_root_m: 20.6, type: 'crack', year: 2026 });
    expect((ok.json().data as LinkSuggestion[]).map((s) => s.finding.id)).toEqual([earlier.id]);
    const none = await call('operator', 'POST', url, { blade: 'A', surface: 'LE', distance_from_root_m: 20.6, type: 'crack', year: 2025 });
    expect(none.json().data).toEqual([]);
    const bad = await call('operator', 'POST', url, {
      blade: 'A',
      surface: 'interior',
      distance_from_root_m: 2,
      type: 'crack',
      year: 2026,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('FINDING_LINK_INVALID');
    expect(bad.json().message).toMatch(/room/);
    expect(
      (await call('customer', 'POST', url, { blade: 'A', surface: 'LE', distance_from_root_m: 2, type: 'crack', year: 2026 })).statusCode,
    ).toBe(403);
  });

  it('links: the sightings move, the severity is the latest sighting, the later finding goes, its history is kept', async () => {
    const turbine = await insertTurbine(t, ege);
    const earlier = await insertFinding(t, turbine.id, operator, { ...place, distance: 8, year: 2025, severity: 2 });
    const later = await insertFinding(t, turbine.id, operator, { ...place, distance: 8.3, year: 2026, severity: 4 });
    const res = await call('manager', 'POST', `/api/turbines/${turbine.id}/findings/${later.id}/link`, {
      target_id: earlier.id,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The sightings were linked to the earlier finding.');
    const detail = res.json().data as FindingDetail;
    expect(detail.id).toBe(earlier.id);
    expect(detail.severity).toBe(4);
    expect(detail.observations.map((o) => o.year)).toEqual([2025, 2026]);
    expect([detail.first_seen_year, detail.last_seen_year, detail.observation_count]).toEqual([2025, 2026, 2]);
    const linked = detail.events.find((e) => e.kind === 'linked');
    expect(linked?.after?.linked_finding_id).toBe(later.id);
    expect(((linked?.after?.linked_history ?? []) as { kind: string }[]).map((e) => e.kind)).toEqual(['created', 'linked']);
    expect(linked?.before?.severity).toBe(2);
    expect(await t.app.ctx.db.select().from(findings).where(eq(findings.id, later.id))).toEqual([]);
    const moved = await t.app.ctx.db.select().from(findingObservations).where(eq(findingObservations.findingId, earlier.id));
    expect(moved).toHaveLength(2);
    // the later one is gone: a second link is 404
    expect(
      (await call('manager', 'POST', `/api/turbines/${turbine.id}/findings/${later.id}/link`, { target_id: earlier.id, version: 1 }))
        .statusCode,
    ).toBe(404);
  });

  it('the size follows the latest sighting that has one: on linking, on removing a sighting (issue 24 item 3)', async () => {
    const turbine = await insertTurbine(t, ege);
    const earlier = await insertFinding(t, turbine.id, operator, { ...place, distance: 8, year: 2024, lengthMm: 60 });
    const unsized = await insertFinding(t, turbine.id, operator, { ...place, distance: 8.1, year: 2025 });
    const later = await insertFinding(t, turbine.id, operator, { ...place, distance: 8.2, year: 2026, severity: 4, lengthMm: 95 });
    const link = async (source: { id: number }, version: number) => {
      const res = await call('manager', 'POST', `/api/turbines/${turbine.id}/findings/${source.id}/link`, {
        target_id: earlier.id,
        version,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as FindingDetail;
    };
    // a later sighting without a size keeps the size the finding had
    expect((await link(unsized, 1)).length_mm).toBe(60);
    const linked = await link(later, 1);
    expect([linked.severity, linked.length_mm]).toEqual([4, 95]);
    // removing the 95 mm sighting: the latest one with a size is 60 mm again
    const newest = linked.observations.find((o) => o.year === 2026);
    const res = await t.call(tokens.manager ?? null, {
      method: 'DELETE',
      url: `/api/turbines/${turbine.id}/findings/${earlier.id}/observations/${newest?.id}?version=${linked.version}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as FindingDetail).length_mm).toBe(60);
  });

  it('refuses self links, links forward in time (a cycle), stale versions, other turbines and companies', async () => {
    const turbine = await insertTurbine(t, ege);
    const otherTurbine = await insertTurbine(t, ege);
    const marmaraTurbine = await insertTurbine(t, marmara);
    const earlier = await insertFinding(t, turbine.id, operator, { ...place, distance: 8, year: 2025 });
    const later = await insertFinding(t, turbine.id, operator, { ...place, distance: 8, year: 2026 });
    const elsewhere = await insertFinding(t, otherTurbine.id, operator, { ...place, distance: 8, year: 2025 });
    const marmaraOne = await insertFinding(t, marmaraTurbine.id, operator, { ...place, distance: 8, year: 2025 });
    const link = (id: number, target: number, extra: object = {}) =>
      call('manager', 'POST', `/api/turbines/${turbine.id}/findings/${id}/link`, { target_id: target, version: 1, ...extra });

    const self = await link(later.id, later.id);
    expect([self.statusCode, self.json().code]).toEqual([400, 'FINDING_LINK_SELF']);
    const backwards = await link(earlier.id, later.id);
    expect([backwards.statusCode, backwards.json().code]).toEqual([409, 'FINDING_LINK_NOT_EARLIER']);
    expect((await link(later.id, elsewhere.id)).statusCode).toBe(404);
    expect((await link(later.id, marmaraOne.id)).statusCode).toBe(404);
    const marmaraCall = await call('marmara', 'POST', `/api/turbines/${turbine.id}/findings/${later.id}/link`, {
      target_id: earlier.id,
      version: 1,
    });
    expect(marmaraCall.statusCode).toBe(404);
    expect((await link(later.id, earlier.id, { version: 7 })).statusCode).toBe(409);
    expect(
      (await call('customer', 'POST', `/api/turbines/${turbine.id}/findings/${later.id}/link`, { target_id: earlier.id, version: 1 }))
        .statusCode,
    ).toBe(403);
    // nothing moved
    const rows = await t.app.ctx.db.select().from(findingObservations).where(eq(findingObservations.findingId, later.id));
    expect(rows).toHaveLength(1);
  });

  it('dismisses: an event, never suggested again, once per pair', async () => {
    const turbine = await insertTurbine(t, ege);
    const earlier = await insertFinding(t, turbine.id, operator, { ...place, distance: 3, year: 2025 });
    const later = await insertFinding(t, turbine.id, operator, { ...place, distance: 3, year: 2026 });
    expect(await suggestionIds(turbine.id, later.id)).toEqual([earlier.id]);
    const url = `/api/turbines/${turbine.id}/findings/${later.id}/link-suggestions/${earlier.id}/dismiss`;
    const res = await call('operator', 'POST', url);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('operator', 'POST', url)).statusCode).toBe(200);
    expect(await suggestionIds(turbine.id, later.id)).toEqual([]);
    const events = await t.app.ctx.db.select().from(findingEvents).where(eq(findingEvents.findingId, later.id));
    expect(events.filter((e) => e.kind === 'link_dismissed').map((e) => e.after)).toEqual([{ target_id: earlier.id }]);
    expect(await t.app.ctx.db.select().from(findingLinkDismissals).where(eq(findingLinkDismissals.findingId, later.id))).toHaveLength(1);
    const review = await call('operator', 'GET', `/api/turbines/${turbine.id}/findings/link-review?year=2026`);
    expect(review.json().data).toEqual([]);
    const self = await call('operator', 'POST', `/api/turbines/${turbine.id}/findings/${later.id}/link-suggestions/${later.id}/dismiss`);
    expect(self.statusCode).toBe(400);
  });

  it('reviews a turbine and year: each unlinked finding of the year with its suggestions, best first', async () => {
    const turbine = await insertTurbine(t, ege);
    const a2025 = await insertFinding(t, turbine.id, operator, { ...place, distance: 4, year: 2025 });
    const b2025 = await insertFinding(t, turbine.id, operator, { ...place, distance: 4.8, year: 2025 });
    const a2026 = await insertFinding(t, turbine.id, operator, { ...place, distance: 4.1, year: 2026 });
    await insertFinding(t, turbine.id, operator, { ...place, distance: 30, year: 2026 });
    const res = await call('operator', 'GET', `/api/turbines/${turbine.id}/findings/link-review?year=2026`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data as { finding: { id: number }; suggestions: LinkSuggestion[] }[];
    expect(items.map((i) => [i.finding.id, i.suggestions.map((s) => s.finding.id)])).toEqual([[a2026.id, [a2025.id, b2025.id]]]);
  });
});
