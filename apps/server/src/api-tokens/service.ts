import { recordAudit } from '../audit/record.ts';
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import {
  API_TOKEN_MAX_PER_USER,
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenBody,
  type CreatedApiToken,
  can,
} from '@windscope/contract';
import type { AppContext } from '../context.ts';
import type { Database, Executor } from '../db/client.ts';
import { apiTokens, companies, users } from '../db/schema.ts';
import type { AuthState } from '../http/auth-hook.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import { oncePer } from '../lib/once-per.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** last use is written at most this often per token: a busy integration does not write a row per request */
export const LAST_USE_EVERY_MS = 60_000;

/** SHA-256 of the whole token, hex: the only form kept. The secret is 256 random bits, so no slow hash is needed. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** `wsk_` + 32 random bytes in base64url (43 characters). */
export function newApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** Tokens are well-formed before anything is looked up: a wrong length or alphabet never reaches the database. */
const TOKEN_SHAPE = /^wsk_[A-Za-z0-9_-]{43}$/;

type Row = typeof apiTokens.$inferSelect;

function present(row: Row): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ApiTokenScope,
    hint: row.hint,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

function assertMayManage(auth: AuthState) {
  if (!can(auth.actor, 'apiToken.manage')) throw forbidden();
}

/** The signed-in user's live tokens (revoked and expired ones are gone from the list), newest first. */
export async function listApiTokens(ctx: AppContext, auth: AuthState): Promise<ApiToken[]> {
  assertMayManage(auth);
  const rows = await ctx.db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, auth.user.id), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, ctx.now())))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(present);
}

/** Makes a token for the signed-in user and answers it whole, once. The count of live tokens is checked under a lock of
 *  the user's row, so two creations at once cannot pass the limit together. */
export async function createApiToken(ctx: AppContext, auth: AuthState, body: CreateApiTokenBody): Promise<CreatedApiToken> {
  assertMayManage(auth);
  const now = ctx.now();
  const token = newApiToken();
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, auth.user.id)).for('update');
    const [live] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, auth.user.id), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)));
    if ((live?.n ?? 0) >= API_TOKEN_MAX_PER_USER) throw new AppError(409, 'API_TOKEN_LIMIT_REACHED', { limit: API_TOKEN_MAX_PER_USER });
    const [inserted] = await tx
      .insert(apiTokens)
      .values({
        userId: auth.user.id,
        name: body.name,
        scope: body.scope,
        tokenHash: hashApiToken(token),
        hint: token.slice(0, API_TOKEN_PREFIX.length + 4),
        expiresAt: new Date(now.getTime() + body.expires_in_days * DAY_MS),
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('api token not inserted');
    await recordAudit(tx, {
      at: now,
      actor: auth.actor,
      kind: 'api_token_created',
      target: { type: 'api_token', id: inserted.id, label: inserted.name },
      details: { scope: inserted.scope, expires_at: inserted.expiresAt.toISOString() },
    });
    return inserted;
  });
  return { ...present(row), token };
}

/** Revokes one of the signed-in user's own tokens; another user's token is "not found". */
export async function revokeApiToken(ctx: AppContext, auth: AuthState, id: number): Promise<void> {
  assertMayManage(auth);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, auth.user.id), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id, name: apiTokens.name });
    if (!row) throw notFound('API_TOKEN_NOT_FOUND');
    await recordAudit(tx, {
      at: now,
      actor: auth.actor,
      kind: 'api_token_revoked',
      target: { type: 'api_token', id: row.id, label: row.name },
    });
  });
}

/** Every live token of a user: with their sessions on deactivation and on every password change (own, a manager's,
 *  the superadmin's, a reset), in the same transaction. */
export async function revokeUserApiTokens(db: Executor, userId: number, now: Date) {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
}

function prepareTokenLookup(db: Database) {
  return db
    .select({ token: apiTokens, user: users, companyName: companies.name })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(apiTokens.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('api_token_lookup');
}
const tokenLookup = oncePer(prepareTokenLookup);

/** The user an API token acts as, when the token is well-formed, known, not revoked, not expired, and its user active
 *  (read on every request, so a deactivation stops the token at once). Records the use at most once a minute. */
export async function authenticateApiToken(ctx: AppContext, token: string): Promise<AuthState | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const now = ctx.now();
  const [row] = await tokenLookup(ctx.db).execute({ hash: hashApiToken(token) });
  if (!row) return null;
  if (row.token.revokedAt || row.token.expiresAt.getTime() <= now.getTime() || !row.user.isActive) return null;
  if (!row.token.lastUsedAt || now.getTime() - row.token.lastUsedAt.getTime() >= LAST_USE_EVERY_MS) {
    const before = new Date(now.getTime() - LAST_USE_EVERY_MS);
    await ctx.db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, row.token.id), or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, before))));
  }
  return {
    actor: { id: row.user.id, role: row.user.role as AuthState['actor']['role'], companyId: row.user.companyId },
    user: row.user,
    companyName: row.companyName,
    // never a session's id (those are base64url, without a colon): nothing a session route does can match it
    sessionId: `api-token:${row.token.id}`,
    apiToken: { id: row.token.id, scope: row.token.scope as ApiTokenScope },
    fileBinder: `t:${row.token.id}`,
  };
}
