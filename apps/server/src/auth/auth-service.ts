import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_MS, type Language } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { companies, passwordResetTokens, users } from '../db/schema.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { assertUnderLimit, RATE_LIMITS, recordAttempt } from '../rate-limit/rate-limiter.ts';
import { presentUser } from '../users/presenter.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { voidResetLinks } from './reset-links.ts';
import { createSession, refreshSession, revokeSession, revokeUserSessions } from './session-service.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function findUserByEmail(ctx: AppContext, email: string) {
  const rows = await ctx.db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return rows[0];
}

export async function login(ctx: AppContext, input: { email: string; password: string }, meta: { ip: string; userAgent?: string }) {
  const email = input.email.trim().toLowerCase();
  const checks = [
    { key: `login:ip:${meta.ip}`, rule: RATE_LIMITS.loginPerIp },
    { key: `login:account:${email}`, rule: RATE_LIMITS.loginPerAccount },
  ];
  await assertUnderLimit(ctx.limiter, checks, ctx.now().getTime());
  const found = await findUserByEmail(ctx, email);
  const ok = found ? await verifyPassword(found.user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  // an inactive account answers exactly like a wrong password
  if (!found || !ok || !found.user.isActive) {
    await recordAttempt(ctx.limiter, checks);
    throw new AppError(401, 'LOGIN_FAILED');
  }
  await ctx.limiter.reset(`login:account:${email}`);
  const session = await createSession(ctx, found.user, meta);
  return { token: session.token, expiresAt: session.expiresAt, user: presentUser(found.user, found.companyName) };
}

export async function logout(ctx: AppContext, sessionId: string) {
  await revokeSession(ctx.db, sessionId, ctx.now());
}

/** A fresh session replaces the current one, once (see refreshSession); the sign-in's absolute lifetime carries over. */
export async function refresh(
  ctx: AppContext,
  auth: { sessionId: string; user: typeof users.$inferSelect },
  meta: { ip: string; userAgent?: string },
) {
  const session = await refreshSession(ctx, auth.sessionId, auth.user.id, meta);
  return { token: session.token, expiresAt: session.expiresAt };
}

/** Always the same answer; a link goes out only when the address belongs to an active account. */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: { ip: string; lang: Language }) {
  const normalized = email.trim().toLowerCase();
  const checks = [
    { key: `reset:ip:${meta.ip}`, rule: RATE_LIMITS.resetPerIp },
    { key: `reset:account:${normalized}`, rule: RATE_LIMITS.resetPerAccount },
  ];
  await assertUnderLimit(ctx.limiter, checks, ctx.now().getTime());
  await recordAttempt(ctx.limiter, checks);
  const found = await findUserByEmail(ctx, normalized);
  if (!found?.user.isActive) return;
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await ctx.db.insert(passwordResetTokens).values({
    userId: found.user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
    createdAt: now,
  });
  const link = `${ctx.config.publicUrl}/password-reset?token=${encodeURIComponent(token)}`;
  const t = RESET_MAIL[meta.lang];
  await ctx.mailer.send({
    to: found.user.email,
    subject: t.subject,
    text: t.body(found.user.firstName, link),
  });
}

export async function confirmPasswordReset(ctx: AppContext, token: string, password: string) {
  const now = ctx.now();
  const newHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    // single use: the update claims the token; a second use finds nothing to claim
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)),
      )
      .returning({ userId: passwordResetTokens.userId });
    const userId = claimed[0]?.userId;
    if (!userId) throw badRequest('PASSWORD_RESET_TOKEN_INVALID');
    const updated = await tx
      .update(users)
      .set({ passwordHash: newHash, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.isActive, true)))
      .returning({ id: users.id });
    if (updated.length === 0) throw badRequest('PASSWORD_RESET_TOKEN_INVALID');
    await revokeUserSessions(tx, userId, now);
    // other outstanding links for the same account stop working too
    await voidResetLinks(tx, userId, now);
  });
}

const RESET_MAIL: Record<Language, { subject: string; body: (name: string, link: string) => string }> = {
  tr: {
    subject: 'Windscope şifre sıfırlama',
    body: (name, link) =>
      `Merhaba ${name},\n\nŞifrenizi sıfırlamak için aşağıdaki bağlantıyı açın. Bağlantı 30 dakika geçerlidir ve yalnızca bir kez kullanılabilir.\n\n${link}\n\nBu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.\n\nWindscope`,
  },
  en: {
    subject: 'Windscope password reset',
    body: (name, link) =>
      `Hello ${name},\n\nOpen the link below to reset your password. It is valid for 30 minutes and can be used once.\n\n${link}\n\nIf you did not ask for this, you can ignore this e-mail.\n\nWindscope`,
  },
};
