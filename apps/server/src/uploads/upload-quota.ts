import { and, count, eq, gt, sum } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { photos, reports } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';

const HOUR_MS = 3_600_000;
const GB = 1024 ** 3;
const gigabytes = (bytes: number) => Number((bytes / GB).toPrecision(3));

/** A slot is held at most this long: a process that dies mid-upload frees it when the lease is over (a request may bring
 *  UPLOAD_MAX_GB over a slow link: 10 GB at 4 Mbit/s is under 6 hours; an upload running past it only loosens the cap). */
const SLOT_LEASE_MS = 6 * HOUR_MS;

/** Uploads running at once per user (UPLOADS_AT_ONCE_PER_USER), counted in the shared rate-limit store (Redis, else the
 *  database), so the cap holds across every process behind a balancer: one more answers 429. Each upload takes a slot
 *  before its first byte is read and gives it back when it ends, however it ends. */
export function createUploadSlots(limiter: RateLimiter, atOncePerUser: number) {
  return {
    async run<T>(userId: number, upload: () => Promise<T>): Promise<T> {
      const key = `uploads-at-once:user:${userId}`;
      const { count } = await limiter.hit(key, SLOT_LEASE_MS);
      if (count > atOncePerUser) {
        await limiter.refund(key);
        throw new AppError(429, 'UPLOADS_AT_ONCE', { limit: atOncePerUser }, { retryAfterSeconds: 5 });
      }
      try {
        return await upload();
      } finally {
        // a store that does not answer now keeps the slot until its lease is over (one of UPLOADS_AT_ONCE_PER_USER)
        await limiter.refund(key).catch(() => {});
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
