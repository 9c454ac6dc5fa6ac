import { createHash, randomBytes } from 'node:crypto';
import { type Language, PASSWORD_RESET_TTL_MS, SIGN_IN_LINK_TTL_MS } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { passwordResetTokens, signInLinks } from '../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { enqueueMailJob } from '../mail/outbox.ts';
import { mailLanguage } from './account-language.ts';
import { linkMail } from './account-mail.ts';
import { findUserByEmail } from './auth-service.ts';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

type LinkKind = 'passwordReset' | 'signInLink';

const LINKS: Record<LinkKind, { path: string; table: typeof passwordResetTokens | typeof signInLinks; ttlMs: number }> = {
  passwordReset: { path: '/password-reset', table: passwordResetTokens, ttlMs: PASSWORD_RESET_TTL_MS },
  signInLink: { path: '/sign-in-link', table: signInLinks, ttlMs: SIGN_IN_LINK_TTL_MS },
};

/** Queues the e-mail of a single-use link and returns: the request writes the same outbox row, in the same time, whether
 *  or not `email` names an active account (the row is the durable record of the request; the address is resolved when
 *  the outbox sends it, `makeAccountLinkMail`). */
export async function queueAccountLinkMail(ctx: AppContext, request: { kind: LinkKind; email: string; lang: Language }) {
  await enqueueMailJob(ctx.db, ctx.now(), request);
  ctx.mail.wake();
}

/** At send time: the account behind the address (none, or inactive: nothing is sent), a new token whose hash is stored
 *  (the token itself exists only in the e-mail; a retry makes another) and the e-mail in the owner's language. */
export async function makeAccountLinkMail(
  ctx: AppContext,
  request: { kind: LinkKind; email: string; lang: Language },
): Promise<MailMessage | null> {
  const found = await findUserByEmail(ctx, request.email);
  if (!found?.user.isActive) return null;
  const url = await issueAccountLink(ctx.db, ctx.config.publicUrl, request.kind, found.user.id, ctx.now());
  return linkMail(request.kind, mailLanguage(found.user, request.lang), found.user.email, found.user.firstName, url);
}

/** A new single-use link of `kind` for the user: its token's hash is stored, the token exists only in the returned
 *  address (an e-mail, or the headless setup's printout). */
export async function issueAccountLink(db: Database, publicUrl: string, kind: LinkKind, userId: number, now: Date) {
  const link = LINKS[kind];
  const token = randomBytes(32).toString('base64url');
  await db.insert(link.table).values({ userId, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + link.ttlMs), createdAt: now });
  return `${publicUrl}${link.path}?token=${encodeURIComponent(token)}`;
}
