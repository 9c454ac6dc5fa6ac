import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditEntry, type AuditKind } from '@windscope/contract';
import { demoCompanies, insertTurbine, insertUser, userByEmail } from '../../test/factories.ts';
import { insertFinding } from '../../test/finding-factories.ts';
import { createTestApp, DEMO, lastResetToken, type TestApp } from '../../test/harness.ts';
import { demoTurbineIds, makeJpeg, makePdf, postFiles } from '../../test/uploads.ts';
import { auditLog } from '../db/schema.ts';
import { removeExpiredAuditRows } from './retention.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoCompanies>>;
const tokens: Record<string, string> = {};
const as = (who: keyof typeof DEMO) => tokens[who] as string;

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoCompanies(t);
  for (const who of ['superadmin', 'egeAdmin', 'egeOperator', 'marmaraAdmin'] as const) tokens[who] = await t.login(DEMO[who]);
});
afterAll(async () => {
  await t?.close();
});

const rowsOf = (kind: AuditKind) => t.app.ctx.db.select().from(auditLog).where(eq(auditLog.kind, kind)).orderBy(desc(auditLog.id));
const lastOf = async (kind: AuditKind) => (await rowsOf(kind))[0];
const countOf = async (kind: AuditKind) => (await rowsOf(kind)).length;
const listAs = async (token: string, query = '') => {
  const res = await t.call(token, { method: 'GET', url: `/api/audit${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: AuditEntry[]; total: number; page: number; page_size: number };
};

describe('the audit table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE; the retention removes only rows older than its cut-off', async () => {
    const db = t.app.ctx.db;
    const now = t.clock.now();
    const old = new Date(now.getTime() - 500 * 86_400_000);
    const [oldRow] = await db.insert(auditLog).values({ kind: 'sign_out', createdAt: old }).returning();
    const [newRow] = await db.insert(auditLog).values({ kind: 'sign_out', createdAt: now }).returning();
    await expect(db.execute(sql`update audit_log set kind = 'sign_in' where id = ${newRow?.id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log where id = ${oldRow?.id}`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    // a cut-off named in a transaction lets only older rows go: a newer one is still refused
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('windscope.audit_purge_before', ${old.toISOString()}, true)`);
        await tx.execute(sql`delete from audit_log where id = ${newRow?.id}`);
      }),
    ).rejects.toThrow();
    expect(await removeExpiredAuditRows(db, now, 400)).toBeGreaterThanOrEqual(1);
    const left = await db.select({ id: auditLog.id }).from(auditLog);
    expect(left.map((r) => r.id)).toContain(newRow?.id);
    expect(left.map((r) => r.id)).not.toContain(oldRow?.id);
    // the setting lasted only for the retention's transaction
    await expect(db.execute(sql`delete from audit_log where id = ${newRow?.id}`)).rejects.toThrow();
  });

  it('names every kind in Turkish and English', () => {
    for (const kind of AUDIT_KINDS) {
      expect(AUDIT_KIND_LABELS[kind].tr.length, kind).toBeGreaterThan(0);
      expect(AUDIT_KIND_LABELS[kind].en.length, kind).toBeGreaterThan(0);
    }
  });
});

describe('sign-ins', () => {
  it('records a sign-in with address and user agent, a failure with the address typed and never the password, a sign-out', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO.egeCustomer, password: 'demo1234' },
      headers: { 'user-agent': 'audit-test-browser' },
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode).toBe(200);
    const customer = await userByEmail(t, DEMO.egeCustomer);
    const signIn = await lastOf('sign_in');
    expect(signIn).toMatchObject({ actorId: customer.id, actorEmail: DEMO.egeCustomer, companyId: ids.ege, ip: '203.0.113.7' });
    expect(signIn?.userAgent).toBe('audit-test-browser');
    expect(signIn?.details).toEqual({ method: 'password' });

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO.egeCustomer, password: 'not-the-password-9' },
    });
    expect(wrong.statusCode).toBe(401);
    const failed = await lastOf('sign_in_failed');
    expect(failed).toMatchObject({ actorId: null, actorEmail: DEMO.egeCustomer, companyId: ids.ege, targetId: String(customer.id) });
    expect(JSON.stringify(failed)).not.toContain('not-the-password-9');

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@nowhere.example', password: 'whatever-1' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(await lastOf('sign_in_failed')).toMatchObject({ actorEmail: 'nobody@nowhere.example', companyId: null, targetId: null });

    const token = res.json().token as string;
    const out = await t.call(token, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect(await lastOf('sign_out')).toMatchObject({ actorId: customer.id, companyId: ids.ege });
  });
});

