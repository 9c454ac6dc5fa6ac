import { randomBytes } from 'node:crypto';
import type { FileHolder } from '../src/files/signed-urls.ts';
import { eq, getTableName, is, type SQL, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Actor, Role, TurbineStatus } from '@windscope/contract';
import { hashPassword } from '../src/auth/passwords.ts';
import { createSession } from '../src/auth/session-service.ts';
import * as schema from '../src/db/schema.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import type { UserRow } from '../src/users/presenter.ts';
import type { TestApp } from './harness.ts';
import { emailSkeleton } from '../src/users/email-identity.ts';

const { comments, companies, photos, reports, turbines, users } = schema;
export type CompanyRow = typeof companies.$inferSelect;
export type TurbineRow = typeof turbines.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;

/** A short random suffix, so rows made by factories never collide with each other or with demo data. */
export const unique = () => randomBytes(4).toString('hex');

export interface DemoCompanies {
  internal: number;
  ege: number;
  marmara: number;
}

/** The ids of the seeded companies, looked up by what they are rather than assumed. */
export async function demoCompanies(t: TestApp): Promise<DemoCompanies> {
  const rows = await t.app.ctx.db.select().from(companies);
  const find = (test: (c: CompanyRow) => boolean) => {
    const row = rows.find(test);
    if (!row) throw new Error('demo company missing');
    return row.id;
  };
  return {
    internal: find((c) => c.isInternal),
    ege: find((c) => c.name === 'Ege Rüzgar Enerji'),
    marmara: find((c) => c.name === 'Marmara Enerji'),
  };
}

export async function userByEmail(t: TestApp, email: string): Promise<UserRow> {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

export const actorOf = (user: UserRow): Actor => ({ id: user.id, role: user.role as Role, companyId: user.companyId });

/** A bearer token for the user, made by the same session code as a login, without spending an argon2 verification. */
export async function sessionFor(t: TestApp, user: UserRow): Promise<string> {
  const session = await createSession(t.app.ctx, user, { userAgent: 'vitest', ip: '127.0.0.1' });
  return session.token;
}

/** A live sign-in of the user and the holder file URLs are signed for in its requests (files/signed-urls.ts). */
export async function fileHolderFor(t: TestApp, user: UserRow): Promise<FileHolder & { token: string; sessionId: string }> {
  const session = await createSession(t.app.ctx, user, { userAgent: 'vitest', ip: '127.0.0.1' });
  return { userId: user.id, binder: `s:${session.id}`, token: session.token, sessionId: session.id };
}

let demoHash: Promise<string> | undefined;

export async function insertCompany(t: TestApp, overrides: Partial<typeof companies.$inferInsert> = {}): Promise<CompanyRow> {
  const [row] = await t.app.ctx.db
    .insert(companies)
    .values({ name: `Test Company ${unique()}`, ...overrides })
    .returning();
  if (!row) throw new Error('company not inserted');
  return row;
}

/** A user whose password is the demo password (hashed once per test file). */
export async function insertUser(
  t: TestApp,
  values: { companyId: number; role?: Role; email?: string; isProtected?: boolean; isActive?: boolean },
): Promise<UserRow> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  const email = values.email ?? `user-${unique()}@test.example`;
  const [row] = await t.app.ctx.db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: `User ${unique()}`,
      email,
      emailSkeleton: emailSkeleton(email),
      passwordHash: await demoHash,
      role: values.role ?? 'operator',
      companyId: values.companyId,
      isProtected: values.isProtected ?? false,
      isActive: values.isActive ?? true,
    })
    .returning();
  if (!row) throw new Error('user not inserted');
  return row;
}

export async function insertTurbine(
  t: TestApp,
  companyId: number,
  overrides: Partial<typeof turbines.$inferInsert> & { status?: TurbineStatus } = {},
): Promise<TurbineRow> {
  const [row] = await t.app.ctx.db
    .insert(turbines)
    .values({ city: 'izmir', code: `T-${unique()}`, location: 'Test site', rooms: 3, companyId, ...overrides })
    .returning();
  if (!row) throw new Error('turbine not inserted');
  return row;
}

