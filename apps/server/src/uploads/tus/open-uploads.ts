import { and, count, eq, gt, sum } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { tusUploads, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

const GB = 1024 ** 3;
/** A refusal frees itself when the user's running uploads finish: tried again after a minute. */
const RETRY_AFTER_SECONDS = 60;

/**
 * Registers a new resumable upload (its tus_uploads row) within the user's cap of open uploads (UPLOADS_OPEN_PER_USER)
 * and of the bytes they announce together (UPLOADS_OPEN_GB): 300 creations announcing 60 GB were all accepted, each
 * holding its place until it expired. Open = still expecting bytes ('receiving', not expired): a finished, refused or
 * expired upload frees its place at once. One creation of a user at a time (the user's row is locked for the count
 * and the insert), so simultaneous creations cannot pass the count together.
 */
export async function registerOpenUpload(
  db: Database,
  cap: Pick<AppConfig['uploadQuota'], 'openPerUser' | 'openBytesPerUser'>,
  row: typeof tusUploads.$inferInsert & { userId: number; createdAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
    const [open] = await tx
      .select({ uploads: count(), bytes: sum(tusUploads.length) })
      .from(tusUploads)
      .where(and(eq(tusUploads.userId, row.userId), eq(tusUploads.state, 'receiving'), gt(tusUploads.expiresAt, row.createdAt)));
    const uploads = Number(open?.uploads ?? 0);
    const bytes = Number(open?.bytes ?? 0);
    const retry = { retryAfterSeconds: RETRY_AFTER_SECONDS };
    if (uploads + 1 > cap.openPerUser) throw new AppError(429, 'UPLOADS_OPEN_TOO_MANY', { limit: cap.openPerUser }, retry);
    if (bytes + row.length > cap.openBytesPerUser) {
      throw new AppError(429, 'UPLOADS_OPEN_TOO_MANY_BYTES', { gb: Number((cap.openBytesPerUser / GB).toPrecision(3)) }, retry);
    }
    await tx.insert(tusUploads).values(row);
  });
}
