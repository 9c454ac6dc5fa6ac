import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Language, Role } from '@windscope/contract';
import { recordAudit } from '../audit/record.ts';
import type { AppContext } from '../context.ts';
import { passwordResetTokens, users } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { RATE_LIMITS, reserveAttempt } from '../rate-limit/rate-limiter.ts';
import { queueAccountLinkMail, sha256 } from './account-links.ts';
import { assertUncommonPassword } from './common-passwords.ts';
import { hashPassword } from './passwords.ts';
import { revokeUserSessions } from './session-service.ts';
import { voidAccountLinks } from './void-account-links.ts';

/** Always the same answer, in the same time: the request queues the same outbox row for any address; the outbox makes
 *  and e-mails the link only when the address belongs to an active account. */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: { ip: string; lang: Language }) {
  const normalized = email.trim().toLowerCase();
  await reserveAttempt(ctx.limiter, [
    { key: `reset:ip:${meta.ip}`, rule: RATE_LIMITS.resetPerIp },
    { key: `reset:account:${normalized}`, rule: RATE_LIMITS.resetPerAccount },
  ]);
  await queueAccountLinkMail(ctx, { kind: 'passwordReset', email: normalized, lang: meta.lang });
}

/** The link's token is checked before the new password is hashed (a wrong token costs no argon2), and every try counts
 *  against the address. */
export async function confirmPasswordReset(ctx: AppContext, token: string, password: string, meta: { ip: string }) {
  const ipKey = `reset-confirm:ip:${meta.ip}`;
  await reserveAttempt(ctx.limiter, [{ key: ipKey, rule: RATE_LIMITS.resetConfirmPerIp }]);
  const now = ctx.now();
  const live = and(
    eq(passwordResetTokens.tokenHash, sha256(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
  const [valid] = await ctx.db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .innerJoin(users, and(eq(users.id, passwordResetTokens.userId), eq(users.isActive, true)))
    .where(live)
    .limit(1);
  if (!valid) throw badRequest('PASSWORD_RESET_TOKEN_INVALID');
  assertUncommonPassword(password);
  const newHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    // single use: the update claims the token; a second use (or one made meanwhile) finds nothing to claim
    const claimed = await tx.update(passwordResetTokens).set({ usedAt: now }).where(live).returning({ userId: passwordResetTokens.userId });
    const userId = claimed[0]?.userId;
    if (!userId) throw badRequest('PASSWORD_RESET_TOKEN_INVALID');
    const updated = await tx
      .update(users)
      .set({ passwordHash: newHash, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.isActive, true)))
      .returning({ id: users.id, role: users.role, companyId: users.companyId, email: users.email });
    const user = updated[0];
    if (!user) throw badRequest('PASSWORD_RESET_TOKEN_INVALID');
    await recordAudit(tx, {
      at: now,
      actor: { id: user.id, role: user.role as Role, companyId: user.companyId },
      kind: 'password_changed',
      target: { type: 'user', id: user.id, label: user.email },
      details: { by: 'reset' },
    });
    await revokeUserSessions(tx, userId, now);
    // the account's other links (reset, sign-in, e-mail change) stop working too
    await voidAccountLinks(tx, userId, now);
  });
  await ctx.limiter.refund(ipKey);
}
