import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { type Actor, type Company, can, type companyBodySchema } from '@windscope/contract';
import type { z } from 'zod';
import { recordAudit } from '../audit/record.ts';
import type { AppContext } from '../context.ts';
import { companies, turbines, users } from '../db/schema.ts';
import { companyScope } from '../access/scope.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '../http/errors.ts';

type CompanyRow = typeof companies.$inferSelect;
type CompanyInput = z.output<typeof companyBodySchema>;

export function presentCompany(row: CompanyRow, counts: { users: number; turbines: number }): Company {
  return {
    id: row.id,
    name: row.name,
    contact_email: row.contactEmail,
    authorized_number: row.authorizedNumber,
    phone: row.phone,
    address: row.address,
    user_count: counts.users,
    turbine_count: counts.turbines,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// subqueries name their tables explicitly: drizzle renders bare column names inside sql``
const userCount = sql<number>`(select count(*)::int from users u where u.company_id = "companies"."id")`;
const turbineCount = sql<number>`(select count(*)::int from turbines t where t.company_id = "companies"."id")`;

/** Superadmin: every partner (never the internal company). Others: their own company, for forms that need its name. */
export async function listCompanies(ctx: AppContext, actor: Actor): Promise<Company[]> {
  const rows = await ctx.db
    .select({ company: companies, users: userCount, turbines: turbineCount })
    .from(companies)
    .where(and(eq(companies.isInternal, false), companyScope(actor, companies.id)))
    .orderBy(asc(companies.name));
  return rows.map((r) => presentCompany(r.company, { users: Number(r.users), turbines: Number(r.turbines) }));
}

async function findCompany(ctx: AppContext, actor: Actor, id: number) {
  const rows = await ctx.db
    .select({ company: companies, users: userCount, turbines: turbineCount })
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.isInternal, false), companyScope(actor, companies.id)))
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

export async function getCompany(ctx: AppContext, actor: Actor, id: number): Promise<Company> {
  const row = await findCompany(ctx, actor, id);
  return presentCompany(row.company, { users: Number(row.users), turbines: Number(row.turbines) });
}

function toColumns(input: CompanyInput) {
  return {
    name: input.name,
    contactEmail: input.contact_email || null,
    authorizedNumber: input.authorized_number || null,
    phone: input.phone || null,
    address: input.address || null,
  };
}

async function assertNameFree(ctx: AppContext, name: string, exceptId?: number) {
  const conditions = [eq(sql`lower(trim(${companies.name}))`, name.trim().toLowerCase())];
  if (exceptId) conditions.push(ne(companies.id, exceptId));
  const [row] = await ctx.db
    .select({ n: count() })
    .from(companies)
    .where(and(...conditions));
  if (row && row.n > 0) throw conflict('COMPANY_NAME_TAKEN', { name: name.trim() });
}

export async function createCompany(ctx: AppContext, actor: Actor, input: CompanyInput): Promise<Company> {
  if (!can(actor, 'company.create')) throw forbidden();
  await assertNameFree(ctx, input.name);
  try {
    const now = ctx.now();
    const row = await ctx.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(companies)
        .values({ ...toColumns(input), createdAt: now, updatedAt: now })
        .returning();
      const company = made as CompanyRow;
      await recordAudit(tx, {
        at: now,
        actor,
        kind: 'company_created',
        companyId: company.id,
        target: { type: 'company', id: company.id, label: company.name },
      });
      return company;
    });
    return presentCompany(row as CompanyRow, { users: 0, turbines: 0 });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('COMPANY_NAME_TAKEN', { name: input.name.trim() });
    throw error;
  }
}

export async function updateCompany(ctx: AppContext, actor: Actor, id: number, input: CompanyInput): Promise<Company> {
  await findCompany(ctx, actor, id);
  if (!can(actor, 'company.update')) throw forbidden();
  await assertNameFree(ctx, input.name, id);
  try {
    await ctx.db
      .update(companies)
      .set({ ...toColumns(input), updatedAt: ctx.now() })
      .where(eq(companies.id, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('COMPANY_NAME_TAKEN', { name: input.name.trim() });
    throw error;
  }
  return getCompany(ctx, actor, id);
}

/** Refused with 409 while the company still holds turbines or users (the spec's note). */
export async function deleteCompany(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const found = await findCompany(ctx, actor, id);
  if (!can(actor, 'company.delete')) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    const [u] = await tx.select({ n: count() }).from(users).where(eq(users.companyId, id));
    const [t] = await tx.select({ n: count() }).from(turbines).where(eq(turbines.companyId, id));
    const usersLeft = Number(u?.n ?? 0);
    const turbinesLeft = Number(t?.n ?? 0);
    if (usersLeft > 0 || turbinesLeft > 0) throw conflict('COMPANY_HAS_DEPENDENTS', { users: usersLeft, turbines: turbinesLeft });
    const gone = await tx
      .delete(companies)
      .where(and(eq(companies.id, found.company.id), eq(companies.isInternal, false)))
      .returning({ id: companies.id });
    if (gone.length > 0)
      await recordAudit(tx, {
        at: ctx.now(),
        actor,
        kind: 'company_deleted',
        companyId: id,
        target: { type: 'company', id, label: found.company.name },
      });
  });
}
