/** Escalation notifications (issue 16 item 4) through the API on the test database (PGlite or PostgreSQL): who hears of
 *  an escalation per company and role, the language of each e-mail, read state, the e-mail opt-out, escalation in any
 *  order of sightings, the overdue check once per finding and the daily digest once per day. */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '@windscope/contract';
import { digestRuns, findingEscalations, findings, mailOutbox, notifications, users } from '../db/schema.ts';
import { demoCompanies, insertTurbine, userByEmail } from '../../test/factories.ts';
import { FLAT_BOX, insertFinding, insertKindPhoto } from '../../test/finding-factories.ts';
import { createTestApp, DEMO, readOutbox, type TestApp } from '../../test/harness.ts';
import type { UserRow } from '../users/presenter.ts';
import { checkOverdue, localDayAndHour, runDigest } from './overdue.ts';

describe('escalation notifications', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const people: Record<string, UserRow> = {};
  let ege = 0;
  let marmara = 0;
  const outbox = () => readOutbox(t.config.outboxDir);
  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.call(tokens[who] ?? null, { method, url, ...(payload ? { payload } : {}), headers: { 'accept-language': 'en' } });
  const ACCOUNTS = {
    superadmin: DEMO.superadmin,
    egeAdmin: DEMO.egeAdmin,
    egeManager: DEMO.egeManager,
    egeOperator: DEMO.egeOperator,
    egeCustomer: DEMO.egeCustomer,
    egeViewer: DEMO.egeViewer,
    marmaraAdmin: DEMO.marmaraAdmin,
  } as const;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date('2026-06-15T09:00:00Z'));
    for (const [name, email] of Object.entries(ACCOUNTS)) {
      tokens[name] = await t.login(email);
      people[name] = await userByEmail(t, email);
    }
    ({ ege, marmara } = await demoCompanies(t));
    // the language of each recipient's e-mails: the admin reads English, the manager Turkish
    await t.app.ctx.db.update(users).set({ language: 'en' }).where(eq(users.email, DEMO.egeAdmin));
    await t.app.ctx.db.update(users).set({ language: 'tr' }).where(eq(users.email, DEMO.egeManager));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.app.ctx.mail.drained();
    // each test starts with no escalation e-mail sent or waiting (they are spaced per recipient)
    await t.app.ctx.db.delete(mailOutbox);
    await t.app.ctx.db.delete(notifications);
    await t.app.ctx.db.delete(findingEscalations);
    await t.app.ctx.db.delete(digestRuns);
    await t.app.ctx.db.update(users).set({ emailNotifications: true });
  });

  const recipientsOf = async (findingId: number) => {
    const rows = await t.app.ctx.db
      .select({ email: users.email })
      .from(notifications)
      .innerJoin(findingEscalations, eq(findingEscalations.id, notifications.escalationId))
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(findingEscalations.findingId, findingId));
    return rows.map((r) => r.email).sort();
  };
  /** the escalation e-mails waiting now go: past the gathering wait and the spacing since the last ones */
  const deliver = async () => {
    t.clock.advance(t.config.notifications.mailSpacingMs);
    t.app.ctx.mail.wake();
    await t.app.ctx.mail.drained();
  };
  const escalationsOf = async (findingId: number) =>
    t.app.ctx.db.select().from(findingEscalations).where(eq(findingEscalations.findingId, findingId)).orderBy(findingEscalations.id);
  const edit = async (who: string, turbineId: number, findingId: number, severity: number) => {
    const [row] = await t.app.ctx.db.select({ version: findings.version }).from(findings).where(eq(findings.id, findingId));
    const res = await call(who, 'PUT', `/api/turbines/${turbineId}/findings/${findingId}`, { version: row?.version, severity });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('tells the managers of the finding company and the superadmins, never the one who raised it, nobody else', async () => {
    const turbine = await insertTurbine(t, ege);
    const finding = await insertFinding(t, turbine.id, people.egeOperator as UserRow, { status: 'confirmed', severity: 2 });
    await edit('egeOperator', turbine.id, finding.id, 4);
    expect(await recipientsOf(finding.id)).toEqual([DEMO.egeAdmin, DEMO.egeManager, DEMO.superadmin].sort());

    // raised by a manager: the other manager and the superadmin hear of it, the manager does not
    await edit('egeManager', turbine.id, finding.id, 5);
    const [, second] = await escalationsOf(finding.id);
    expect(second).toMatchObject({ kind: 'severity', severityBefore: 4, severityAfter: 5 });
    const secondRecipients = await t.app.ctx.db
      .select({ email: users.email })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.escalationId, second?.id ?? 0));
    expect(secondRecipients.map((r) => r.email).sort()).toEqual([DEMO.egeAdmin, DEMO.superadmin].sort());

    // Marmara's finding: Marmara's admin and the superadmin, no one of Ege
    const other = await insertTurbine(t, marmara);
    const theirs = await insertFinding(t, other.id, people.marmaraAdmin as UserRow, { status: 'confirmed', severity: 1 });
    await edit('superadmin', other.id, theirs.id, 3);
    expect(await recipientsOf(theirs.id)).toEqual([DEMO.marmaraAdmin]);
  });

  it('e-mails each recipient in their own language after the change, and not those who turned e-mails off', async () => {
    const turbine = await insertTurbine(t, ege, { code: `LANG-${Date.now()}` });
    const finding = await insertFinding(t, turbine.id, people.egeOperator as UserRow, { status: 'confirmed', severity: 2 });
    const before = outbox().length;
    await edit('egeOperator', turbine.id, finding.id, 3);
    await deliver();
    const sent = outbox().slice(before);
    expect(sent).toHaveLength(3);
    const toAdmin = sent.find((m) => m.includes(`To: ${DEMO.egeAdmin}`)) ?? '';
    const toManager = sent.find((m) => m.includes(`To: ${DEMO.egeManager}`)) ?? '';
    expect(toAdmin).toContain('rose from 2 (Low) to 3 (Medium)');
    expect(toAdmin).toContain(`/dashboard/turbine/${turbine.id}?finding=${finding.id}`);
    expect(toManager).toContain('2 (Düşük) seviyesinden 3 (Orta) seviyesine');

    // the manager turns e-mails off for herself: the bell still rings, no e-mail comes
    const off = await call('egeManager', 'PUT', '/api/notifications/settings', { email: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe('Notification settings saved.');
    expect((await call('egeManager', 'GET', '/api/notifications/settings')).json().data).toEqual({ email: false });
    const mark = outbox().length;
    await edit('egeOperator', turbine.id, finding.id, 4);
    await deliver();
    const later = outbox().slice(mark);
    expect(later.map((m) => /To: (\S+)/.exec(m)?.[1]).sort()).toEqual([DEMO.egeAdmin, DEMO.superadmin].sort());
    expect(await recipientsOf(finding.id)).toContain(DEMO.egeManager);
    // the setting is one's own: the admin's is untouched
    expect((await call('egeAdmin', 'GET', '/api/notifications/settings')).json().data).toEqual({ email: true });
  });

  it('raises nothing when the severity falls or stays, or for a rejected finding; a new finding only at 4 or 5', async () => {
    const turbine = await insertTurbine(t, ege);
    const finding = await insertFinding(t, turbine.id, people.egeOperator as UserRow, { status: 'confirmed', severity: 4 });
    await edit('egeOperator', turbine.id, finding.id, 2);
    await edit('egeOperator', turbine.id, finding.id, 2);
    const rejected = await insertFinding(t, turbine.id, people.egeOperator as UserRow, { status: 'rejected', severity: 1 });
    await edit('egeManager', turbine.id, rejected.id, 5);
    expect(await escalationsOf(finding.id)).toEqual([]);
    expect(await escalationsOf(rejected.id)).toEqual([]);

    const photo = await insertKindPhoto(t, turbine.id, people.egeOperator as UserRow);
    const create = (severity: number) =>
      call('egeOperator', 'POST', `/api/turbines/${turbine.id}/findings`, {
        blade: 'A',
        surface: 'LE',
        type: 'crack',
        severity,
        observation: { photo_id: photo.id, geometry: FLAT_BOX },
      });
    const three = await create(3);
    expect(three.statusCode, three.body).toBe(201);
    expect(await escalationsOf(three.json().data.id)).toEqual([]);
    const five = await create(5);
    expect(five.statusCode, five.body).toBe(201);
    expect(await escalationsOf(five.json().data.id)).toMatchObject([{ kind: 'severity', severityBefore: null, severityAfter: 5 }]);
    expect(await recipientsOf(five.json().data.id)).toEqual([DEMO.egeAdmin, DEMO.egeManager, DEMO.superadmin].sort());
  });

  it('follows the latest sighting in any order: an older, worse sighting added later raises nothing', async () => {
    const turbine = await insertTurbine(t, ege);
    const operator = people.egeOperator as UserRow;
    const finding = await insertFinding(t, turbine.id, operator, { status: 'confirmed', severity: 3, year: 2025 });
    const sight = async (year: number, severity: number) => {
      const photo = await insertKindPhoto(t, turbine.id, operator, { year });
      const res = await call('egeOperator', 'POST', `/api/turbines/${turbine.id}/findings/${finding.id}/observations`, {
        photo_id: photo.id,
        geometry: FLAT_BOX,
        severity,
      });
      expect(res.statusCode, res.body).toBe(201);
      const observations = res.json().data.observations as { id: number; photo_id: number }[];
      return observations.find((o) => o.photo_id === photo.id)?.id ?? 0;
    };
    // 2023's sighting at 5, added after 2025's at 3: the finding stays at 3, no alert
    await sight(2023, 5);
    expect((await t.app.ctx.db.select().from(findings).where(eq(findings.id, finding.id)))[0]?.severity).toBe(3);
    expect(await escalationsOf(finding.id)).toEqual([]);
    // 2026's at 4 is the latest: 3 -> 4
    const latest = await sight(2026, 4);
    expect(await escalationsOf(finding.id)).toMatchObject([{ severityBefore: 3, severityAfter: 4 }]);
    // a 2024 sighting at 5 between them: still nothing
    await sight(2024, 5);
    expect(await escalationsOf(finding.id)).toHaveLength(1);
    // removing 2026's makes 2025's (3) the latest again: a fall, nothing
    const removed = await call('egeOperator', 'DELETE', `/api/turbines/${turbine.id}/findings/${finding.id}/observations/${latest}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.app.ctx.db.select().from(findings).where(eq(findings.id, finding.id)))[0]?.severity).toBe(3);
    expect(await escalationsOf(finding.id)).toHaveLength(1);
  });

  it('lists one own notifications newest first, marks one and all read, and never shows or marks another user', async () => {
    const turbine = await insertTurbine(t, ege);
    const a = await insertFinding(t, turbine.id, people.egeOperator as UserRow, { status: 'confirmed', severity: 1 });
    const b = await insertFinding(t, turbine.id, people.egeOperator as UserRow, { status: 'confirmed', severity: 2 });
    await edit('egeOperator', turbine.id, a.id, 2);
    await edit('egeOperator', turbine.id, b.id, 4);
    const list = await call('egeManager', 'GET', '/api/notifications');
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().data.items as Notification[];
    expect(items.map((n) => n.finding_id)).toEqual([b.id, a.id]);
    expect(items[0]).toMatchObject({ kind: 'severity', severity_before: 2, severity_after: 4, turbine_id: turbine.id, read: false });
    expect(items[0]?.actor_name).toBe(`${people.egeOperator?.firstName} ${people.egeOperator?.lastName}`);
    expect(list.json().data.unread_count).toBe(2);
    expect((await call('egeManager', 'GET', '/api/notifications/unread-count')).json().data).toEqual({ unread_count: 2 });

    const first = items[0] as Notification;
    // the admin may not mark the manager's notification: not found, and it stays unread
    const foreign = await call('egeAdmin', 'POST', `/api/notifications/${first.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOTIFICATION_NOT_FOUND', message: 'Notification not found.' });
    const read = await call('egeManager', 'POST', `/api/notifications/${first.id}/read`);
    expect(read.json().data).toEqual({ unread_count: 1 });
    const after = (await call('egeManager', 'GET', '/api/notifications')).json().data.items as Notification[];
    expect(after.map((n) => n.read)).toEqual([true, false]);
    // the admin's own are untouched
    expect((await call('egeAdmin', 'GET', '/api/notifications/unread-count')).json().data).toEqual({ unread_count: 2 });
    const all = await call('egeManager', 'POST', '/api/notifications/read-all');
    expect(all.json()).toMatchObject({ data: { unread_count: 0 }, message: 'Notifications marked as read.' });
    expect((await call('egeAdmin', 'GET', '/api/notifications/unread-count')).json().data).toEqual({ unread_count: 2 });

    // roles without a bell: refused
    for (const who of ['egeOperator', 'egeCustomer', 'egeViewer'])
      expect((await call(who, 'GET', '/api/notifications')).statusCode).toBe(403);
  });

  it('notices an overdue repair once per finding and due date, however often it checks', async () => {
    const turbine = await insertTurbine(t, ege);
    const due = await insertFinding(t, turbine.id, people.egeOperator as UserRow, {
      status: 'repair_planned',
      severity: 3,
      dueDate: '2026-06-14',
    });
    const notYet = await insertFinding(t, turbine.id, people.egeOperator as UserRow, {
      status: 'repair_planned',
      severity: 3,
      dueDate: '2026-06-15',
    });
    const repaired = await insertFinding(t, turbine.id, people.egeOperator as UserRow, {
      status: 'repaired',
      severity: 3,
      dueDate: '2026-01-01',
    });
    const before = outbox().length;
    const now = t.clock.now();
    const [first, second] = await Promise.all([checkOverdue(t.app.ctx, now), checkOverdue(t.app.ctx, now)]);
    const mine = [...(first ?? []), ...(second ?? [])];
    const ours = await t.app.ctx.db.select().from(findingEscalations).where(inArray(findingEscalations.id, mine));
    expect(ours.filter((e) => e.findingId === due.id)).toHaveLength(1);
    expect(await escalationsOf(notYet.id)).toEqual([]);
    expect(await escalationsOf(repaired.id)).toEqual([]);
    expect(await recipientsOf(due.id)).toEqual([DEMO.egeAdmin, DEMO.egeManager, DEMO.superadmin].sort());
    expect(await checkOverdue(t.app.ctx, now)).toEqual([]);
    await deliver();
    const sent = outbox()
      .slice(before)
      .filter((m) => m.includes(`#${due.id}`));
    expect(sent).toHaveLength(3);
    expect(sent.find((m) => m.includes(`To: ${DEMO.egeAdmin}`))).toContain(`The repair of finding #${due.id} on`);
    expect(sent.find((m) => m.includes(`To: ${DEMO.egeManager}`))).toContain(`#${due.id} bulgusunun onarım tarihi (14.06.2026) geçti`);
    // a new due date that passes again is a new overdue
    await t.app.ctx.db.update(findings).set({ dueDate: '2026-06-10' }).where(eq(findings.id, due.id));
    expect(await checkOverdue(t.app.ctx, now)).toHaveLength(1);
  });

  it('sends the daily digest from the configured hour, once per company and day, to managers who want e-mails', async () => {
    const turbine = await insertTurbine(t, ege, { code: `DIG-${Date.now()}` });
    const late = await insertFinding(t, turbine.id, people.egeOperator as UserRow, {
      status: 'monitoring',
      severity: 4,
      dueDate: '2026-05-01',
    });
    const off = await call('egeAdmin', 'PUT', '/api/notifications/settings', { email: false });
    expect(off.statusCode).toBe(200);
    // 06:30 in Istanbul (03:30 UTC): before 07:00, nothing
    expect(await runDigest(t.app.ctx, new Date('2026-06-15T03:30:00Z'))).toEqual({ claimed: [], mails: 0 });
    expect(localDayAndHour(new Date('2026-06-15T21:30:00Z'), 'Europe/Istanbul')).toEqual({ day: '2026-06-16', hour: 0 });
    const before = outbox().length;
    const at = new Date('2026-06-15T04:05:00Z');
    const results = await Promise.all([runDigest(t.app.ctx, at), runDigest(t.app.ctx, at)]);
    const claimed = results.flatMap((r) => r.claimed);
    expect(claimed.filter((s) => s === `company:${ege}`)).toHaveLength(1);
    expect(claimed.filter((s) => s === 'superadmins')).toHaveLength(1);
    await t.app.ctx.mail.drained();
    const sent = outbox().slice(before);
    // Ege: the manager (the admin turned e-mails off); the superadmin: one of every company
    expect(sent.map((m) => /To: (\S+)/.exec(m)?.[1]).sort()).toEqual([DEMO.egeManager, DEMO.superadmin].sort());
    const toManager = sent.find((m) => m.includes(`To: ${DEMO.egeManager}`)) ?? '';
    expect(toManager).toContain('Onarım tarihi geçmiş ve hâlâ açık olan bulgular');
    expect(toManager).toContain(`#${late.id} DIG-`);
    expect(toManager).toContain('01.05.2026');
    // later the same day: nothing more; the next day: again
    expect(await runDigest(t.app.ctx, new Date('2026-06-15T15:00:00Z'))).toEqual({ claimed: [], mails: 0 });
    expect((await runDigest(t.app.ctx, new Date('2026-06-16T05:00:00Z'))).claimed).toContain(`company:${ege}`);
  });

  it('bundles escalation e-mails: ten unreviewed drafts are one e-mail per recipient, the next waits ten minutes', async () => {
    const turbine = await insertTurbine(t, ege, { code: `BND-${Date.now()}` });
    const photo = await insertKindPhoto(t, turbine.id, people.egeOperator as UserRow);
    const draft = async (severity: number) => {
      const res = await call('egeOperator', 'POST', `/api/turbines/${turbine.id}/findings`, {
        blade: 'A',
        surface: 'LE',
        type: 'crack',
        severity,
        observation: { photo_id: photo.id, geometry: FLAT_BOX },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const before = outbox().length;
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push(await draft(i % 2 ? 5 : 4));
      t.clock.advance(3_000);
    }
    // the first e-mail waits for the others to join it: nothing yet
    t.app.ctx.mail.wake();
    await t.app.ctx.mail.drained();
    expect(outbox().slice(before)).toEqual([]);
    await deliver();
    const sent = outbox().slice(before);
    expect(sent.map((m) => /To: (\S+)/.exec(m)?.[1]).sort()).toEqual([DEMO.egeAdmin, DEMO.egeManager, DEMO.superadmin].sort());
    const toAdmin = sent.find((m) => m.includes(`To: ${DEMO.egeAdmin}`)) ?? '';
    expect(toAdmin).toContain('10 alerts, highest severity 5 (Critical), 10 unreviewed');
    for (const id of ids) expect(toAdmin).toContain(`new finding (#${id})`);
    expect(toAdmin).toContain('The finding is not reviewed yet (a draft)');
    const toManager = sent.find((m) => m.includes(`To: ${DEMO.egeManager}`)) ?? '';
    expect(toManager).toContain('Son e-postadan bu yana 10 uyarı:');
    expect(toManager).toContain('Bulgu henüz incelenmedi (taslak)');
    // the bell says the same, one line each
    const bell = (await call('egeAdmin', 'GET', '/api/notifications')).json().data.items as Notification[];
    expect(bell.filter((n) => ids.includes(n.finding_id)).every((n) => n.unreviewed && !n.resolved)).toBe(true);

    // one more right after: it waits for ten minutes after the bundle, then goes alone
    const mark = outbox().length;
    const eleventh = await draft(5);
    t.clock.advance(t.config.notifications.mailSpacingMs - 60_000);
    t.app.ctx.mail.wake();
    await t.app.ctx.mail.drained();
    expect(outbox().slice(mark)).toEqual([]);
    await deliver();
    const alone = outbox().slice(mark);
    expect(alone).toHaveLength(3);
    expect(alone.find((m) => m.includes(`To: ${DEMO.egeAdmin}`))).toContain(`new unreviewed severity 5 (Critical) finding #${eleventh}`);
    const rows = await t.app.ctx.db.select().from(mailOutbox);
    expect(rows.filter((r) => r.kind === 'escalation')).toHaveLength(6);
  });

  it('resolves the alerts of a draft once it is rejected or linked: off the unread count, left out of a waiting e-mail', async () => {
    const turbine = await insertTurbine(t, ege, { code: `RSV-${Date.now()}` });
    const operator = people.egeOperator as UserRow;
    const photo = await insertKindPhoto(t, turbine.id, operator, { year: 2026 });
    const draft = async () => {
      const res = await call('egeOperator', 'POST', `/api/turbines/${turbine.id}/findings`, {
        blade: 'A',
        surface: 'LE',
        type: 'crack',
        severity: 5,
        distance_from_root_m: 10,
        observation: { photo_id: photo.id, geometry: FLAT_BOX },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number; version: number };
    };
    const rejected = await draft();
    const linked = await draft();
    const kept = await draft();
    const earlier = await insertFinding(t, turbine.id, operator, {
      status: 'confirmed',
      severity: 5,
      year: 2025,
      distance: 10,
      blade: 'A',
      surface: 'LE',
    });
    const unread = async () => (await call('egeAdmin', 'GET', '/api/notifications/unread-count')).json().data.unread_count as number;
    expect(await unread()).toBe(3);
    const reject = await call('egeManager', 'POST', `/api/turbines/${turbine.id}/findings/${rejected.id}/status`, {
      to: 'rejected',
      version: rejected.version,
      reason: 'a shadow',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const link = await call('egeOperator', 'POST', `/api/turbines/${turbine.id}/findings/${linked.id}/link`, {
      target_id: earlier.id,
      version: linked.version,
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(await unread()).toBe(1);
    const items = (await call('egeAdmin', 'GET', '/api/notifications')).json().data.items as Notification[];
    const stateOf = (findingId: number) => items.filter((n) => n.finding_id === findingId).map((n) => [n.unreviewed, n.resolved]);
    expect(stateOf(rejected.id)).toEqual([[false, true]]);
    expect(stateOf(kept.id)).toEqual([[true, false]]);
    // the linked draft's alert went with its sightings to the earlier finding, resolved
    expect(stateOf(earlier.id)).toEqual([[false, true]]);
    const before = outbox().length;
    await deliver();
    const toAdmin = outbox()
      .slice(before)
      .find((m) => m.includes(`To: ${DEMO.egeAdmin}`));
    expect(toAdmin).toContain(`finding #${kept.id}`);
    expect(toAdmin).not.toContain(`#${rejected.id}`);
    expect(toAdmin).not.toContain(`#${linked.id}`);
  });

  it('counts escalations of this year and the worst severity of this year and last year on the turbine', async () => {
    const turbine = await insertTurbine(t, ege);
    const operator = people.egeOperator as UserRow;
    const lastYear = await insertFinding(t, turbine.id, operator, { status: 'confirmed', severity: 4, year: 2025 });
    const thisYear = await insertFinding(t, turbine.id, operator, { status: 'confirmed', severity: 2, year: 2026 });
    await insertFinding(t, turbine.id, operator, { status: 'draft', severity: 5, year: 2026 });
    const health = async () => (await call('egeCustomer', 'GET', `/api/turbines/${turbine.id}`)).json().data.health;
    expect(await health()).toMatchObject({ escalated_this_year: 0, worst_this_year: 2, worst_last_year: 4 });
    await edit('egeOperator', turbine.id, thisYear.id, 3);
    await edit('egeOperator', turbine.id, thisYear.id, 5);
    expect(await health()).toMatchObject({ escalated_this_year: 1, worst_this_year: 5, worst_last_year: 4 });
    // the list agrees (kept per company: the version moved with the finding)
    const list = await call('egeCustomer', 'GET', '/api/turbines');
    const row = (list.json().data as { id: number; health: object }[]).find((x) => x.id === turbine.id);
    expect(row?.health).toMatchObject({ escalated_this_year: 1, worst_this_year: 5, worst_last_year: 4 });
    expect(lastYear.id).toBeGreaterThan(0);
  });
});

describe('an e-mail that cannot be sent', () => {
  it('leaves the change and its notifications in place (mails go after the commit)', async () => {
    // nothing listens on port 1: every SMTP connection is refused
    const t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const { ege } = await demoCompanies(t);
      const operator = await userByEmail(t, DEMO.egeOperator);
      const token = await t.login(DEMO.egeOperator);
      const turbine = await insertTurbine(t, ege);
      const finding = await insertFinding(t, turbine.id, operator, { status: 'confirmed', severity: 2 });
      const res = await t.call(token, {
        method: 'PUT',
        url: `/api/turbines/${turbine.id}/findings/${finding.id}`,
        payload: { version: 1, severity: 4 },
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.app.ctx.mail.drained();
      const [row] = await t.app.ctx.db.select().from(findings).where(eq(findings.id, finding.id));
      expect(row?.severity).toBe(4);
      const escalations = await t.app.ctx.db.select().from(findingEscalations).where(eq(findingEscalations.findingId, finding.id));
      expect(escalations).toHaveLength(1);
      const sent = await t.app.ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.escalationId, escalations[0]?.id ?? 0));
      expect(sent).toHaveLength(3);
    } finally {
      await t.close();
    }
  }, 120_000);
});
