import { eq, isNull } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { isUniqueViolation } from '../http/errors.ts';

/** The address as it looks: Unicode's confusable skeleton (UTS #39: decompose, map every character to its prototype
 *  from confusables.txt — Cyrillic 'а' and Latin 'a', dotless 'ı' and 'i', 'rn' and 'm', '1' and 'l' — decompose
 *  again), taken of the already normalized address (contract normalizeEmail). Two addresses with one skeleton are
 *  look-alikes: the database keeps skeletons unique. */
export function emailSkeleton(normalizedEmail: string): string {
  return unhomoglyph(normalizedEmail.normalize('NFD')).normalize('NFD');
}

/** Gives a skeleton to rows that have none (written before the column existed, or by seeds and benchmarks that insert
 *  directly). Usually finds nothing. A row whose skeleton another row already holds (look-alikes registered before the
 *  check existed) keeps none and is left for an administrator. */
export async function fillMissingSkeletons(db: Executor) {
  const missing = await db.select({ id: users.id, email: users.email }).from(users).where(isNull(users.emailSkeleton));
  for (const row of missing) {
    try {
      await db
        .update(users)
        .set({ emailSkeleton: emailSkeleton(row.email.toLowerCase()) })
        .where(eq(users.id, row.id));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
}