export async function insertComment(t: TestApp, turbineId: number, author: UserRow, createdAt = t.clock.now()): Promise<CommentRow> {
  const [row] = await t.app.ctx.db
    .insert(comments)
    .values({
      turbineId,
      userId: author.id,
      userName: `${author.firstName} ${author.lastName}`,
      body: 'a comment',
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!row) throw new Error('comment not inserted');
  return row;
}

/** A photo row (its files need not exist: deleting what is not stored is not an error). */
export async function insertPhoto(t: TestApp, turbineId: number, uploader: UserRow) {
  const name = `p-${unique()}.jpg`;
  const [row] = await t.app.ctx.db
    .insert(photos)
    .values({
      turbineId,
      storageKey: `turbines/${turbineId}/A/2026/A/1/${Date.now()}-1-${name}`,
      originalName: name,
      room: 1,
      blade: 'A',
      year: 2026,
      month: 1,
      sizeBytes: 10,
      mimeType: 'image/jpeg',
      sha256: '0'.repeat(64),
      // a row without bytes: the derivative queue must leave it alone
      derivatives: 'ready',
      uploadedBy: uploader.id,
    })
    .returning();
  if (!row) throw new Error('photo not inserted');
  return row;
}

/** A report row (its file need not exist). */
export async function insertReport(t: TestApp, turbineId: number, uploader: UserRow) {
  const name = `r-${unique()}.pdf`;
  const [row] = await t.app.ctx.db
    .insert(reports)
    .values({
      turbineId,
      storageKey: `turbines/${turbineId}/reports/2026/${Date.now()}-1-${name}`,
      originalFilename: name,
      storedFilename: `${Date.now()}-1-${name}`,
      sizeBytes: 10,
      sha256: '0'.repeat(64),
      year: 2026,
      uploadedBy: uploader.id,
    })
    .returning();
  if (!row) throw new Error('report not inserted');
  return row;
}

/** Every table of the schema, found by walking its exports: a table added later is watched too. */
const ALL_TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Rows refused requests write on purpose, left out of every fingerprint: the audit log's failed sign-ins (§17). */
const WRITTEN_BY_REFUSALS: Record<string, SQL> = { audit_log: sql`(select * from audit_log where kind <> 'sign_in_failed')` };

/** An md5 of every row of every table: equal fingerprints mean nothing was written. `ignore` leaves out tables
 *  that refused requests write on purpose (rate_limit_hits: a failed login is counted). One query for all tables. */
export async function databaseFingerprint(t: TestApp, options: { ignore?: string[] } = {}): Promise<Record<string, string>> {
  const names = ALL_TABLES.map((table) => getTableName(table)).filter((name) => !options.ignore?.includes(name));
  const perTable = names.map(
    (name) =>
      sql`select ${name}::text as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${WRITTEN_BY_REFUSALS[name] ?? sql.identifier(name)} x`,
  );
  const res = await t.app.ctx.db.execute(sql.join(perTable, sql` union all `));
  const result: Record<string, string> = {};
  for (const row of (res as unknown as { rows: { t: string; n: number; h: string }[] }).rows) result[row.t] = `${row.n}:${row.h}`;
  return result;
}

/** databaseFingerprint() for a test that takes one after every request: PostgreSQL gives a transaction id to every
 *  transaction that writes, so while the snapshot's xmax (the next id) has not moved nothing was written and the
 *  last fingerprint still holds. On a shared PostgreSQL other databases move it too: then it is simply taken again. */
export function fingerprintWatcher(t: TestApp, options: { ignore?: string[] } = {}) {
  let last: { xmax: string; fingerprint: Record<string, string> } | null = null;
  const xmax = async () => {
    const res = await t.app.ctx.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`);
    return String((res as unknown as { rows: { x: string }[] }).rows[0]?.x);
  };
  return async function fingerprint(): Promise<Record<string, string>> {
    const now = await xmax();
    if (last?.xmax === now) return last.fingerprint;
    last = { xmax: now, fingerprint: await databaseFingerprint(t, options) };
    return last.fingerprint;
  };
}

export async function countRows(t: TestApp, table: PgTable): Promise<number> {
  const res = await t.app.ctx.db.execute(sql`select count(*)::int as n from ${table}`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
