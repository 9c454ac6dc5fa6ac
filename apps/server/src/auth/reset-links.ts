import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { passwordResetTokens } from '../db/schema.ts';

/** Every open reset link of a user stops working: called by every password change (reset, own change, set by a manager). */
export async function voidResetLinks(db: Executor, userId: number, now: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
