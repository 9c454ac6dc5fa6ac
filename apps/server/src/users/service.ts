import { and, asc, eq, gt, ne, or, sql } from 'drizzle-orm';
import {
  type Actor,
  can,
  type createUserBodySchema,
  type Language,
  normalizeEmail,
  seesAllCompanies,
  type Role,
  type updateUserBodySchema,
  type User,
} from '@windscope/contract';
import type { z } from 'zod';
import { assertUncommonPassword } from '../auth/common-passwords.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { RATE_LIMITS, reserveAttempt } from '../rate-limit/rate-limiter.ts';
import { voidAccountLinks } from '../auth/void-account-links.ts';
import { revokeUserSessions } from '../auth/session-service.ts';
import { companyScope } from '../access/scope.ts';
import { recordAudit } from '../audit/record.ts';
import type { AppContext } from '../context.ts';
import { companies, emailChanges, users } from '../db/schema.ts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../http/errors.ts';
import { clearEmailChange, countEmailChangeRequest, storeEmailChange } from './email-change.ts';
import { emailSkeleton, fillMissingSkeletons } from './email-identity.ts';
import { presentUser } from './presenter.ts';

type CreateUserInput = z.output<typeof createUserBodySchema>;
type UpdateUserInput = z.output<typeof updateUserBodySchema>;

type ListedRow = { user: typeof users.$inferSelect; companyName: string | null; pendingEmail: string | null };

/** The user with the address waiting for confirmation, shown only to whom may edit the user. */
const present = (actor: Actor, row: ListedRow) =>
  presentUser(row.user, row.companyName, row.pendingEmail && can(actor, 'user.update', targetOf(row)) ? row.pendingEmail : null);

function selectUsers(ctx: AppContext) {
  return ctx.db
    .select({ user: users, companyName: companies.name, pendingEmail: emailChanges.newEmail })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(emailChanges, and(eq(emailChanges.userId, users.id), gt(emailChanges.expiresAt, ctx.now())));
}

export async function listUsers(ctx: AppContext, actor: Actor): Promise<User[]> {
  if (!can(actor, 'user.list')) throw forbidden();
  const rows = await selectUsers(ctx).where(companyScope(actor, users.companyId)).orderBy(asc(users.id));
  return rows.map((r) => present(actor, r));
}

async function findUser(ctx: AppContext, actor: Actor, id: number) {
  const rows = await selectUsers(ctx)
    .where(and(eq(users.id, id), companyScope(actor, users.companyId)))
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

/** Scope first, like every other row: another company's user is "not found" whatever the role. */
export async function getUser(ctx: AppContext, actor: Actor, id: number): Promise<User> {
  const row = await findUser(ctx, actor, id);
  if (!can(actor, 'user.list', { companyId: row.user.companyId })) throw forbidden();
  return present(actor, row);
}

async function assertCompanyExists(ctx: AppContext, companyId: number) {
  const [row] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) throw badRequest('USER_COMPANY_REQUIRED');
}

/** Why an address cannot be had, told only to whom it reveals nothing: the superadmin sees every account anyway; anyone
 *  else (a manager) gets one refusal for an address in use in their own company, in another company, or a look-alike of
 *  either, so the answer says nothing about which companies hold which addresses. */
const emailRefusal = (actor: Actor, precise: 'USER_EMAIL_TAKEN' | 'USER_EMAIL_CONFUSABLE') =>
  conflict(seesAllCompanies(actor) ? precise : 'USER_EMAIL_UNAVAILABLE');

/** The address (normalized by the contract schema) is neither taken nor a look-alike of a taken one. */
async function assertEmailFree(ctx: AppContext, actor: Actor, email: string, exceptId?: number) {
  await fillMissingSkeletons(ctx.db);
  const conditions = [or(eq(sql`lower(${users.email})`, email), eq(users.emailSkeleton, emailSkeleton(email)))];
  if (exceptId) conditions.push(ne(users.id, exceptId));
  const [row] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(and(...conditions))
    .limit(1);
  if (row) throw emailRefusal(actor, row.email.toLowerCase() === email ? 'USER_EMAIL_TAKEN' : 'USER_EMAIL_CONFUSABLE');
}

export async function createUser(ctx: AppContext, actor: Actor, input: CreateUserInput): Promise<User> {
  const companyId = input.company_id as number;
  if (!can(actor, 'user.create', { companyId, newCompanyId: companyId, newRole: input.role })) throw forbidden();
  await assertCompanyExists(ctx, companyId);
  await assertEmailFree(ctx, actor, input.email);
  assertUncommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(users)
        .values({
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          emailSkeleton: emailSkeleton(input.email),
          passwordHash,
          role: input.role,
          companyId,
          isActive: input.is_active,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      const id = (made as { id: number }).id;
      await recordAudit(tx, {
        at: now,
        actor,
        kind: 'user_created',
        companyId,
        target: { type: 'user', id, label: input.email },
        details: { role: input.role },
      });
      return { id };
    });
    return getUser(ctx, actor, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailRefusal(actor, 'USER_EMAIL_TAKEN');
    throw error;
  }
}

function targetOf(row: { user: typeof users.$inferSelect }) {
  return {
    companyId: row.user.companyId,
    targetId: row.user.id,
    targetRole: row.user.role as Role,
    targetIsProtected: row.user.isProtected,
  };
}

