import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Language } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { companies, signInLinks, users } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { RATE_LIMITS, reserveAttempt } from '../rate-limit/rate-limiter.ts';
import { issueAccountLink, queueAccountLinkMail, sha256 } from './account-links.ts';
import { clearLoginLimits, startSignedIn } from './auth-service.ts';

/** The way out of a rate-limited sign-in: a single-use link, valid 15 minutes, e-mailed to the account's owner. Always the
 *  same answer, in the same time (the outbox makes and sends the link). */
export async function requestSignInLink(ctx: AppContext, email: string, meta: { ip: string; lang: Language }) {
  const normalized = email.trim().toLowerCase();
  await reserveAttempt(ctx.limiter, [
    { key: `sign-in-link:ip:${meta.ip}`, rule: RATE_LIMITS.signInLinkPerIp },
    { key: `sign-in-link:account:${normalized}`, rule: RATE_LIMITS.signInLinkPerAccount },
  ]);
  await queueAccountLinkMail(ctx, { kind: 'signInLink', email: normalized, lang: meta.lang });
}

/** A sign-in link made without e-mail, for whoever runs the server (the headless setup prints it): the same single-use,
 *  15-minute link, confirmed by the same page and route. */
export function issueSignInLink(db: Database, publicUrl: string, userId: number, now: Date): Promise<string> {
  return issueAccountLink(db, publicUrl, 'signInLink', userId, now);
}

/** Claims the link (once, before it expires, for an active account) and signs its owner in; the account's sign-in limits
 *  start again, as after a right password. */
export async function confirmSignInLink(ctx: AppContext, token: string, meta: { ip: string; userAgent?: string; lang: Language }) {
  const ipKey = `sign-in-link:confirm:ip:${meta.ip}`;
  await reserveAttempt(ctx.limiter, [{ key: ipKey, rule: RATE_LIMITS.signInLinkConfirmPerIp }]);
  const now = ctx.now();
  const [claimed] = await ctx.db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.tokenHash, sha256(token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
    .returning({ userId: signInLinks.userId });
  if (!claimed) throw badRequest('SIGN_IN_LINK_INVALID');
  const [found] = await ctx.db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, claimed.userId), eq(users.isActive, true)))
    .limit(1);
  if (!found) throw badRequest('SIGN_IN_LINK_INVALID');
  // the account's other links stop working: one way in per request
  await ctx.db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.userId, found.user.id), isNull(signInLinks.usedAt)));
  await ctx.limiter.refund(ipKey);
  await clearLoginLimits(ctx, found.user.email.trim().toLowerCase(), meta.ip, false);
  return startSignedIn(ctx, found.user, found.companyName, meta, 'link');
}
