import { and, count, eq, gt, sum } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { photos, reports } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';

const HOUR_MS = 3_600_000;
const GB = 1024 ** 3;
const gigabytes = (bytes: number) => Number((bytes / GB).toPrecision(3));

/** Uploads running at once per user, in this process (UPLOADS_AT_ONCE_PER_USER): one more answers 429. Counted per
 *  process, not shared: the rate-limit store counts attempts in a window and has no "one fewer" to say an upload ended;
 *  behind a balancer spreading a user's requests over N processes the bound is N times the setting. */
export function createUploadSlots(atOncePerUser: number) {
  const running = new Map<number, number>();
  return {
    async run<T>(userId: number, upload: () => Promise<T>): Promise<T> {
      const now = running.get(userId) ?? 0;
      if (now >= atOncePerUser) throw new AppError(429, 'UPLOADS_AT_ONCE', { limit: atOncePerUser }, { retryAfterSeconds: 5 });
      running.set(userId, now + 1);
      try {
        return await upload();
      } finally {
        const left = (running.get(userId) ?? 1) - 1;
        if (left > 0) running.set(userId, left);
        else running.delete(userId);
      }
    },
  };
}
export type UploadSlots = ReturnType<typeof createUploadSlots>;

/** What one upload request may still bring: the per-request limits, lowered to what is left of the user's hourly quota
 *  (the photos and reports the user stored in the last hour, in the database: shared by every process). Going over
 *  refuses the whole request and keeps nothing of it. */
export class UploadBudget {
  private files = 0;
  private bytes = 0;

  private constructor(
    private readonly quota: AppConfig['uploadQuota'],
    private readonly usedFiles: number,
    private readonly usedBytes: number,
  ) {}

  /** Refuses at once (429) when the user's hourly quota is already used up. */
  static async open(ctx: AppContext, userId: number): Promise<UploadBudget> {
    const since = new Date(ctx.now().getTime() - HOUR_MS);
    const usage = (table: typeof photos | typeof reports) =>
      ctx.db
        .select({ files: count(), bytes: sum(table.sizeBytes) })
        .from(table)
        .where(and(eq(table.uploadedBy, userId), gt(table.createdAt, since)));
    const [[fromPhotos], [fromReports]] = await Promise.all([usage(photos), usage(reports)]);
    const used = {
      files: Number(fromPhotos?.files ?? 0) + Number(fromReports?.files ?? 0),
      bytes: Number(fromPhotos?.bytes ?? 0) + Number(fromReports?.bytes ?? 0),
    };
    const budget = new UploadBudget(ctx.config.uploadQuota, used.files, used.bytes);
    if (budget.hourlyFilesLeft() <= 0 || budget.hourlyBytesLeft() <= 0) throw budget.hourlyRefusal();
    return budget;
  }

  private hourlyFilesLeft = () => this.quota.filesPerHour - this.usedFiles;
  private hourlyBytesLeft = () => this.quota.bytesPerHour - this.usedBytes;
  private hourlyRefusal = () =>
    new AppError(
      429,
      'UPLOAD_HOURLY_QUOTA',
      { files: this.quota.filesPerHour, gb: gigabytes(this.quota.bytesPerHour) },
      { retryAfterSeconds: 600 },
    );

  /** One more file arrives: refused (the whole request) when it is one too many. */
  countFile(): void {
    this.files++;
    if (this.files > this.quota.filesPerRequest) throw new AppError(413, 'UPLOAD_TOO_MANY_FILES', { limit: this.quota.filesPerRequest });
    if (this.files > this.hourlyFilesLeft()) throw this.hourlyRefusal();
  }

  /** How many more bytes the next file may bring, and the refusal once it brings more (see InspectOptions.budget). */
  nextFile() {
    const requestLeft = this.quota.bytesPerRequest - this.bytes;
    const hourLeft = this.hourlyBytesLeft() - this.bytes;
    return {
      bytes: Math.min(requestLeft, hourLeft),
      refuse: () =>
        requestLeft <= hourLeft
          ? new AppError(413, 'UPLOAD_TOO_MANY_BYTES', { limit: gigabytes(this.quota.bytesPerRequest) })
          : this.hourlyRefusal(),
    };
  }

  /** The file's bytes, once it is received. */
  received(size: number): void {
    this.bytes += size;
  }
}
