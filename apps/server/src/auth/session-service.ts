import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { type Role, SESSION_TTL_MS } from '@windscope/contract';
import { recordAudit } from '../audit/record.ts';
import type { AppContext } from '../context.ts';
import type { Database, Executor } from '../db/client.ts';
import { companies, sessions, users } from '../db/schema.ts';
import type { AuthState } from '../http/auth-hook.ts';
import { unauthorized } from '../http/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import { signSessionToken, verifySessionToken } from './tokens.ts';
import { oncePer } from '../lib/once-per.ts';
import { revokeUserApiTokens } from '../api-tokens/service.ts';

/** The sign-in a session belongs to: when it happened (the absolute lifetime counts from there) and its first session. */
interface SignIn {
  signedInAt: Date;
  familyId: string;
}

/** A session lasts SESSION_TTL_MS from now, but never past its sign-in's absolute lifetime (config.sessionMaxMs). */
async function insertSession(
  ctx: AppContext,
  db: Executor,
  userId: number,
  meta: { userAgent?: string; ip?: string },
  signIn: SignIn | null,
) {
  const now = ctx.now();
  const id = randomBytes(24).toString('base64url');
  const signedInAt = signIn?.signedInAt ?? now;
  const expiresAt = new Date(Math.min(now.getTime() + SESSION_TTL_MS, signedInAt.getTime() + ctx.config.sessionMaxMs));
  await db.insert(sessions).values({
    id,
    userId,
    expiresAt,
    signedInAt,
    familyId: signIn?.familyId ?? id,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip?.slice(0, 64) ?? null,
    createdAt: now,
  });
  const token = await signSessionToken(ctx.config.jwtSecret, { sid: id, sub: String(userId) }, expiresAt);
  return { id, token, expiresAt };
}

/** A sign-in: a new session and a new family (in `db`'s transaction when given one). */
export function createSession(ctx: AppContext, user: UserRow, meta: { userAgent?: string; ip?: string }, db: Executor = ctx.db) {
  return insertSession(ctx, db, user.id, meta, null);
}

/** Exchanges a live session for a new one, once: the statement that checks the old session also revokes it, so of two
 *  refreshes racing with one token exactly one succeeds, and a refresh after (or blocked behind) a logout finds nothing.
 *  The user's row is read FOR SHARE first, so a password change or deactivation (which update that row, then revoke
 *  the user's sessions) either waits for this refresh to commit and then revokes its new session, or commits first. */
export async function refreshSession(ctx: AppContext, sessionId: string, userId: number, meta: { userAgent?: string; ip?: string }) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.isActive, true)))
      .for('share');
    if (!user) throw unauthorized();
    const [old] = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .returning({ signedInAt: sessions.signedInAt, familyId: sessions.familyId });
    running.delete(sessionId);
    if (!old || old.signedInAt.getTime() + ctx.config.sessionMaxMs <= now.getTime()) throw unauthorized();
    return insertSession(ctx, tx, userId, meta, { signedInAt: old.signedInAt, familyId: old.familyId ?? sessionId });
  });
}

/** Every request looks its session up: a prepared statement, built once per database handle. */
function prepareSessionLookup(db: Database) {
  return db
    .select({ session: sessions, user: users, companyName: companies.name })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.id, sql.placeholder('sid')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('session_lookup');
}
type SessionLookup = ReturnType<typeof prepareSessionLookup>;
type SessionRow = Awaited<ReturnType<SessionLookup['execute']>>[number];
const sessionLookup = oncePer(prepareSessionLookup);
/** lookups under way, by session id (random, so one map serves every database handle) */
const running = new Map<string, Promise<SessionRow | undefined>>();

/** The session's row. Requests that ask for the same session while its lookup is running share that lookup (a page
 *  fires three or four API calls at once); nothing is kept once it has answered, so the next request reads the database
 *  again and a logout or revocation is seen at once (a logout also stops later requests joining a lookup under way). */
function lookUpSession(db: Database, sid: string): Promise<SessionRow | undefined> {
  const pending = running.get(sid);
  if (pending) return pending;
  const lookup = sessionLookup(db)
    .execute({ sid })
    .then((rows) => rows[0])
    .finally(() => {
      if (running.get(sid) === lookup) running.delete(sid);
    });
  running.set(sid, lookup);
  return lookup;
}

/** A token is good when its signature and expiry hold, its session exists, is not revoked or expired,
 *  and its user is still active. */
export async function authenticateToken(ctx: AppContext, token: string): Promise<AuthState | null> {
  const now = ctx.now();
  const claims = await verifySessionToken(ctx.config.jwtSecret, token, now);
  if (!claims) return null;
  const row = await lookUpSession(ctx.db, claims.sid);
  if (!row) return null;
  if (String(row.user.id) !== claims.sub) return null;
  if (row.session.expiresAt.getTime() <= now.getTime()) return null;
  if (row.session.signedInAt.getTime() + ctx.config.sessionMaxMs <= now.getTime()) return null;
  if (!row.user.isActive) return null;
  return {
    actor: { id: row.user.id, role: row.user.role as AuthState['actor']['role'], companyId: row.user.companyId },
    user: row.user,
    companyName: row.companyName,
    sessionId: row.session.id,
    apiToken: null,
    fileBinder: `s:${row.session.familyId ?? row.session.id}`,
  };
}

/** The session a token names when its signature, issuer and expiry hold, whatever the session's state. */
export async function signedSessionId(ctx: AppContext, token: string | null): Promise<string | null> {
  if (!token) return null;
  const claims = await verifySessionToken(ctx.config.jwtSecret, token, ctx.now());
  return claims?.sid ?? null;
}

/** Ends a session and every session refreshed from the same sign-in. Two statements on purpose: the first locks the
 *  session's row (waiting for a refresh that holds it to commit), the second then sees, with a fresh snapshot, the
 *  session that refresh made. A refresh that comes second finds its session revoked and fails. */
export async function revokeSession(db: Database, sessionId: string, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(sessions)
      .set({ revokedAt: sql`coalesce(${sessions.revokedAt}, ${now})` })
      .where(eq(sessions.id, sessionId))
      .returning({ familyId: sessions.familyId, userId: sessions.userId });
    running.delete(sessionId);
    if (!row) return;
    const [user] = await tx
      .select({ id: users.id, role: users.role, companyId: users.companyId, email: users.email })
      .from(users)
      .where(eq(users.id, row.userId));
    if (user)
      await recordAudit(tx, {
        at: now,
        actor: { id: user.id, role: user.role as Role, companyId: user.companyId },
        kind: 'sign_out',
        target: { type: 'user', id: user.id, label: user.email },
      });
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.familyId, row.familyId ?? sessionId), isNull(sessions.revokedAt)));
  });
}

/** All of a user's sessions, or all but one (the one that changed the password), and all of their API tokens: this is
 *  called on deactivation and on every password change (DECISIONS §3: a password change ends every other way in). */
export async function revokeUserSessions(db: Executor, userId: number, now: Date, exceptSessionId?: string) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions));
  await revokeUserApiTokens(db, userId, now);
}
