/** The review rules of §12 on the routes that reach the same state another way (issue 23): linking is a reviewer's
 *  step unless it is the caller's own draft, on the same place, never with a rejected finding, always with the version;
 *  a repaired or verified finding keeps its repair evidence; a refused status change names the statuses, and a stale
 *  one says it is stale. On the test database (PGlite or PostgreSQL). */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindingDetail } from '@windscope/contract';
import { findingObservations, findings } from '../db/schema.ts';
import { demoCompanies, insertTurbine, userByEmail } from '../../test/factories.ts';
import { FLAT_BOX, insertFinding, insertKindPhoto } from '../../test/finding-factories.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import type { UserRow } from '../users/presenter.ts';

describe('the review rules on every route that reaches the same state', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let operator: UserRow;
  let manager: UserRow;
  let ege = 0;
  const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, lang = 'en') =>
    t.call(tokens[who] ?? null, { method, url, ...(payload ? { payload } : {}), headers: { 'accept-language': lang } });
  const place = { blade: 'A', surface: 'LE', type: 'crack', distance: 10 } as const;
  const linkUrl = (turbineId: number, id: number) => `/api/turbines/${turbineId}/findings/${id}/link`;
  const exists = async (id: number) => (await t.app.ctx.db.select().from(findings).where(eq(findings.id, id))).length === 1;

  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, email] of Object.entries({ operator: DEMO.egeOperator, manager: DEMO.egeManager, admin: DEMO.egeAdmin }))
      tokens[name] = await t.login(email);
    operator = await userByEmail(t, DEMO.egeOperator);
    manager = await userByEmail(t, DEMO.egeManager);
    ({ ege } = await demoCompanies(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets an operator link only their own draft; a reviewed finding or another author’s draft needs a reviewer', async () => {
    const turbine = await insertTurbine(t, ege);
    const earlier = await insertFinding(t, turbine.id, manager, { ...place, status: 'confirmed', year: 2025 });
    for (const status of ['confirmed', 'repair_planned', 'monitoring'] as const) {
      const later = await insertFinding(t, turbine.id, operator, { ...place, status, year: 2026, dueDate: '2027-01-01' });
      const res = await call('operator', 'POST', linkUrl(turbine.id, later.id), { target_id: earlier.id, version: 1 });
      expect([res.statusCode, res.json().code], res.body).toEqual([403, 'FINDING_LINK_REVIEW_REQUIRED']);
      expect(res.json().message).toBe(
        'Only a reviewer (a manager who is not its author) can link a reviewed finding or someone else’s draft.',
      );
      expect(await exists(later.id)).toBe(true);
    }
    const tr = await call(
      'operator',
      'POST',
      linkUrl(turbine.id, (await insertFinding(t, turbine.id, operator, { ...place, status: 'confirmed', year: 2026 })).id),
      { target_id: earlier.id, version: 1 },
      'tr',
    );
    expect(tr.json().message).toMatch(/^İncelenmiş bir bulguyu/);
    // someone else's draft
    const othersDraft = await insertFinding(t, turbine.id, manager, { ...place, year: 2026 });
    expect((await call('operator', 'POST', linkUrl(turbine.id, othersDraft.id), { target_id: earlier.id, version: 1 })).statusCode).toBe(
      403,
    );
    // a manager is no reviewer of their own finding once it is reviewed
    const ownConfirmed = await insertFinding(t, turbine.id, manager, { ...place, status: 'confirmed', year: 2026 });
    expect((await call('manager', 'POST', linkUrl(turbine.id, ownConfirmed.id), { target_id: earlier.id, version: 1 })).json().code).toBe(
      'FINDING_LINK_REVIEW_REQUIRED',
    );
    // the operator's own draft: linked
    const ownDraft = await insertFinding(t, turbine.id, operator, { ...place, year: 2026 });
    const ok = await call('operator', 'POST', linkUrl(turbine.id, ownDraft.id), { target_id: earlier.id, version: 1 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await exists(ownDraft.id)).toBe(false);
  });

  it('needs the version, the same blade, surface and room, and never links a rejected finding', async () => {
    const turbine = await insertTurbine(t, ege);
    const earlier = await insertFinding(t, turbine.id, operator, { ...place, status: 'confirmed', year: 2025 });
    const later = await insertFinding(t, turbine.id, operator, { ...place, status: 'confirmed', year: 2026 });
    const noVersion = await call('manager', 'POST', linkUrl(turbine.id, later.id), { target_id: earlier.id });
    expect(noVersion.statusCode).toBe(400);
    const stale = await call('manager', 'POST', linkUrl(turbine.id, later.id), { target_id: earlier.id, version: 2 });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'FINDING_STALE']);

    const otherBlade = await insertFinding(t, turbine.id, operator, { ...place, blade: 'B', status: 'confirmed', year: 2025 });
    const otherSurface = await insertFinding(t, turbine.id, operator, { ...place, surface: 'TE', status: 'confirmed', year: 2025 });
    for (const target of [otherBlade, otherSurface]) {
      const res = await call('manager', 'POST', linkUrl(turbine.id, later.id), { target_id: target.id, version: 1 });
      expect([res.statusCode, res.json().code]).toEqual([409, 'FINDING_LINK_OTHER_PLACE']);
    }
    const inside = { ...place, surface: 'interior' } as const;
    const room3 = await insertFinding(t, turbine.id, operator, { ...inside, room: 3, status: 'confirmed', year: 2025 });
    const room4 = await insertFinding(t, turbine.id, operator, { ...inside, room: 4, status: 'confirmed', year: 2026 });
    expect((await call('manager', 'POST', linkUrl(turbine.id, room4.id), { target_id: room3.id, version: 1 })).json().code).toBe(
      'FINDING_LINK_OTHER_PLACE',
    );

    const rejectedTarget = await insertFinding(t, turbine.id, operator, { ...place, status: 'rejected', year: 2025 });
    const intoRejected = await call('manager', 'POST', linkUrl(turbine.id, later.id), { target_id: rejectedTarget.id, version: 1 });
    expect([intoRejected.statusCode, intoRejected.json().code]).toEqual([409, 'FINDING_LINK_REJECTED']);
    const rejectedSource = await insertFinding(t, turbine.id, operator, { ...place, status: 'rejected', severity: 5, year: 2026 });
    for (const who of ['manager', 'operator']) {
      const res = await call(who, 'POST', linkUrl(turbine.id, rejectedSource.id), { target_id: earlier.id, version: 1 });
      expect([res.statusCode, res.json().code]).toEqual([409, 'FINDING_LINK_REJECTED']);
    }
    // nothing moved, the target's severity untouched
    expect(await exists(rejectedSource.id)).toBe(true);
    const [target] = await t.app.ctx.db.select().from(findings).where(eq(findings.id, earlier.id));
    expect(target?.severity).toBe(3);
  });

  it('keeps the target’s status and due date, and the link is an event on both findings', async () => {
    const turbine = await insertTurbine(t, ege);
    const earlier = await insertFinding(t, turbine.id, operator, {
      ...place,
      status: 'repair_planned',
      dueDate: '2027-03-01',
      year: 2025,
      severity: 3,
    });
    const later = await insertFinding(t, turbine.id, operator, { ...place, status: 'confirmed', year: 2026, severity: 4 });
    const res = await call('manager', 'POST', linkUrl(turbine.id, later.id), { target_id: earlier.id, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data as FindingDetail;
    expect(detail).toMatchObject({ id: earlier.id, status: 'repair_planned', due_date: '2027-03-01', severity: 4 });
    const event = detail.events.find((e) => e.kind === 'linked');
    expect(event?.before).toMatchObject({ status: 'repair_planned', due_date: '2027-03-01' });
    expect(event?.after).toMatchObject({ status: 'repair_planned', due_date: '2027-03-01', linked_finding_id: later.id });
    const history = (event?.after?.linked_history ?? []) as { kind: string; after: { target_id?: number } | null }[];
    expect(history.map((e) => e.kind)).toEqual(['created', 'linked']);
    expect(history.at(-1)?.after).toEqual({ target_id: earlier.id });
  });

  it('keeps the repair evidence of a repaired or verified finding (409 in the user’s language), not of a planned one', async () => {
    const turbine = await insertTurbine(t, ege);
    const repairPhoto = await insertKindPhoto(t, turbine.id, operator, { category: 'operator' });
    const withEvidence = async (status: 'repaired' | 'verified' | 'repair_planned') => {
      const f = await insertFinding(t, turbine.id, operator, {
        ...place,
        status,
        repairedBy: status === 'repair_planned' ? null : operator.id,
      });
      const [evidence] = await t.app.ctx.db
        .insert(findingObservations)
        .values({
          findingId: f.id,
          turbineId: turbine.id,
          photoId: repairPhoto.id,
          kind: 'repair',
          geometry: FLAT_BOX,
          severity: 3,
          year: 2026,
        })
        .returning();
      await t.app.ctx.db.update(findings).set({ observationCount: 2 }).where(eq(findings.id, f.id));
      return { f, evidence: evidence?.id ?? 0 };
    };
    for (const status of ['repaired', 'verified'] as const) {
      const { f, evidence } = await withEvidence(status);
      const url = `/api/turbines/${turbine.id}/findings/${f.id}/observations/${evidence}?version=1`;
      const en = await call('admin', 'DELETE', url);
      expect([en.statusCode, en.json().code], en.body).toEqual([409, 'FINDING_REPAIR_EVIDENCE_KEPT']);
      expect(en.json().message).toMatch(/^This repair evidence belongs to a repaired or verified finding and cannot be removed/);
      expect((await call('admin', 'DELETE', url, undefined, 'tr')).json().message).toMatch(/^Bu onarım kanıtı/);
      const kept = await t.app.ctx.db
        .select()
        .from(findingObservations)
        .where(and(eq(findingObservations.findingId, f.id), eq(findingObservations.kind, 'repair')));
      expect(kept).toHaveLength(1);
    }
    const { f, evidence } = await withEvidence('repair_planned');
    const planned = await call('admin', 'DELETE', `/api/turbines/${turbine.id}/findings/${f.id}/observations/${evidence}?version=1`);
    expect(planned.statusCode, planned.body).toBe(200);
  });

  it('names the statuses of a refused step in both languages, and answers a stale repeat of a step as stale', async () => {
    const turbine = await insertTurbine(t, ege);
    const f = await insertFinding(t, turbine.id, operator, { ...place, status: 'confirmed' });
    const url = `/api/turbines/${turbine.id}/findings/${f.id}/status`;
    const en = await call('admin', 'POST', url, { to: 'verified', version: 1 });
    expect([en.statusCode, en.json().code]).toEqual([409, 'FINDING_TRANSITION_INVALID']);
    expect(en.json().message).toBe('A finding that is "Confirmed" cannot be moved to "Verified".');
    const tr = await call('admin', 'POST', url, { to: 'verified', version: 1 }, 'tr');
    expect(tr.json().message).toBe('"Onaylandı" durumundaki bir bulgu "Doğrulandı" durumuna geçirilemez.');

    // two managers confirm the same draft: the second, from the old version, is told it is stale
    const draft = await insertFinding(t, turbine.id, operator, { ...place });
    const draftUrl = `/api/turbines/${turbine.id}/findings/${draft.id}/status`;
    expect((await call('admin', 'POST', draftUrl, { to: 'confirmed', version: 1 })).statusCode).toBe(200);
    const second = await call('manager', 'POST', draftUrl, { to: 'confirmed', version: 1 });
    expect([second.statusCode, second.json().code]).toEqual([409, 'FINDING_STALE']);
  });
});
