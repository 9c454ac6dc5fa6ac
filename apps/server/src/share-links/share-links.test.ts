/** Share links (DECISIONS §17, issue 26 item 2) through the API on the test database (PGlite or PostgreSQL): a manager
 *  shares a report or reviewed findings with chosen photos; the token is kept hashed; the recipient sees no names or
 *  addresses and never a draft; a wrong, expired or revoked link gets one identical answer; each opening is logged and
 *  audited; revoking stops the page and its files at once; openings are limited per address. */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShareLink, SharedContent } from '@windscope/contract';
import { auditLog, findingObservations, findings, shareLinkOpenings, shareLinks } from '../db/schema.ts';
import { demoCompanies, insertReport, insertTurbine, insertUser, sessionFor, userByEmail } from '../../test/factories.ts';
import { insertFinding, insertKindPhoto } from '../../test/finding-factories.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { makeJpeg, makePdf } from '../../test/uploads.ts';
import type { UserRow } from '../users/presenter.ts';
import { hashShareToken, SHARE_FILE_PREFIX, shareFileUrl } from './service.ts';

describe('share links', () => {
  let t: TestApp;
  let ege = 0;
  let manager: UserRow;
  let managerSession = '';
  let adminSession = '';
  let marmaraSession = '';
  let operatorSession = '';
  let uploader: UserRow;
  const en = { 'accept-language': 'en' };
  const RECIPIENT_IP = '198.51.100.23';

  const create = (session: string, turbineId: number, body: Record<string, unknown>) =>
    t.call(session, { method: 'POST', url: `/api/turbines/${turbineId}/share-links`, payload: body, headers: en });
  const share = async (turbineId: number, body: Record<string, unknown>, session = managerSession): Promise<CreatedShareLink> => {
    const res = await create(session, turbineId, { label: 'Sigorta', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as CreatedShareLink;
  };
  const open = (token: string, password?: string, ip = RECIPIENT_IP) =>
    t.app.inject({
      method: 'POST',
      url: '/api/share/open',
      payload: password === undefined ? { token } : { token, password },
      headers: { ...en, 'user-agent': 'Recipient browser' },
      remoteAddress: ip,
    });
  const content = async (token: string, password?: string): Promise<SharedContent> => {
    const res = await open(token, password);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as SharedContent;
  };
  /** a turbine with a stored report and a confirmed finding seen on two stored photos, plus a draft */
  async function setup() {
    const turbine = await insertTurbine(t, ege);
    const report = await insertReport(t, turbine.id, uploader);
    await t.app.ctx.storage.writeBuffer(report.storageKey, makePdf());
    const jpeg = await makeJpeg(32, 24);
    const photoA = await insertKindPhoto(t, turbine.id, uploader);
    const photoB = await insertKindPhoto(t, turbine.id, uploader);
    const other = await insertKindPhoto(t, turbine.id, uploader);
    for (const p of [photoA, photoB, other]) {
      await t.app.ctx.storage.writeBuffer(p.storageKey, jpeg);
      await t.app.ctx.storage.writeBuffer(`${p.storageKey}.preview.webp`, jpeg);
    }
    const confirmed = await insertFinding(t, turbine.id, uploader, { status: 'confirmed', photoIds: [photoA.id, photoB.id] });
    const draft = await insertFinding(t, turbine.id, uploader, { status: 'draft', photoIds: [other.id] });
    const cropKey = `turbines/${turbine.id}/findings/${confirmed.id}-crop.webp`;
    await t.app.ctx.storage.writeBuffer(cropKey, jpeg);
    await t.app.ctx.db.update(findingObservations).set({ cropKey }).where(eq(findingObservations.findingId, confirmed.id));
    return { turbine, report, photoA, photoB, other, confirmed, draft };
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date('2026-06-15T09:00:00Z'));
    ({ ege } = await demoCompanies(t));
    manager = await userByEmail(t, DEMO.egeManager);
    uploader = await userByEmail(t, DEMO.egeOperator);
    managerSession = await sessionFor(t, manager);
    adminSession = await sessionFor(t, await userByEmail(t, DEMO.egeAdmin));
    marmaraSession = await sessionFor(t, await userByEmail(t, DEMO.marmaraAdmin));
    operatorSession = await sessionFor(t, uploader);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('shares a report: 128-bit token shown once, kept as its SHA-256, 7 days by default, audited; the PDF downloads through the link', async () => {
    const { turbine, report } = await setup();
    const link = await share(turbine.id, { kind: 'report', report_id: report.id });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(16);
    expect(link.path).toBe(`/share/${link.token}`);
    expect(new Date(link.expires_at).getTime() - t.clock.now().getTime()).toBe(7 * 86_400_000);
    const [row] = await t.app.ctx.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row?.tokenHash).toBe(hashShareToken(link.token));
    expect(JSON.stringify(row)).not.toContain(link.token);
    const listed = await t.call(managerSession, { method: 'GET', url: `/api/share-links?turbine_id=${turbine.id}` });
    expect(listed.body).not.toContain(link.token);
    expect(listed.json().data).toMatchObject([
      { id: link.id, state: 'active', kind: 'report', report_name: report.originalFilename, openings: 0 },
    ]);

    const res = await open(link.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const shared = res.json().data as SharedContent;
    expect(shared.report).toMatchObject({ name: report.originalFilename, year: 2026 });
    expect(shared.findings).toEqual([]);
    const pdf = await t.app.inject({ method: 'GET', url: shared.report?.download_url ?? '', remoteAddress: RECIPIENT_IP });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const audit = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.companyId, ege)).orderBy(asc(auditLog.id));
    const mine = audit.filter(
      (a) => a.targetId === String(link.id) || (a.details as { share_link_id?: number } | null)?.share_link_id === link.id,
    );
    expect(mine.map((a) => [a.kind, a.actorId, a.ip])).toEqual([
      ['share_link_created', manager.id, '127.0.0.1'],
      ['share_link_opened', null, RECIPIENT_IP],
      ['report_downloaded', null, RECIPIENT_IP],
    ]);
  });

  it('shares confirmed findings with chosen photos and their crops, never a draft, no names or addresses', async () => {
    const { turbine, photoA, photoB, other, confirmed, draft } = await setup();
    // a draft, another turbine's finding, a photo it was not seen on: refused, nothing written
    const before = await t.app.ctx.db.select().from(shareLinks);
    for (const [body, code] of [
      [{ kind: 'findings', finding_ids: [draft.id] }, 'SHARE_LINK_FINDING_NOT_SHAREABLE'],
      [{ kind: 'findings', finding_ids: [confirmed.id], photo_ids: [other.id] }, 'SHARE_LINK_PHOTO_NOT_SHAREABLE'],
      [{ kind: 'findings', finding_ids: [] }, 'SHARE_LINK_FINDINGS_REQUIRED'],
      [{ kind: 'findings', finding_ids: [confirmed.id], expires_in_days: 91 }, 'SHARE_LINK_EXPIRY_INVALID'],
      [{ kind: 'report' }, 'SHARE_LINK_REPORT_REQUIRED'],
      [{ kind: 'findings', finding_ids: [confirmed.id], password: '123' }, 'SHARE_LINK_PASSWORD_INVALID'],
    ] as const) {
      const res = await create(managerSession, turbine.id, { label: 'x', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(code);
    }
    expect(await t.app.ctx.db.select().from(shareLinks)).toHaveLength(before.length);

    const link = await share(turbine.id, { kind: 'findings', finding_ids: [confirmed.id], photo_ids: [photoA.id], expires_in_days: 90 });
    const res = await open(link.token);
    const shared = res.json().data as SharedContent;
    expect(shared.findings.map((f) => f.id)).toEqual([confirmed.id]);
    expect(shared.findings[0]?.observations).toHaveLength(2);
    expect(shared.photos.map((p) => p.id)).toEqual([photoA.id]);
    for (const secret of [uploader.email, manager.email, uploader.firstName, manager.lastName, 'created_by', 'uploaded_by']) {
      expect(res.body).not.toContain(secret);
    }
    const crop = shared.findings[0]?.observations[0]?.crop_url ?? '';
    expect((await t.app.inject({ method: 'GET', url: crop })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: shared.photos[0]?.preview_url ?? '' })).statusCode).toBe(200);
    // a photo outside the link (photo B: seen, but not chosen; the draft's photo) is refused even with a valid signature
    const expires = Math.floor(t.clock.now().getTime() / 1000) + 600;
    for (const item of [`photo/${photoB.id}/original`, `photo/${other.id}/preview`, 'report']) {
      const forged = await t.app.inject({ method: 'GET', url: shareFileUrl(t.config.jwtSecret, link.id, item, expires) });
      expect(forged.statusCode, item).toBe(404);
      expect(forged.json().code).toBe('SHARE_LINK_INVALID');
    }
    // a signature of another link's item does not open this one's
    const tampered = (shared.photos[0]?.download_url ?? '').replace(
      `${SHARE_FILE_PREFIX}${link.id}/`,
      `${SHARE_FILE_PREFIX}${link.id + 1}/`,
    );
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
  });

  it('a finding no longer reviewed leaves the page and takes its crops and photos with it', async () => {
    const { turbine, photoA, confirmed } = await setup();
    const link = await share(turbine.id, { kind: 'findings', finding_ids: [confirmed.id], photo_ids: [photoA.id] });
    const first = await content(link.token);
    const cropUrl = first.findings[0]?.observations[0]?.crop_url ?? '';
    await t.app.ctx.db.update(findings).set({ status: 'rejected' }).where(eq(findings.id, confirmed.id));
    const again = await content(link.token);
    expect(again.findings).toEqual([]);
    expect(again.photos).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: cropUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: first.photos[0]?.preview_url ?? '' })).statusCode).toBe(404);
    await t.app.ctx.db.update(findings).set({ status: 'draft' }).where(eq(findings.id, confirmed.id));
    expect((await content(link.token)).findings).toEqual([]);
  });

  it('a password guards the content: asked for, a wrong one refused, the right one opens', async () => {
    const { turbine, report } = await setup();
    const link = await share(turbine.id, { kind: 'report', report_id: report.id, password: 'rüzgar-2026' });
    expect(link.has_password).toBe(true);
    const asked = await open(link.token);
    expect([asked.statusCode, asked.json().code]).toEqual([401, 'SHARE_LINK_PASSWORD_REQUIRED']);
    const wrong = await open(link.token, 'ruzgar-2026');
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'SHARE_LINK_PASSWORD_WRONG']);
    expect((await content(link.token, 'rüzgar-2026')).report?.name).toBe(report.originalFilename);
    const openings = await t.app.ctx.db.select().from(shareLinkOpenings).where(eq(shareLinkOpenings.linkId, link.id));
    expect(openings).toHaveLength(1);
  });

  it('an unknown, malformed, expired or revoked link gets one identical answer', async () => {
    const { turbine, report } = await setup();
    const expired = await share(turbine.id, { kind: 'report', report_id: report.id, expires_in_days: 1 });
    const revoked = await share(turbine.id, { kind: 'report', report_id: report.id, password: 'secret-pass' });
    expect((await t.call(managerSession, { method: 'DELETE', url: `/api/share-links/${revoked.id}` })).statusCode).toBe(200);
    // its day is over (moved back rather than the clock forward: the sessions of this file live on)
    await t.app.ctx.db
      .update(shareLinks)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(shareLinks.id, expired.id));
    const answers = await Promise.all(
      ['A'.repeat(22), 'short', expired.token, revoked.token].map(async (token) => {
        const res = await open(token, token === revoked.token ? 'secret-pass' : undefined);
        const headers = Object.keys(res.headers)
          .filter((h) => !['date', 'content-length'].includes(h))
          .sort()
          .map((h) => `${h}: ${h === 'x-request-id' ? '' : res.headers[h]}`);
        return { status: res.statusCode, body: res.body, headers };
      }),
    );
    expect(answers[0]?.status).toBe(404);
    expect(JSON.parse(answers[0]?.body ?? '{}')).toMatchObject({
      success: false,
      code: 'SHARE_LINK_INVALID',
      message: 'This link is not valid.',
    });
    for (const a of answers) expect(a).toEqual(answers[0]);
    const listed = (await t.call(managerSession, { method: 'GET', url: `/api/share-links?turbine_id=${turbine.id}` })).json().data as {
      id: number;
      state: string;
    }[];
    expect(listed.find((l) => l.id === expired.id)?.state).toBe('expired');
    expect(listed.find((l) => l.id === revoked.id)?.state).toBe('revoked');
  });

  it('revoking stops an open page at its next request; a second tab revoking again changes nothing', async () => {
    const { turbine, photoA, confirmed } = await setup();
    const link = await share(turbine.id, { kind: 'findings', finding_ids: [confirmed.id], photo_ids: [photoA.id] });
    const shown = await content(link.token);
    const [first, second] = await Promise.all([
      t.call(managerSession, { method: 'DELETE', url: `/api/share-links/${link.id}` }),
      t.call(adminSession, { method: 'DELETE', url: `/api/share-links/${link.id}` }),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    const revocations = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'share_link_revoked'), eq(auditLog.targetId, String(link.id))));
    expect(revocations).toHaveLength(1);
    expect((await open(link.token)).json().code).toBe('SHARE_LINK_INVALID');
    // the file URLs the open page holds stop too
    expect((await t.app.inject({ method: 'GET', url: shown.photos[0]?.preview_url ?? '' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: shown.findings[0]?.observations[0]?.crop_url ?? '' })).statusCode).toBe(404);
  });

  it('the manager sees each opening (time, address); another company sees nothing; an operator may not share', async () => {
    const { turbine, report } = await setup();
    const link = await share(turbine.id, { kind: 'report', report_id: report.id });
    await open(link.token, undefined, '203.0.113.9');
    await open(link.token, undefined, '203.0.113.10');
    const openings = await t.call(managerSession, { method: 'GET', url: `/api/share-links/${link.id}/openings` });
    expect((openings.json().data as { ip: string; user_agent: string }[]).map((o) => [o.ip, o.user_agent])).toEqual([
      ['203.0.113.10', 'Recipient browser'],
      ['203.0.113.9', 'Recipient browser'],
    ]);
    const listed = (await t.call(managerSession, { method: 'GET', url: `/api/share-links?turbine_id=${turbine.id}` })).json().data;
    expect(listed[0]).toMatchObject({ id: link.id, openings: 2 });
    for (const req of [
      { method: 'GET' as const, url: `/api/share-links/${link.id}/openings` },
      { method: 'DELETE' as const, url: `/api/share-links/${link.id}` },
      { method: 'GET' as const, url: `/api/share-links?turbine_id=${turbine.id}` },
    ]) {
      const res = await t.call(marmaraSession, req);
      expect(res.statusCode, req.url).toBe(404);
    }
    expect((await create(marmaraSession, turbine.id, { label: 'x', kind: 'report', report_id: report.id })).statusCode).toBe(404);
    expect((await create(operatorSession, turbine.id, { label: 'x', kind: 'report', report_id: report.id })).statusCode).toBe(403);
    expect(
      ((await t.call(marmaraSession, { method: 'GET', url: '/api/share-links' })).json().data as { id: number }[]).map((l) => l.id),
    ).not.toContain(link.id);
  });

  it('the company-wide page (issue 26 item 1): newest first, 25 a page, by state and turbine; the superadmin by company', async () => {
    const ownTurbine = await insertTurbine(t, ege);
    const { marmara } = await demoCompanies(t);
    const otherTurbine = await insertTurbine(t, marmara);
    const base = t.clock.now().getTime();
    /** n links straight into the table, one minute apart (the newest last), of the turbine's company */
    const insertLinks = async (
      turbine: { id: number; companyId: number },
      n: number,
      values: Partial<typeof shareLinks.$inferInsert> = {},
    ) => {
      const rows = await t.app.ctx.db
        .insert(shareLinks)
        .values(
          Array.from({ length: n }, (_, i) => ({
            companyId: turbine.companyId,
            turbineId: turbine.id,
            kind: 'findings',
            findingIds: [],
            label: `Page ${turbine.id}-${i}`,
            tokenHash: hashShareToken(`page-${turbine.id}-${i}-${Math.random()}`),
            expiresAt: new Date(base + 86_400_000),
            createdBy: manager.id,
            createdAt: new Date(base - 3_600_000 + i * 60_000),
            ...values,
          })),
        )
        .returning({ id: shareLinks.id });
      return rows.map((r) => r.id);
    };
    const active = await insertLinks(ownTurbine, 27);
    const [expired] = await insertLinks(ownTurbine, 1, {
      expiresAt: new Date(base - 1000),
      createdAt: new Date(base - 2000),
      label: 'Gone by',
    });
    const [revoked] = await insertLinks(ownTurbine, 1, {
      revokedAt: new Date(base - 1000),
      createdAt: new Date(base - 1000),
      label: 'Taken back',
    });
    const [foreign] = await insertLinks(otherTurbine, 1, { label: 'Marmara link' });
    const page = async (session: string, query: string) => {
      const res = await t.call(session, { method: 'GET', url: `/api/share-links/page${query}`, headers: en });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        items: { id: number; state: string; company_id: number; company_name: string; turbine_id: number }[];
        total: number;
        page: number;
        page_size: number;
        turbines: { id: number; name: string; company_id: number }[];
      };
    };
    const first = await page(managerSession, `?turbine_id=${ownTurbine.id}`);
    expect(first.total).toBe(29);
    expect(first.page_size).toBe(25);
    expect(first.items).toHaveLength(25);
    // newest first: the revoked and expired ones were made last
    expect(first.items.slice(0, 3).map((i) => i.id)).toEqual([revoked, expired, active[26]]);
    const second = await page(managerSession, `?turbine_id=${ownTurbine.id}&page=2`);
    expect(second.items.map((i) => i.id)).toEqual([active[3], active[2], active[1], active[0]]);
    expect((await page(managerSession, `?turbine_id=${ownTurbine.id}&state=expired`)).items.map((i) => i.id)).toEqual([expired]);
    expect((await page(managerSession, `?turbine_id=${ownTurbine.id}&state=revoked`)).items.map((i) => i.id)).toEqual([revoked]);
    expect((await page(managerSession, `?turbine_id=${ownTurbine.id}&state=active`)).total).toBe(27);
    // a manager never sees another company's links, whatever company_id says; the turbine filter's choices are theirs
    const managerAll = await page(managerSession, `?company_id=${marmara}`);
    expect(managerAll.items.every((i) => i.company_id === ege)).toBe(true);
    expect(managerAll.turbines.map((x) => x.id)).toContain(ownTurbine.id);
    expect(managerAll.turbines.map((x) => x.id)).not.toContain(otherTurbine.id);
    // another company's turbine is "not found"
    const hidden = await t.call(managerSession, { method: 'GET', url: `/api/share-links/page?turbine_id=${otherTurbine.id}`, headers: en });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('TURBINE_NOT_FOUND');
    // an operator may not list them
    expect((await t.call(operatorSession, { method: 'GET', url: '/api/share-links/page' })).statusCode).toBe(403);
    // a bad filter is a clean 400
    expect((await t.call(managerSession, { method: 'GET', url: '/api/share-links/page?state=lost' })).statusCode).toBe(400);
    // the superadmin: every company, or one
    const superadmin = await sessionFor(t, await userByEmail(t, DEMO.superadmin));
    const marmaraOnly = await page(superadmin, `?company_id=${marmara}`);
    expect(marmaraOnly.items.map((i) => i.id)).toContain(foreign);
    expect(marmaraOnly.items.every((i) => i.company_id === marmara && i.company_name.length > 0)).toBe(true);
    expect(marmaraOnly.turbines.every((x) => x.company_id === marmara)).toBe(true);
    const everyone = await page(superadmin, '?state=active');
    expect(everyone.total).toBeGreaterThanOrEqual(28);
    expect(new Set(everyone.turbines.map((x) => x.company_id))).toEqual(new Set([ege, marmara]));
  });

  it("a link outlives its maker's deactivation (the company's link, listed for every manager, who may revoke it)", async () => {
    const { turbine, report } = await setup();
    const maker = await insertUser(t, { companyId: ege, role: 'company_manager' });
    const link = await share(turbine.id, { kind: 'report', report_id: report.id }, await sessionFor(t, maker));
    const res = await t.call(adminSession, {
      method: 'PUT',
      url: `/api/users/${maker.id}`,
      payload: {
        first_name: maker.firstName,
        last_name: maker.lastName,
        email: maker.email,
        role: maker.role,
        company_id: ege,
        is_active: false,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await content(link.token)).report?.name).toBe(report.originalFilename);
    expect((await t.call(adminSession, { method: 'DELETE', url: `/api/share-links/${link.id}` })).statusCode).toBe(200);
    expect((await open(link.token)).statusCode).toBe(404);
  });

  it('deleting the turbine removes its links (their page becomes "not valid")', async () => {
    const { turbine, report } = await setup();
    const link = await share(turbine.id, { kind: 'report', report_id: report.id });
    const superadmin = await t.login(DEMO.superadmin);
    expect((await t.call(superadmin, { method: 'DELETE', url: `/api/turbines/${turbine.id}` })).statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(shareLinks).where(eq(shareLinks.id, link.id))).toEqual([]);
    expect((await open(link.token)).json().code).toBe('SHARE_LINK_INVALID');
  });

  it('limits openings per address (429), and wrong passwords more tightly', async () => {
    const { turbine, report } = await setup();
    const link = await share(turbine.id, { kind: 'report', report_id: report.id, password: 'secret-pass' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await open(link.token, 'wrong-pass', '192.0.2.50')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const guesses: number[] = [];
    for (let i = 0; i < 61; i++) guesses.push((await open(`${'B'.repeat(21)}${i % 10}`, undefined, '192.0.2.51')).statusCode);
    expect(guesses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(guesses[60]).toBe(429);
  });

  it('an open page gets new file URLs past their lifetime without a new opening; a revoked or expired link gets none', async () => {
    const { turbine, photoA, confirmed } = await setup();
    const link = await share(turbine.id, {
      kind: 'findings',
      finding_ids: [confirmed.id],
      photo_ids: [photoA.id],
      password: 'rüzgar-2026',
    });
    const ip = '203.0.113.77';
    const refresh = (token: string, password?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/share/refresh',
        payload: password === undefined ? { token } : { token, password },
        headers: { ...en, 'user-agent': 'Recipient browser' },
        remoteAddress: ip,
      });
    const openings = async () => (await t.app.ctx.db.select().from(shareLinkOpenings).where(eq(shareLinkOpenings.linkId, link.id))).length;
    const opened = await open(link.token, 'rüzgar-2026', ip);
    expect(opened.statusCode, opened.body).toBe(200);
    const first = opened.json().data as SharedContent;
    const firstPreview = first.photos[0]?.preview_url ?? '';
    const expiresAt = new Date(first.urls_expire_at).getTime();
    // 15 minutes (FILE_URL_LIFETIME_SECONDS), rounded up to a minute
    expect(expiresAt - t.clock.now().getTime()).toBeGreaterThanOrEqual(15 * 60_000);
    expect(expiresAt - t.clock.now().getTime()).toBeLessThanOrEqual(16 * 60_000);
    expect(firstPreview).toContain(`/${expiresAt / 1000}/`);
    expect(first.urls_valid_seconds).toBe(expiresAt / 1000 - Math.floor(t.clock.now().getTime() / 1000));
    expect(await openings()).toBe(1);
    const started = t.clock.now();
    try {
      // past the first URLs' end: they are refused; the page asks for new ones
      t.clock.set(new Date(expiresAt + 1000));
      expect((await t.app.inject({ method: 'GET', url: firstPreview })).statusCode).toBe(404);
      const res = await refresh(link.token, 'rüzgar-2026');
      expect(res.statusCode, res.body).toBe(200);
      const again = res.json().data as SharedContent;
      expect(new Date(again.urls_expire_at).getTime()).toBeGreaterThan(t.clock.now().getTime() + 14 * 60_000);
      expect(again.findings.map((f) => f.id)).toEqual([confirmed.id]);
      const preview = again.photos[0]?.preview_url ?? '';
      expect(preview).not.toBe(firstPreview);
      const image = await t.app.inject({ method: 'GET', url: preview });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect((await t.app.inject({ method: 'GET', url: again.findings[0]?.observations[0]?.crop_url ?? '' })).statusCode).toBe(200);
      // not an opening: neither a row nor an audit entry
      expect(await openings()).toBe(1);
      const audited = await t.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.kind, 'share_link_opened'), eq(auditLog.targetId, String(link.id))));
      expect(audited).toHaveLength(1);
      // the password is checked as at an opening
      expect((await refresh(link.token)).json().code).toBe('SHARE_LINK_PASSWORD_REQUIRED');
      expect((await refresh(link.token, 'wrong-pass')).json().code).toBe('SHARE_LINK_PASSWORD_WRONG');
      // revoked: refused at once with the neutral answer of an unknown token, and its last URLs stop too
      const unknown = await refresh('C'.repeat(22));
      expect(unknown.statusCode).toBe(404);
      expect((await t.call(managerSession, { method: 'DELETE', url: `/api/share-links/${link.id}` })).statusCode).toBe(200);
      const revoked = await refresh(link.token, 'rüzgar-2026');
      expect([revoked.statusCode, revoked.body]).toEqual([404, unknown.body]);
      expect((await t.app.inject({ method: 'GET', url: preview })).statusCode).toBe(404);
      // expired: likewise
      const other = await share(turbine.id, { kind: 'findings', finding_ids: [confirmed.id] });
      expect((await refresh(other.token)).statusCode).toBe(200);
      await t.app.ctx.db
        .update(shareLinks)
        .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
        .where(eq(shareLinks.id, other.id));
      const expired = await refresh(other.token);
      expect([expired.statusCode, expired.body]).toEqual([404, unknown.body]);
      expect(await t.app.ctx.db.select().from(shareLinkOpenings).where(eq(shareLinkOpenings.linkId, other.id))).toEqual([]);
    } finally {
      t.clock.set(started);
    }
  });

  it('refreshing counts against the per-address limit of openings (429)', async () => {
    const { turbine, report } = await setup();
    const link = await share(turbine.id, { kind: 'report', report_id: report.id });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/share/refresh',
        payload: { token: link.token },
        remoteAddress: '192.0.2.60',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(await t.app.ctx.db.select().from(shareLinkOpenings).where(eq(shareLinkOpenings.linkId, link.id))).toEqual([]);
  });
});