/** The superadmin (who sees every account) changes an address at once and hears precisely why one cannot be had.
 *  Anyone else (a manager) saves every other field; a changed address waits for its confirmation link (email-change.ts),
 *  and the answer is the same whoever holds the address: `emailPending` says such a change was just requested. */
export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateUserInput,
  meta: { lang: Language },
): Promise<{ user: User; emailPending: boolean }> {
  const row = await findUser(ctx, actor, id);
  const companyId = input.company_id as number;
  // superadmin is never granted (can() refuses it); an existing superadmin keeps the role whatever the form sends
  const newRole: Role = row.user.role === 'superadmin' ? 'superadmin' : input.role;
  if (input.role === 'superadmin' && row.user.role !== 'superadmin') throw forbidden();
  if (!can(actor, 'user.update', { ...targetOf(row), newCompanyId: companyId, newRole })) throw forbidden();
  // as deleting oneself: an account cannot switch itself off (nobody would be left signed in to switch it back)
  if (id === actor.id && !input.is_active) throw forbidden('USER_CANNOT_DEACTIVATE_SELF');
  await assertCompanyExists(ctx, companyId);
  const changesEmail = input.email !== normalizeEmail(row.user.email);
  const direct = seesAllCompanies(actor);
  if (direct) await assertEmailFree(ctx, actor, input.email, id);
  else if (changesEmail) await countEmailChangeRequest(ctx, actor.id);
  const now = ctx.now();
  const emailPending = changesEmail && !direct;
  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          firstName: input.first_name,
          lastName: input.last_name,
          ...(direct ? { email: input.email, emailSkeleton: emailSkeleton(input.email) } : {}),
          role: newRole,
          companyId,
          isActive: input.is_active,
          updatedAt: now,
        })
        .where(eq(users.id, id));
      if (!input.is_active) await revokeUserSessions(tx, id, now);
      // links mailed to the old address, or before a deactivation, stop working
      if ((changesEmail && direct) || !input.is_active) await voidAccountLinks(tx, id, now);
      if (emailPending) await storeEmailChange(tx, { userId: id, name: input.first_name, newEmail: input.email, lang: meta.lang }, now);
      const target = { type: 'user' as const, id, label: direct ? input.email : row.user.email };
      if (newRole !== row.user.role)
        await recordAudit(tx, { at: now, actor, kind: 'role_changed', companyId, target, details: { from: row.user.role, to: newRole } });
      if (changesEmail && direct)
        await recordAudit(tx, {
          at: now,
          actor,
          kind: 'email_changed',
          companyId,
          target,
          details: { from: row.user.email, to: input.email },
        });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailRefusal(actor, 'USER_EMAIL_TAKEN');
    throw error;
  }
  if (emailPending) ctx.mail.wake();
  return { user: await getUser(ctx, actor, id), emailPending };
}

/** Withdraws the address waiting for confirmation (its link stops working): whoever may edit the user. */
export async function cancelEmailChange(ctx: AppContext, actor: Actor, id: number): Promise<User> {
  const row = await findUser(ctx, actor, id);
  if (!can(actor, 'user.update', targetOf(row))) throw forbidden();
  await clearEmailChange(ctx.db, id);
  return getUser(ctx, actor, id);
}

/** Sets a new password; every session of that user ends, except the one making the change, and so do the user's open
 *  reset links. Users changing their own password prove it with the current one (someone who found a signed-in screen
 *  cannot take the account over); a manager setting another user's password is not asked for theirs. */
export async function changeUserPassword(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { password: string; current_password?: string | undefined },
  currentSessionId: string,
) {
  const row = await findUser(ctx, actor, id);
  if (!can(actor, 'user.changePassword', targetOf(row))) throw forbidden();
  if (id === actor.id) {
    if (!input.current_password) throw badRequest('CURRENT_PASSWORD_REQUIRED');
    // counted before the check, so a burst of guesses is judged one by one; a right one gives its attempt back
    const key = `password-change:user:${id}`;
    await reserveAttempt(ctx.limiter, [{ key, rule: RATE_LIMITS.currentPasswordPerUser }]);
    if (!(await verifyPassword(row.user.passwordHash, input.current_password))) throw badRequest('CURRENT_PASSWORD_WRONG');
    await ctx.limiter.refund(key);
  }
  assertUncommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
    await revokeUserSessions(tx, id, now, id === actor.id ? currentSessionId : undefined);
    await voidAccountLinks(tx, id, now);
    await recordAudit(tx, {
      at: now,
      actor,
      kind: 'password_changed',
      companyId: row.user.companyId,
      target: { type: 'user', id, label: row.user.email },
      details: { by: id === actor.id ? 'self' : 'other' },
    });
  });
}

export async function deleteUser(ctx: AppContext, actor: Actor, id: number) {
  const row = await findUser(ctx, actor, id);
  if (!can(actor, 'user.delete', targetOf(row))) throw forbidden(id === actor.id ? 'USER_CANNOT_DELETE_SELF' : 'FORBIDDEN');
  // sessions go with the row (ON DELETE CASCADE); comments keep their author's name
  await ctx.db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, {
      at: ctx.now(),
      actor,
      kind: 'user_deleted',
      companyId: row.user.companyId,
      target: { type: 'user', id, label: row.user.email },
    });
  });
}
