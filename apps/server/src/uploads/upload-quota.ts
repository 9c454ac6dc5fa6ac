import { and, count, eq, gt, sum } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { photos, reports } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';

const HOUR_MS = 3_600_000;
const GB = 1024 ** 3;
const gigabytes = (bytes: number) => Number((bytes / GB).toPrecision(3));

/** A slot is a lease of its own in the shared store (`uploads-at-once:user:<id>:slot:<n>`, n up to the cap), held while
 *  its request is alive: the request extends it every `renewMs`, and a process that dies (kill -9, a crash, a restart)
 *  stops extending, so its slots are free again within `leaseMs` (UPLOAD_SLOT_LEASE_SECONDS, 30 s; renewed every
 *  third of it). A 6-hour counter held them for 6 hours after a crash: one upload at a time, with 429s, all day. */
export const SLOT_LEASE = { leaseMs: 30_000, renewMs: 10_000 };

/** Uploads running at once per user (UPLOADS_AT_ONCE_PER_USER), in the shared rate-limit store (Redis, else the
 *  database), so the cap holds across every process behind a balancer: one more answers 429. Each upload takes a slot
 *  before its first byte is read and gives it back when it ends, however it ends. */
export function createUploadSlots(limiter: RateLimiter, atOncePerUser: number, lease = SLOT_LEASE) {
  /** the first free slot, taken (its key and the holder's token); null when every slot is held */
  const take = async (userId: number): Promise<{ key: string; holder: string } | null> => {
    for (let n = 1; n <= atOncePerUser; n++) {
      const key = `uploads-at-once:user:${userId}:slot:${n}`;
      const holder = await limiter.claim(key, lease.leaseMs);
      if (holder) return { key, holder };
    }
    return null;
  };
  return {
    async run<T>(userId: number, upload: () => Promise<T>): Promise<T> {
      const slot = await take(userId);
      if (!slot) throw new AppError(429, 'UPLOADS_AT_ONCE', { limit: atOncePerUser }, { retryAfterSeconds: 5 });
      // a store that does not answer a renewal now: the next one tries again (the lease is three renewals long); a lease
      // that ran out meanwhile (a process stalled past it) and was taken by another upload stays that upload's
      const renewal = setInterval(() => void limiter.extend(slot.key, slot.holder, lease.leaseMs).catch(() => false), lease.renewMs);
      renewal.unref();
      try {
        return await upload();
      } finally {
        clearInterval(renewal);
        // only this upload's own claim is given back; a store that does not answer now keeps it until its lease is over
        await limiter.release(slot.key, slot.holder).catch(() => {});
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
