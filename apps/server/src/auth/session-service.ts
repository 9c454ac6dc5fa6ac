import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SESSION_TTL_MS } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import type { Database, Executor } from '../db/client.ts';
import { companies, sessions, users } from '../db/schema.ts';
import type { AuthState } from '../http/auth-hook.ts';
import type { UserRow } from '../users/presenter.ts';
import { signSessionToken, verifySessionToken } from './tokens.ts';
import { oncePer } from '../lib/once-per.ts';

export async function createSession(ctx: AppContext, user: UserRow, meta: { userAgent?: string; ip?: string }) {
  const id = randomBytes(24).toString('base64url');
  const expiresAt = new Date(ctx.now().getTime() + SESSION_TTL_MS);
  await ctx.db.insert(sessions).values({
    id,
    userId: user.id,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip?.slice(0, 64) ?? null,
    createdAt: ctx.now(),
  });
  const token = await signSessionToken(ctx.config.jwtSecret, { sid: id, sub: String(user.id) }, expiresAt);
  return { id, token, expiresAt };
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
  if (!row.user.isActive) return null;
  return {
    actor: { id: row.user.id, role: row.user.role as AuthState['actor']['role'], companyId: row.user.companyId },
    user: row.user,
    companyName: row.companyName,
    sessionId: row.session.id,
  };
}

export async function revokeSession(db: Executor, sessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  running.delete(sessionId);
}

/** All of a user's sessions, or all but one (the one that changed the password). */
export async function revokeUserSessions(db: Executor, userId: number, now: Date, exceptSessionId?: string) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions));
}
