import { randomBytes } from 'node:crypto';
import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_TTL_MS, type Language, type Role } from '@windscope/contract';
import { recordAudit } from '../audit/record.ts';
import { mailLanguage } from '../auth/account-language.ts';
import { sha256 } from '../auth/account-links.ts';
import { emailChangeConfirmMail, emailChangeNoticeMail } from '../auth/account-mail.ts';
import { voidAccountLinks } from '../auth/void-account-links.ts';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { enqueueMailJob } from '../mail/outbox.ts';
import { emailChanges, users } from '../db/schema.ts';
import { badRequest, conflict, isUniqueViolation } from '../http/errors.ts';
import { RATE_LIMITS, reserveAttempt } from '../rate-limit/rate-limiter.ts';
import { emailSkeleton, fillMissingSkeletons } from './email-identity.ts';

/** Issue 13: a manager sees only the users of its own company, so a manager's change of a user's address must not tell
 *  whether another account holds the address (or a look-alike of it). The change waits: the manager's answer is the
 *  same for any address, and after the reply the new address gets a confirmation link when it is free, or the holder of
 *  the address gets a notice instead. Only the link's confirmation changes the address. */

/** The account (other than `exceptId`) holding this normalized address or a look-alike of it. */
async function addressHolder(db: Executor, email: string, exceptId: number) {
  const [holder] = await db
    .select()
    .from(users)
    .where(and(ne(users.id, exceptId), or(eq(sql`lower(${users.email})`, email), eq(users.emailSkeleton, emailSkeleton(email)))))
    .limit(1);
  return holder;
}

/** Counts a manager's address changes (each one sends an e-mail); the same count whoever holds the address. */
export async function countEmailChangeRequest(ctx: AppContext, actorId: number) {
  await reserveAttempt(ctx.limiter, [{ key: `email-change:actor:${actorId}`, rule: RATE_LIMITS.emailChangePerManager }]);
}

/** Stores the pending change (replacing an earlier one of the user) and queues its e-mail, both inside the caller's
 *  transaction. The token is made when the outbox sends the e-mail (`makeEmailChangeMail`): until then the row holds the
 *  hash of a token nobody has, so no live token is ever stored. */
export async function storeEmailChange(
  tx: Executor,
  request: { userId: number; name: string; newEmail: string; lang: Language },
  now: Date,
): Promise<void> {
  const tokenHash = sha256(randomBytes(32).toString('base64url'));
  const values = { newEmail: request.newEmail, tokenHash, expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS), createdAt: now };
  await tx
    .insert(emailChanges)
    .values({ userId: request.userId, ...values })
    .onConflictDoUpdate({ target: emailChanges.userId, set: values });
  await enqueueMailJob(tx, now, { kind: 'emailChange', ...request, tokenHash });
}

export async function clearEmailChange(db: Executor, userId: number) {
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
}

/** At send time (the manager's answer was the same for any address): nothing when the change was cancelled or replaced
 *  meanwhile; a notice to the holder of a taken or look-alike address, in the holder's language; else a link to the free
 *  address, in the user's language (else the manager's). The link's token is made here and its hash replaces the
 *  pending one (and the outbox row's, `rememberHash`, in the same transaction), so a retry makes another. */
export async function makeEmailChangeMail(
  ctx: AppContext,
  request: { userId: number; name: string; newEmail: string; lang: Language; tokenHash: string },
  rememberHash: (tx: Executor, tokenHash: string) => Promise<void>,
): Promise<MailMessage | null> {
  const [still] = await ctx.db
    .select({ userId: emailChanges.userId })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, request.userId), eq(emailChanges.tokenHash, request.tokenHash)))
    .limit(1);
  if (!still) return null;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, request.userId));
  if (!user) return null;
  await fillMissingSkeletons(ctx.db);
  const holder = await addressHolder(ctx.db, request.newEmail, request.userId);
  if (holder) return emailChangeNoticeMail(mailLanguage(holder, request.lang), holder.email, holder.firstName);
  const token = randomBytes(32).toString('base64url');
  const renewed = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(emailChanges)
      .set({ tokenHash: sha256(token) })
      .where(and(eq(emailChanges.userId, request.userId), eq(emailChanges.tokenHash, request.tokenHash)))
      .returning({ userId: emailChanges.userId });
    if (rows.length > 0) await rememberHash(tx, sha256(token));
    return rows.length > 0;
  });
  if (!renewed) return null;
  const link = `${ctx.config.publicUrl}/email-change?token=${encodeURIComponent(token)}`;
  return emailChangeConfirmMail(mailLanguage(user, request.lang), request.newEmail, request.name, link);
}

/** The new address proves itself: the token is checked first (a wrong one touches nothing), then, in one transaction,
 *  the change is claimed (deleted), the address checked again (and by the unique indexes, against a race) and set with
 *  its skeleton; the user's open reset and sign-in links, sent to the old address, stop working. An address taken
 *  meanwhile answers 409 and changes nothing (the link stays valid until it expires). */
export async function confirmEmailChange(ctx: AppContext, token: string, meta: { ip: string }) {
  const ipKey = `email-change-confirm:ip:${meta.ip}`;
  await reserveAttempt(ctx.limiter, [{ key: ipKey, rule: RATE_LIMITS.emailChangeConfirmPerIp }]);
  const now = ctx.now();
  const live = and(eq(emailChanges.tokenHash, sha256(token)), gt(emailChanges.expiresAt, now));
  const [pending] = await ctx.db.select({ userId: emailChanges.userId }).from(emailChanges).where(live).limit(1);
  if (!pending) throw badRequest('EMAIL_CHANGE_LINK_INVALID');
  await fillMissingSkeletons(ctx.db);
  try {
    await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx.delete(emailChanges).where(live).returning();
      if (!claimed) throw badRequest('EMAIL_CHANGE_LINK_INVALID');
      if (await addressHolder(tx, claimed.newEmail, claimed.userId)) throw conflict('EMAIL_CHANGE_ADDRESS_UNAVAILABLE');
      const [before] = await tx
        .select({ id: users.id, email: users.email, role: users.role, companyId: users.companyId })
        .from(users)
        .where(eq(users.id, claimed.userId));
      if (before)
        await recordAudit(tx, {
          at: now,
          actor: { id: before.id, role: before.role as Role, companyId: before.companyId },
          kind: 'email_changed',
          target: { type: 'user', id: before.id, label: claimed.newEmail },
          details: { from: before.email, to: claimed.newEmail, confirmed: true },
        });
      await tx
        .update(users)
        .set({ email: claimed.newEmail, emailSkeleton: emailSkeleton(claimed.newEmail), updatedAt: now })
        .where(eq(users.id, claimed.userId));
      await voidAccountLinks(tx, claimed.userId, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('EMAIL_CHANGE_ADDRESS_UNAVAILABLE');
    throw error;
  }
  await ctx.limiter.refund(ipKey);
}
