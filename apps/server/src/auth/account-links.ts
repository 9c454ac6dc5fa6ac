import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { mailLanguage } from './account-language.ts';
import { type ACCOUNT_MAILS, linkMail } from './account-mail.ts';
import { findUserByEmail } from './auth-service.ts';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Hands the e-mail of a single-use link to the after-reply queue and returns at once: the answer takes the same path and
 *  time whether or not `email` names an active account. The task looks the account up, stores the token's hash
 *  (`store`) and e-mails `${publicUrl}${path}?token=…` in the owner's language. */
export function emailAccountLinkAfterReply(
  ctx: AppContext,
  request: {
    kind: keyof typeof ACCOUNT_MAILS;
    email: string;
    lang: Language;
    path: string;
    store: (row: { userId: number; tokenHash: string; now: Date }) => Promise<void>;
  },
) {
  ctx.afterReply.enqueue(request.kind, async () => {
    const found = await findUserByEmail(ctx, request.email);
    if (!found?.user.isActive) return;
    const token = randomBytes(32).toString('base64url');
    await request.store({ userId: found.user.id, tokenHash: sha256(token), now: ctx.now() });
    const link = `${ctx.config.publicUrl}${request.path}?token=${encodeURIComponent(token)}`;
    const lang = mailLanguage(found.user, request.lang);
    await ctx.mailer.send(linkMail(request.kind, lang, found.user.email, found.user.firstName, link));
  });
}
