import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SESSION_TTL_MS } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import type { Database, Executor } from '../db/client.ts';
import { companies, sessions, users } from '../db/schema.ts';
import type { AuthState } from '../http/auth-hook.ts';
import type { UserRow } from '../users/presenter.ts';
import { signSessionToken, verifySessionToken } from './tokens.ts';

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
const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

/** A token is good when its signature and expiry hold, its session exists, is not revoked or expired,
 *  and its user is still active. */
export async function authenticateToken(ctx: AppContext, token: string): Promise<AuthState | null> {
  const now = ctx.now();
  const claims = await verifySessionToken(ctx.config.jwtSecret, token, now);
  if (!claims) return null;
  let lookup = sessionLookups.get(ctx.db);
  if (!lookup) {
    lookup = prepareSessionLookup(ctx.db);
    sessionLookups.set(ctx.db, lookup);
  }
  const rows = await lookup.execute({ sid: claims.sid });
  const row = rows[0];
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
