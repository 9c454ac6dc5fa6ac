import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { ERRORS, type KvStore, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Database } from '../../db/client.ts';
import { tusUploads } from '../../db/schema.ts';

/**
 * The state tus keeps about an upload, in the `tus_uploads` row every process reads (DECISIONS §13: never in one
 * process). The file store's config store and the S3 store's metadata cache are this key-value view of the row's `info`
 * column; the row itself is made by the creation hook (tus-service.ts) before the store is asked to create the upload.
 */
export function rowInfoStore<T>(db: Database): KvStore<T> {
  return {
    async get(id) {
      const [row] = await db.select({ info: tusUploads.info }).from(tusUploads).where(eq(tusUploads.id, id));
      return (row?.info ?? undefined) as T | undefined;
    },
    async set(id, value) {
      // a plain JSON copy: the stores hand in class instances (Upload)
      await db
        .update(tusUploads)
        .set({ info: JSON.parse(JSON.stringify(value)) })
        .where(eq(tusUploads.id, id));
    },
    async delete(id) {
      await db.update(tusUploads).set({ info: null }).where(eq(tusUploads.id, id));
    },
    async list() {
      const rows = await db.select({ id: tusUploads.id }).from(tusUploads).where(isNotNull(tusUploads.info));
      return rows.map((row) => row.id);
    },
  };
}

export interface RowLockerOptions {
  /** a lock not renewed for this long is free again (its process died) */
  leaseSeconds?: number;
  /** how often the holder renews its lease and looks whether another request asked for the lock */
  heartbeatMs?: number;
  /** how often a waiting request tries again */
  pollMs?: number;
  /** a request waits at most this long for the lock, then fails (tus: ERR_LOCK_TIMEOUT) */
  acquireTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * tus locks on the upload's row, so they hold across every process on the database: a lock is a lease (`lock_token`
 * until `lock_until`, renewed by its holder every heartbeat), taken by one conditional UPDATE. A request that finds
 * the lock held sets `release_requested`; the holder sees it at its next heartbeat and calls tus' release callback
 * (a PATCH then stops reading its body and keeps the bytes it has), as tus' own in-memory locker does within one
 * process. A process that dies holding a lock frees it when the lease runs out. No database connection is held while
 * a lock is, so locks never take a pool connection from other work.
 */
export class RowLocker implements Locker {
  readonly leaseSeconds: number;
  readonly heartbeatMs: number;
  readonly pollMs: number;
  readonly acquireTimeoutMs: number;
  constructor(
    readonly db: Database,
    options: RowLockerOptions = {},
  ) {
    this.leaseSeconds = options.leaseSeconds ?? 15;
    this.heartbeatMs = options.heartbeatMs ?? 1000;
    this.pollMs = options.pollMs ?? 100;
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
  }
  newLock(id: string): Lock {
    return new RowLock(this, id);
  }
}

class RowLock implements Lock {
  private readonly token = randomUUID();
  private heartbeat: NodeJS.Timeout | null = null;
  private held = false;
  constructor(
    private readonly locker: RowLocker,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { db, leaseSeconds } = this.locker;
    const id = this.id;
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      const taken = await db
        .update(tusUploads)
        .set({
          lockToken: this.token,
          lockUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
          releaseRequested: false,
        })
        .where(and(eq(tusUploads.id, id), or(isNull(tusUploads.lockToken), lt(tusUploads.lockUntil, sql`now()`))))
        .returning({ id: tusUploads.id });
      if (taken.length > 0) {
        this.held = true;
        this.startHeartbeat(requestRelease);
        return;
      }
      // held by another request: ask it to let go (once per holder); no row: nothing to guard (the store answers 404)
      const asked = await db
        .update(tusUploads)
        .set({ releaseRequested: true })
        .where(eq(tusUploads.id, id))
        .returning({ id: tusUploads.id });
      if (asked.length === 0) return;
      if (Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await sleep(this.locker.pollMs);
    }
  }

  private startHeartbeat(requestRelease: RequestRelease) {
    const { db, leaseSeconds } = this.locker;
    let releasing = false;
    const beat = async () => {
      const [row] = await db
        .update(tusUploads)
        .set({ lockUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(and(eq(tusUploads.id, this.id), eq(tusUploads.lockToken, this.token)))
        .returning({ releaseRequested: tusUploads.releaseRequested });
      if (row?.releaseRequested && !releasing) {
        releasing = true;
        await requestRelease();
      }
    };
    this.heartbeat = setInterval(() => {
      // a database that does not answer now: the lease may run out, and another request may take the upload over
      beat().catch(() => {});
    }, this.locker.heartbeatMs);
    this.heartbeat.unref();
  }

  async unlock(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (!this.held) return;
    this.held = false;
    await this.locker.db
      .update(tusUploads)
      .set({ lockToken: null, lockUntil: null, releaseRequested: false })
      .where(and(eq(tusUploads.id, this.id), eq(tusUploads.lockToken, this.token)));
  }
}
