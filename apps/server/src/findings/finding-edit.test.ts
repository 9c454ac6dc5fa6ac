/** Issue 24 item 1: editing a finding's fields through PUT, on the test database (PGlite or PostgreSQL): who may (§12,
 *  from the contract's table), the same validation as creating one, the version (a stale edit is 409 and changes
 *  nothing), one 'updated' event with the fields before and after, and the latest sighting corrected with the severity
 *  and size, so a later removal of another sighting (which recomputes both from the sightings) keeps the edit. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindingDetail } from '@windscope/contract';
import { findingObservations, findings } from '../db/schema.ts';
import { demoCompanies, insertTurbine, userByEmail } from '../../test/factories.ts';
import { insertFinding, insertKindPhoto, signInFindingsCast } from '../../test/finding-factories.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

describe('editing a finding (PUT /turbines/{id}/findings/{findingId})', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let turbineId: number;
  let operator: Awaited<ReturnType<typeof userByEmail>>;

  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'tr') =>
    t.call(tokens[who] ?? null, { method, url, ...(payload ? { payload } : {}), headers: { 'accept-language': lang } });
  const url = (id: number, rest = '') => `/api/turbines/${turbineId}/findings/${id}${rest}`;
  const detail = async (id: number) => (await call('admin', 'GET', url(id))).json().data as FindingDetail;
  const versionOf = async (id: number) => (await t.app.ctx.db.select().from(findings).where(eq(findings.id, id)))[0]?.version;

  beforeAll(async () => {
    t = await createTestApp();
    Object.assign(tokens, await signInFindingsCast(t));
    operator = await userByEmail(t, DEMO.egeOperator);
    turbineId = (await insertTurbine(t, (await demoCompanies(t)).ege)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets exactly superadmin, managers and operators edit (§12); customers and viewers are refused, another company not found', async () => {
    const f = await insertFinding(t, turbineId, operator, { status: 'confirmed', severity: 2 });
    const expected: Record<string, number> = {
      superadmin: 200,
      admin: 200,
      manager: 200,
      operator: 200,
      customer: 403,
      viewer: 403,
      marmara: 404,
    };
    for (const [who, code] of Object.entries(expected)) {
      const version = await versionOf(f.id);
      const res = await call(who, 'PUT', url(f.id), { version, notes: `by ${who}` });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(code);
    }
    // a customer never sees a draft at all
    const draft = await insertFinding(t, turbineId, operator, { status: 'draft' });
    expect((await call('customer', 'PUT', url(draft.id), { version: 1, notes: 'x' })).statusCode).toBe(404);
    expect((await detail(f.id)).notes).toBe('by operator');
  });

  it('refuses what creating refuses, with the same message code, and writes nothing', async () => {
    const f = await insertFinding(t, turbineId, operator, { severity: 3 });
    const photo = await insertKindPhoto(t, turbineId, operator);
    const bad: [Record<string, unknown>, string][] = [
      [{ severity: 6 }, 'FINDING_SEVERITY_INVALID'],
      [{ severity: 2.5 }, 'FINDING_SEVERITY_INVALID'],
      [{ surface: 'interior', room: null }, 'FINDING_ROOM_REQUIRED'],
      [{ surface: 'interior', room: 26 }, 'FINDING_ROOM_REQUIRED'],
      [{ length_mm: -1 }, 'FINDING_FIELD_INVALID'],
      [{ width_mm: 100_001 }, 'FINDING_FIELD_INVALID'],
      [{ distance_from_root_m: 201 }, 'FINDING_FIELD_INVALID'],
      [{ depth_class: 5 }, 'FINDING_FIELD_INVALID'],
      [{ type: 'scratch' }, 'FINDING_TYPE_INVALID'],
      [{ notes: 'x'.repeat(2001) }, 'FINDING_NOTES_TOO_LONG'],
      [{ notes: 'a\u0007b' }, 'TEXT_CONTROL_CHARACTERS_NOTES'],
    ];
    const before = await detail(f.id);
    for (const [fields, code] of bad) {
      const created = await call('operator', 'POST', `/api/turbines/${turbineId}/findings`, {
        blade: 'A',
        surface: 'LE',
        type: 'crack',
        severity: 3,
        ...fields,
        observation: { photo_id: photo.id, geometry: { space: 'flat', shape: 'point', points: [[0.5, 0.5]] } },
      });
      const edited = await call('operator', 'PUT', url(f.id), { version: before.version, ...fields });
      expect([created.statusCode, created.json().code], JSON.stringify(fields)).toEqual([400, code]);
      expect([edited.statusCode, edited.json().code], JSON.stringify(fields)).toEqual([400, code]);
    }
    // an interior finding keeps needing its room when only the room is cleared
    const inside = await insertFinding(t, turbineId, operator, { surface: 'interior', room: 2 });
    const cleared = await call('operator', 'PUT', url(inside.id), { version: inside.version, room: null });
    expect([cleared.statusCode, cleared.json().code]).toEqual([400, 'FINDING_ROOM_REQUIRED']);
    expect(await detail(f.id)).toEqual(before);
  });

  it("keeps a finding's room inside the turbine's rooms on both routes, as photos are (issue 24 item 17)", async () => {
    // the test turbine has 3 rooms: room 4 is refused when created and when edited, with the counts in the message
    const photo = await insertKindPhoto(t, turbineId, operator);
    const body = (room: number) => ({
      blade: 'A',
      surface: 'interior',
      room,
      type: 'crack',
      severity: 3,
      observation: { photo_id: photo.id, geometry: { space: 'flat', shape: 'point', points: [[0.5, 0.5]] } },
    });
    const countBefore = (await t.app.ctx.db.select().from(findings).where(eq(findings.turbineId, turbineId))).length;
    const created = await call('operator', 'POST', `/api/turbines/${turbineId}/findings`, body(4), 'en');
    expect([created.statusCode, created.json().code]).toEqual([400, 'FINDING_ROOM_BEYOND_TURBINE']);
    expect(created.json().message).toBe(
      'This turbine has 3 rooms, so no finding can be in room 4. A manager can raise the number of rooms by editing the turbine.',
    );
    expect((await t.app.ctx.db.select().from(findings).where(eq(findings.turbineId, turbineId))).length).toBe(countBefore);
    expect((await call('operator', 'POST', `/api/turbines/${turbineId}/findings`, body(3))).statusCode).toBe(201);

    const outside = await insertFinding(t, turbineId, operator, { surface: 'LE' });
    const moved = await call('operator', 'PUT', url(outside.id), { version: outside.version, surface: 'interior', room: 4 });
    expect([moved.statusCode, moved.json().code]).toEqual([400, 'FINDING_ROOM_BEYOND_TURBINE']);
    expect(moved.json().message).toBe(
      'Bu türbinin 3 odası var; bulgu 4. odaya konamaz. Bir yönetici türbini düzenleyerek oda sayısını artırabilir.',
    );
    const inside = await insertFinding(t, turbineId, operator, { surface: 'interior', room: 2 });
    const raised = await call('operator', 'PUT', url(inside.id), { version: inside.version, room: 4 });
    expect([raised.statusCode, raised.json().code]).toEqual([400, 'FINDING_ROOM_BEYOND_TURBINE']);
    expect((await detail(inside.id)).room).toBe(2);
    // a room set before the turbine's count was lowered stays: editing another field of that finding still works
    const legacy = await insertFinding(t, turbineId, operator, { surface: 'interior', room: 5 });
    const noted = await call('operator', 'PUT', url(legacy.id), { version: legacy.version, notes: 'seen again' });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json().data).toMatchObject({ room: 5, notes: 'seen again' });
  });

  it('writes one "updated" event with the changed fields before and after, and moves the version', async () => {
    const f = await insertFinding(t, turbineId, operator, { severity: 3, lengthMm: 60 });
    const res = await call('operator', 'PUT', url(f.id), {
      version: f.version,
      severity: 5,
      length_mm: 95,
      width_mm: 12,
      type: 'crack', // unchanged: not in the event
      surface: 'TE',
      notes: 'grew since last year',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as FindingDetail;
    expect(after).toMatchObject({ severity: 5, length_mm: 95, width_mm: 12, surface: 'TE', notes: 'grew since last year' });
    expect(after.version).toBe(f.version + 1);
    const event = after.events.at(-1);
    expect(event?.kind).toBe('updated');
    expect(event?.before).toEqual({ surface: 'LE', severity: 3, length_mm: 60, width_mm: null, notes: null });
    expect(event?.after).toEqual({ surface: 'TE', severity: 5, length_mm: 95, width_mm: 12, notes: 'grew since last year' });
    // the list shows the edit
    const list = (await call('admin', 'GET', `/api/turbines/${turbineId}/findings`)).json().data as { id: number; severity: number }[];
    expect(list.find((x) => x.id === f.id)?.severity).toBe(5);
  });

  it('answers a stale edit (a second tab) 409 FINDING_STALE in the user language and changes nothing', async () => {
    const f = await insertFinding(t, turbineId, operator, { severity: 2 });
    const first = await call('operator', 'PUT', url(f.id), { version: f.version, severity: 4 });
    expect(first.statusCode).toBe(200);
    const before = await detail(f.id);
    const second = await call('manager', 'PUT', url(f.id), { version: f.version, notes: 'typed in the other tab' }, 'en');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'FINDING_STALE', message: expect.stringContaining('Someone else changed this finding') });
    const tr = await call('manager', 'PUT', url(f.id), { version: f.version, notes: 'x' });
    expect(tr.json().message).toContain('başka biri tarafından değiştirildi');
    expect(await detail(f.id)).toEqual(before);
    // from the current version it goes through
    const again = await call('manager', 'PUT', url(f.id), { version: before.version, notes: 'typed in the other tab' });
    expect(again.statusCode).toBe(200);
  });

  it('corrects the latest sighting with the severity and size, so removing another sighting keeps the edit', async () => {
    const older = await insertKindPhoto(t, turbineId, operator, { year: 2025 });
    const newer = await insertKindPhoto(t, turbineId, operator, { year: 2025 });
    const f = await insertFinding(t, turbineId, operator, { severity: 3, lengthMm: 60, year: 2025, photoIds: [older.id, newer.id] });
    const res = await call('operator', 'PUT', url(f.id), { version: f.version, severity: 5, length_mm: 95 });
    expect(res.statusCode, res.body).toBe(200);
    const observations = await t.app.ctx.db
      .select()
      .from(findingObservations)
      .where(eq(findingObservations.findingId, f.id))
      .orderBy(findingObservations.id);
    expect(observations.map((o) => [o.severity, o.lengthMm])).toEqual([
      [3, 60],
      [5, 95],
    ]);
    const first = observations[0];
    const version = (res.json().data as FindingDetail).version;
    const removed = await call('operator', 'DELETE', url(f.id, `/observations/${first?.id}?version=${version}`));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ severity: 5, length_mm: 95, observation_count: 1 });
  });
});
