import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { emailChanges, passwordResetTokens, signInLinks } from '../db/schema.ts';

/** Every outstanding link of the account stops working: reset links, sign-in links and a pending e-mail change (its
 *  queued e-mail is then not sent). Called, inside the change's transaction, by every change of a credential or an
 *  address: a password reset, a password set by its owner, a manager or the superadmin, the superadmin's immediate
 *  e-mail change, a confirmed e-mail change, and a deactivation (a link mailed before must not work once reactivated). */
export async function voidAccountLinks(db: Executor, userId: number, now: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.userId, userId), isNull(signInLinks.usedAt)));
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
}