describe('accounts', () => {
  it('records a user created, its role, address and password changed, and deleted; nothing for a refused change', async () => {
    const created = await t.call(as('superadmin'), {
      method: 'POST',
      url: '/api/users',
      payload: {
        first_name: 'Ayşe',
        last_name: 'Denetim',
        email: 'ayse.audit@test.example',
        password: 'a-long-password-1',
        role: 'operator',
        company_id: ids.ege,
        is_active: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json().data as { id: number };
    expect(await lastOf('user_created')).toMatchObject({
      targetId: String(user.id),
      companyId: ids.ege,
      targetLabel: 'ayse.audit@test.example',
    });

    const before = await countOf('user_created');
    const taken = await t.call(as('superadmin'), {
      method: 'POST',
      url: '/api/users',
      payload: {
        first_name: 'A',
        last_name: 'B',
        email: DEMO.egeOperator,
        password: 'a-long-password-1',
        role: 'operator',
        company_id: ids.ege,
      },
    });
    expect(taken.statusCode).toBe(409);
    expect(await countOf('user_created')).toBe(before);

    const edit = (change: Record<string, unknown>) =>
      t.call(as('superadmin'), {
        method: 'PUT',
        url: `/api/users/${user.id}`,
        payload: {
          first_name: 'Ayşe',
          last_name: 'Denetim',
          email: 'ayse.audit@test.example',
          role: 'operator',
          company_id: ids.ege,
          ...change,
        },
      });
    expect((await edit({ role: 'customer' })).statusCode).toBe(200);
    expect(await lastOf('role_changed')).toMatchObject({ targetId: String(user.id), details: { from: 'operator', to: 'customer' } });
    expect((await edit({ role: 'customer', email: 'ayse.new@test.example' })).statusCode).toBe(200);
    expect(await lastOf('email_changed')).toMatchObject({
      targetId: String(user.id),
      details: { from: 'ayse.audit@test.example', to: 'ayse.new@test.example' },
    });

    const pw = await t.call(as('egeAdmin'), {
      method: 'PUT',
      url: `/api/users/${user.id}/password`,
      payload: { password: 'another-password-2' },
    });
    expect(pw.statusCode).toBe(200);
    const egeAdmin = await userByEmail(t, DEMO.egeAdmin);
    expect(await lastOf('password_changed')).toMatchObject({ actorId: egeAdmin.id, targetId: String(user.id), details: { by: 'other' } });

    const gone = await t.call(as('superadmin'), { method: 'DELETE', url: `/api/users/${user.id}` });
    expect(gone.statusCode).toBe(200);
    expect(await lastOf('user_deleted')).toMatchObject({
      targetId: String(user.id),
      targetLabel: 'ayse.new@test.example',
      companyId: ids.ege,
    });
  });

  it('records a password set through a reset link, by the account itself', async () => {
    const user = await insertUser(t, { companyId: ids.marmara });
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
    await t.app.ctx.mail.drained();
    const token = lastResetToken(t.config.outboxDir);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'reset-password-3' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await lastOf('password_changed')).toMatchObject({ actorId: user.id, actorEmail: user.email, details: { by: 'reset' } });
  });
});

describe('companies, turbines, photos, reports, findings', () => {
  it('records a company created and deleted; a refused delete (it still has users) records nothing', async () => {
    const res = await t.call(as('superadmin'), { method: 'POST', url: '/api/companies', payload: { name: 'Denetim Enerji' } });
    expect(res.statusCode, res.body).toBe(201);
    const company = res.json().data as { id: number };
    expect(await lastOf('company_created')).toMatchObject({
      targetId: String(company.id),
      companyId: company.id,
      targetLabel: 'Denetim Enerji',
    });
    const member = await insertUser(t, { companyId: company.id });
    const refused = await t.call(as('superadmin'), { method: 'DELETE', url: `/api/companies/${company.id}` });
    expect(refused.statusCode).toBe(409);
    expect(await countOf('company_deleted')).toBe(0);
    await t.app.ctx.db.execute(sql`delete from users where id = ${member.id}`);
    const gone = await t.call(as('superadmin'), { method: 'DELETE', url: `/api/companies/${company.id}` });
    expect(gone.statusCode).toBe(200);
    expect(await lastOf('company_deleted')).toMatchObject({ targetId: String(company.id) });
  });

  it('records a turbine created and deleted; a taken code (refused inside the transaction) records nothing', async () => {
    const payload = { code: 'AUD-1', city: 'izmir', location: 'Denetim', rooms: 3 };
    const res = await t.call(as('egeAdmin'), { method: 'POST', url: '/api/turbines', payload });
    expect(res.statusCode, res.body).toBe(201);
    const turbine = res.json().data as { id: number };
    expect(await lastOf('turbine_created')).toMatchObject({ targetId: String(turbine.id), companyId: ids.ege });
    const before = await countOf('turbine_created');
    const again = await t.call(as('egeAdmin'), { method: 'POST', url: '/api/turbines', payload });
    expect(again.statusCode).toBe(409);
    expect(await countOf('turbine_created')).toBe(before);
    const gone = await t.call(as('superadmin'), { method: 'DELETE', url: `/api/turbines/${turbine.id}` });
    expect(gone.statusCode).toBe(200);
    expect(await lastOf('turbine_deleted')).toMatchObject({ targetId: String(turbine.id), companyId: ids.ege });
  });

  it('records photos and reports uploaded, downloaded and deleted', async () => {
    const [turbineId] = await demoTurbineIds(t, as('egeOperator'));
    const year = new Date().getFullYear();
    const up = await postFiles(t, as('egeOperator'), turbineId as number, { room: 1, year, blade: 'A' }, [
      { name: 'audit-photo.jpg', bytes: await makeJpeg(64, 48) },
    ]);
    expect(up.statusCode, up.body).toBe(201);
    const photo = up.json().data[0] as { id: number; key: string; urls: { original: string; thumbnail: string } };
    expect(await lastOf('photo_created')).toMatchObject({ targetId: String(photo.id), targetLabel: 'audit-photo.jpg', companyId: ids.ege });

    const downloadsBefore = await countOf('original_downloaded');
    expect((await t.app.inject({ method: 'GET', url: photo.urls.original, remoteAddress: '198.51.100.4' })).statusCode).toBe(200);
    expect(await lastOf('original_downloaded')).toMatchObject({ targetId: String(photo.id), companyId: ids.ege, ip: '198.51.100.4' });
    // a thumbnail and a later piece of a range read are not downloads
    await t.app.ctx.derivatives.idle();
    await t.app.inject({ method: 'GET', url: photo.urls.thumbnail });
    await t.app.inject({ method: 'GET', url: photo.urls.original, headers: { range: 'bytes=10-20' } });
    expect(await countOf('original_downloaded')).toBe(downloadsBefore + 1);

    const report = await postFiles(
      t,
      as('egeOperator'),
      turbineId as number,
      { year },
      [{ name: 'audit.pdf', bytes: makePdf() }],
      'reports',
    );
    expect(report.statusCode, report.body).toBe(201);
    const made = report.json().data[0] as { id: number; report_url: string };
    expect(await lastOf('report_created')).toMatchObject({ targetId: String(made.id), targetLabel: 'audit.pdf' });
    expect((await t.app.inject({ method: 'GET', url: made.report_url })).statusCode).toBe(200);
    expect(await lastOf('report_downloaded')).toMatchObject({ targetId: String(made.id), companyId: ids.ege });

    const delPhoto = await t.call(as('egeOperator'), {
      method: 'DELETE',
      url: `/api/turbines/${turbineId}/photos?key=${encodeURIComponent(photo.key)}`,
    });
    expect(delPhoto.statusCode, delPhoto.body).toBe(200);
    expect(await lastOf('photo_deleted')).toMatchObject({ targetId: String(photo.id) });
    const delReport = await t.call(as('egeOperator'), { method: 'DELETE', url: `/api/turbines/${turbineId}/reports/${made.id}` });
    expect(delReport.statusCode).toBe(200);
    expect(await lastOf('report_deleted')).toMatchObject({ targetId: String(made.id) });
  });

  it('records a finding status change; a stale one records nothing', async () => {
    const turbine = await insertTurbine(t, ids.ege);
    const operator = await userByEmail(t, DEMO.egeOperator);
    const finding = await insertFinding(t, turbine.id, operator, { status: 'draft' });
    const url = `/api/turbines/${turbine.id}/findings/${finding.id}/status`;
    const before = await countOf('finding_status_changed');
    const stale = await t.call(as('egeAdmin'), { method: 'POST', url, payload: { to: 'confirmed', version: finding.version + 5 } });
    expect(stale.statusCode).toBe(409);
    expect(await countOf('finding_status_changed')).toBe(before);
    const ok = await t.call(as('egeAdmin'), { method: 'POST', url, payload: { to: 'confirmed', version: finding.version } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await lastOf('finding_status_changed')).toMatchObject({
      targetId: String(finding.id),
      companyId: ids.ege,
      details: { turbine_id: turbine.id, from: 'draft', to: 'confirmed' },
    });
  });
});

describe('reading the log', () => {
  it('the superadmin reads every company; a manager only their own, whatever company_id says; others are refused', async () => {
    const all = await listAs(as('superadmin'), '?page=1');
    const companiesSeen = new Set(all.items.map((i) => i.company_id));
    expect(companiesSeen.size).toBeGreaterThan(1);
    const marmaraOnly = await listAs(as('superadmin'), `?company_id=${ids.marmara}`);
    expect(marmaraOnly.total).toBeGreaterThan(0);
    expect(marmaraOnly.items.every((i) => i.company_id === ids.marmara)).toBe(true);

    const manager = await listAs(as('egeAdmin'), `?company_id=${ids.marmara}`);
    expect(manager.total).toBeGreaterThan(0);
    expect(manager.items.every((i) => i.company_id === ids.ege)).toBe(true);
    const managerCsv = await t.call(as('egeAdmin'), { method: 'GET', url: '/api/audit/export' });
    expect(managerCsv.body).not.toContain(DEMO.marmaraAdmin);

    for (const who of ['egeOperator'] as const) {
      expect((await t.call(as(who), { method: 'GET', url: '/api/audit' })).statusCode).toBe(403);
      expect((await t.call(as(who), { method: 'GET', url: '/api/audit/export' })).statusCode).toBe(403);
    }
    expect((await t.call(null, { method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });

  it('filters by actor, kind, target and days, pages 50 at a time, and refuses a bad filter in the language asked', async () => {
    const byKind = await listAs(as('superadmin'), '?kind=sign_in_failed');
    expect(byKind.items.length).toBeGreaterThan(0);
    expect(byKind.items.every((i) => i.kind === 'sign_in_failed')).toBe(true);
    const byActor = await listAs(as('superadmin'), `?actor=${encodeURIComponent('EGE.example')}`);
    expect(byActor.items.every((i) => i.actor_email?.toLowerCase().includes('ege.example'))).toBe(true);
    const byTarget = await listAs(as('superadmin'), '?target=audit-photo');
    expect(byTarget.items.map((i) => i.kind).sort()).toEqual(['original_downloaded', 'photo_created', 'photo_deleted']);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await listAs(as('superadmin'), `?from=${today}&to=${today}`)).total).toBe((await listAs(as('superadmin'))).total);
    expect((await listAs(as('superadmin'), '?to=2000-01-01')).total).toBe(0);
    // % is looked for as itself, not as a wildcard
    expect((await listAs(as('superadmin'), '?actor=%25')).total).toBe(0);

    for (let i = 0; i < 60; i++) await insertCompanyQuietly();
    const first = await listAs(as('superadmin'));
    const second = await listAs(as('superadmin'), '?page=2');
    expect(first.items).toHaveLength(50);
    expect(first.page_size).toBe(50);
    expect(second.items[0]?.id).toBeLessThan(first.items.at(-1)?.id as number);

    for (const query of ['?kind=nonsense', '?from=2026-13-45', '?page=0', '?page=x', `?actor=${'a'.repeat(201)}`]) {
      const res = await t.call(as('superadmin'), { method: 'GET', url: `/api/audit${query}`, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe('The audit log filter is invalid.');
    }
  });

  it('exports the filtered rows as CSV in the language asked, with formula cells neutralised', async () => {
    // a failed sign-in whose typed address starts like a formula
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: '=cmd@evil.example', password: 'whatever-1' } });
    const res = await t.call(as('superadmin'), {
      method: 'GET',
      url: '/api/audit/export?kind=sign_in_failed',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Event,User,User id,Company,Target type,Target id,Target,Details,IP address,User agent');
    expect(lines.slice(1).every((l) => l.split(',')[1] === 'Failed sign-in')).toBe(true);
    expect(res.body).not.toMatch(/(^|,)=cmd/m);
    const tr = await t.call(as('superadmin'), { method: 'GET', url: '/api/audit/export?kind=sign_in' });
    expect(tr.body).toContain('Oturum açıldı');
    expect(tr.body.split('\r\n')[0]).toContain('Zaman (UTC)');
  });
});

async function insertCompanyQuietly() {
  await t.call(as('superadmin'), {
    method: 'POST',
    url: '/api/companies',
    payload: { name: `Sayfa ${Math.random().toString(36).slice(2)}` },
  });
}
