import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Language } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { companies, users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { PACE_RULES, RATE_LIMITS, refundUnlessJudged, reserveAttempt, reservePacedAttempt } from '../rate-limit/rate-limiter.ts';
import { recordAudit } from '../audit/record.ts';
import { actorOf } from '../http/auth-hook.ts';
import { presentUser, type UserRow } from '../users/presenter.ts';
import { rememberLanguage } from './account-language.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { createSession, refreshSession, revokeSession } from './session-service.ts';

export async function findUserByEmail(ctx: AppContext, email: string) {
  const rows = await ctx.db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return rows[0];
}

/** The counters a sign-in to `email` from `ip` goes through. The hard limits hold back an address (all its sign-ins, or
 *  those to one account: the key names the address and a digest of the e-mail, to stay short); the account as such only
 *  slows down (PACE_RULES), and its owner always has the e-mailed sign-in link. */
export function loginLimitKeys(email: string, ip: string) {
  const account = createHash('sha256').update(email).digest('hex').slice(0, 32);
  return { ip: `login:ip:${ip}`, accountAndIp: `login:account-ip:${ip}:${account}`, accountPace: `login:account-pace:${email}` };
}

/** The counters of a successful sign-in (password or e-mailed link) start again; the address gets its attempt back. */
export async function clearLoginLimits(ctx: AppContext, email: string, ip: string, refundIp: boolean) {
  const keys = loginLimitKeys(email, ip);
  await Promise.all([
    refundIp ? ctx.limiter.refund(keys.ip) : undefined,
    ctx.limiter.reset(keys.accountAndIp),
    ctx.limiter.reset(keys.accountPace),
  ]);
}

/** A new session for an active user, answered like a sign-in. */
export async function startSignedIn(
  ctx: AppContext,
  user: UserRow,
  companyName: string | null,
  meta: { ip: string; userAgent?: string; lang: Language },
  method: 'password' | 'link' | 'setup',
) {
  await rememberLanguage(ctx, user.id, meta.lang);
  const session = await ctx.db.transaction(async (tx) => {
    const made = await createSession(ctx, user, meta, tx);
    await recordAudit(tx, {
      at: ctx.now(),
      actor: actorOf(user),
      kind: 'sign_in',
      target: { type: 'user', id: user.id, label: user.email },
      details: { method },
    });
    return made;
  });
  return { token: session.token, expiresAt: session.expiresAt, user: presentUser(user, companyName) };
}

/** A refused sign-in: the address typed (never the password), and the account it names if there is one. */
async function recordFailedSignIn(ctx: AppContext, email: string, found: { user: UserRow } | undefined, reason: string) {
  await recordAudit(ctx.db, {
    at: ctx.now(),
    actor: null,
    actorEmail: email,
    kind: 'sign_in_failed',
    companyId: found?.user.companyId ?? null,
    target: found ? { type: 'user', id: found.user.id, label: found.user.email } : null,
    details: { reason },
  });
}

export async function login(
  ctx: AppContext,
  input: { email: string; password: string },
  meta: { ip: string; userAgent?: string; lang: Language },
) {
  const email = input.email.trim().toLowerCase();
  let found: Awaited<ReturnType<typeof findUserByEmail>>;
  try {
    return await checkSignIn(ctx, email, input.password, meta, (row) => {
      found = row;
    });
  } catch (error) {
    if (error instanceof AppError && (error.status === 401 || error.status === 429))
      // the refusal is the answer even when its record cannot be written (the database went away)
      await recordFailedSignIn(ctx, email, found, error.status === 401 ? 'wrong_credentials' : 'rate_limited').catch(() => {});
    throw error;
  }
}

async function checkSignIn(
  ctx: AppContext,
  email: string,
  password: string,
  meta: { ip: string; userAgent?: string; lang: Language },
  onFound: (row: Awaited<ReturnType<typeof findUserByEmail>>) => void,
) {
  const keys = loginLimitKeys(email, meta.ip);
  // counted before the password is checked: a burst is judged attempt by attempt, a right password inside it included
  await reserveAttempt(ctx.limiter, [
    { key: keys.ip, rule: RATE_LIMITS.loginPerIp },
    { key: keys.accountAndIp, rule: RATE_LIMITS.loginPerAccountAndIp },
  ]);
  let counted: 'window' | 'window and pace' | 'settled' = 'window';
  // an attempt that was never judged (the database went away half way) gives its counts back, when the counters answer:
  // only a wrong password, or a refusal, may hold anyone back
  return refundUnlessJudged(
    ctx.limiter,
    () => (counted === 'settled' ? [] : [keys.ip, keys.accountAndIp, ...(counted === 'window and pace' ? [keys.accountPace] : [])]),
    (error) => error instanceof AppError && (error.status === 401 || error.status === 429),
    async () => {
      // the account is looked up before its pace is counted: a lookup that fails has counted nothing there
      const found = await findUserByEmail(ctx, email);
      onFound(found);
      await reservePacedAttempt(ctx.limiter, keys.accountPace, PACE_RULES.loginPerAccount, ctx.now());
      counted = 'window and pace';
      const ok = found ? await verifyPassword(found.user.passwordHash, password) : await verifyAgainstDummy(password);
      // an inactive account answers exactly like a wrong password
      if (!found || !ok || !found.user.isActive) throw new AppError(401, 'LOGIN_FAILED');
      await clearLoginLimits(ctx, email, meta.ip, true);
      counted = 'settled';
      return await startSignedIn(ctx, found.user, found.companyName, meta, 'password');
    },
  );
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
