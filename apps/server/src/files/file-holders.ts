import { and, eq, sql } from 'drizzle-orm';
import type { Actor, Role } from '@windscope/contract';
import { currentRequestMeta } from '../audit/request-meta.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { oncePer } from '../lib/once-per.ts';
import { type FileHolder, urlExpiry } from './signed-urls.ts';

/** What a service signs file URLs with: the app secret, the expiry of URLs made now, and who they are for. */
export interface FileSigner {
  secret: Uint8Array;
  expires: number;
  holder: FileHolder;
}

/** The signed-in user (or API token) of the request being served: URLs are signed for them. The auth hook records it on
 *  the request's meta (request-meta.ts), so services that present files need not pass it down. */
export function fileSigner(ctx: AppContext): FileSigner {
  const holder = currentRequestMeta()?.fileHolder;
  if (!holder) throw new Error('file URLs are signed only for a signed-in request');
  return { secret: ctx.config.jwtSecret, expires: urlExpiry(ctx.now(), ctx.config.fileUrlLifetimeSeconds), holder };
}

/** The part of a kept answer's key that tells holders apart: their URLs differ. */
export function fileHolderKey(signer: FileSigner): string {
  return `${signer.holder.userId}:${signer.holder.binder}`;
}

export interface LiveHolder {
  actor: Actor;
  /** `s:<sign-in>` of each live sign-in, `t:<id>` of each live API token */
  binders: string[];
}

/** One query: the user, if active, with the sign-ins (session families) and API tokens that are live now. A prepared
 *  statement, built once per database handle (every file request runs it). */
function prepareLiveHolder(db: Database) {
  const userId = sql.placeholder('userId');
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const signedInAfter = sql`${sql.placeholder('signedInAfter')}::timestamptz`;
  return db
    .select({
      role: users.role,
      companyId: users.companyId,
      binders: sql<string[]>`array(
        select distinct 's:' || coalesce(s.family_id, s.id) from sessions s
        where s.user_id = ${userId} and s.revoked_at is null and s.expires_at > ${at} and s.signed_in_at > ${signedInAfter}
        union all
        select 't:' || t.id from api_tokens t where t.user_id = ${userId} and t.revoked_at is null and t.expires_at > ${at})`,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .limit(1)
    .prepare('live_file_holder');
}
const liveHolderLookup = oncePer(prepareLiveHolder);

/** lookups under way, by user: a page asks for dozens of thumbnails at once; nothing is kept after the answer, so a
 *  sign-out or deactivation is seen by the next request */
const running = new Map<string, Promise<LiveHolder | null>>();

/** The user's live sign-ins and tokens (null: no such active user). Requests for the same user while a lookup runs share
 *  it, as session lookups do (session-service.ts). */
export function liveFileHolder(ctx: AppContext, userId: number): Promise<LiveHolder | null> {
  const now = ctx.now();
  const slot = `${userId}`;
  const pending = running.get(slot);
  if (pending) return pending;
  const lookup = liveHolderLookup(ctx.db)
    .execute({ userId, at: now.toISOString(), signedInAfter: new Date(now.getTime() - ctx.config.sessionMaxMs).toISOString() })
    .then(([row]): LiveHolder | null =>
      row ? { actor: { id: userId, role: row.role as Role, companyId: row.companyId }, binders: row.binders ?? [] } : null,
    )
    .finally(() => {
      if (running.get(slot) === lookup) running.delete(slot);
    });
  running.set(slot, lookup);
  return lookup;
}

/** After a sign-out or a revocation in this process: a lookup already under way may have read the old state. */
export function forgetFileHolderLookup(userId: number) {
  running.delete(`${userId}`);
}
