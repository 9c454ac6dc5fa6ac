import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/** The one job runner of the database queues (DECISIONS §15). A queue is a table whose rows are claimed with a lease
 *  (`for update skip locked`: any number of processes share it, a row goes to one of them; PGlite, one connection, runs
 *  the same statement) and run here with bounded concurrency. The runner is woken at once by a commit in this process
 *  (`wake`) and polls for everything else: work of other processes, retries that came due, leases of a process that
 *  died. What a run does and how a failure is recorded is the queue's (see `createLeasedTable` for the usual columns). */
export interface JobRunner {
  /** work was committed: look now */
  wake(): void;
  /** resolves once nothing due is left and nothing runs (tests, shutdown, the integrity command); it works the queue
   *  itself, so it also finishes with a polling interval of 0 */
  idle(): Promise<void>;
  /** stops taking new work until the returned function is called (the job in hand goes on) */
  hold(): () => void;
  /** stops taking work and waits for the jobs in hand, at most `closeWaitMs`: a job still running then (a hung SMTP
   *  server) is left to its lease, and another process, or this one restarted, takes it */
  close(): Promise<void>;
}

export interface JobRunnerOptions<J> {
  name: string;
  /** one due job, leased to this process, or null */
  claim(): Promise<J | null>;
  /** runs a claimed job; it records its own outcome (a throw is logged and leaves the lease to expire) */
  run(job: J): Promise<void>;
  /** jobs run at once; 0: none taken here (idle() resolves at once) */
  concurrency?: number;
  /** asked before each claim of background work: 0 to go on, or how many ms to wait before looking again (a queue
   *  that gives way to something else, e.g. the thumbnail queue while uploads stream). Whoever waits in idle() is
   *  not held back by it. */
  deferMs?: () => number;
  /** how often an idle runner looks for work nobody told it about; 0: only when woken or asked (idle) */
  pollMs: number;
  log: (message: string, details: Record<string, unknown>) => void;
  /** 5 s by default; null: wait for the jobs in hand however long they take */
  closeWaitMs?: number | null;
}

export function createJobRunner<J>(options: JobRunnerOptions<J>): JobRunner {
  const concurrency = Math.max(0, options.concurrency ?? 1);
  let active = 0;
  let holds = 0;
  let closed = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  let idleWaiters: (() => void)[] = [];
  /** the look again after a deferral, while one is due */
  let deferTimer: NodeJS.Timeout | null = null;
  const inHand = new Set<Promise<void>>();

  const settleIdle = () => {
    if (active > 0 || pumping) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  /** claims while there is room and work; one pump at a time (a wake during a pump makes it look once more) */
  function pump(): Promise<void> {
    if (pumping) {
      again = true;
      return pumping;
    }
    pumping = (async () => {
      do {
        again = false;
        while (!closed && holds === 0 && active < concurrency) {
          const deferMs = idleWaiters.length > 0 ? 0 : (options.deferMs?.() ?? 0);
          if (deferMs > 0) {
            deferTimer ??= setTimeout(() => {
              deferTimer = null;
              void pump();
            }, deferMs).unref();
            break;
          }
          let job: J | null;
          try {
            job = await options.claim();
          } catch (error) {
            options.log(`${options.name}: could not claim work`, { err: String(error) });
            break;
          }
          if (job === null) break;
          active++;
          const running: Promise<void> = options
            .run(job)
            .catch((error: unknown) => options.log(`${options.name}: job failed`, { err: String(error) }))
            .finally(() => {
              active--;
              inHand.delete(running);
              void pump();
            });
          inHand.add(running);
        }
      } while (again && !closed && holds === 0 && active < concurrency);
    })().finally(() => {
      pumping = null;
      settleIdle();
    });
    return pumping;
  }

  const timer = options.pollMs > 0 ? setInterval(() => void pump(), options.pollMs) : null;
  timer?.unref();

  return {
    wake() {
      if (!closed) setImmediate(() => void pump());
    },
    async idle() {
      if (closed) return;
      await new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        void pump();
      });
    },
    hold() {
      holds++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        void pump();
      };
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      if (deferTimer) clearTimeout(deferTimer);
      const waitMs = options.closeWaitMs === undefined ? 5_000 : options.closeWaitMs;
      let timeout: NodeJS.Timeout | undefined;
      const all = Promise.all([pumping, ...inHand]);
      if (waitMs === null) await all;
      else await Promise.race([all, new Promise<void>((resolve) => (timeout = setTimeout(resolve, waitMs)))]);
      clearTimeout(timeout);
      settleIdle();
    },
  };
}

/** A database queue's worker in this process (every process runs one; the rows' leases share the work): the mail
 *  outbox, the webhook deliveries. */
export interface QueueWorker {
  /** a transaction committed rows: work them now */
  wake(): void;
  /** resolves once every due row has been tried (tests, shutdown); rows waiting for a retry stay */
  drained(): Promise<void>;
  /** takes no new row until the returned function is called (tests) */
  hold(): () => void;
  close(): Promise<void>;
}

/** A runner as a QueueWorker, with the hourly removal of the queue's old finished rows. */
export function queueWorker(runner: JobRunner, prune: { run(): Promise<unknown>; log(error: unknown): void }): QueueWorker {
  const timer = setInterval(() => {
    prune.run().catch(prune.log);
  }, 60 * 60_000);
  timer.unref();
  return {
    wake: runner.wake,
    drained: runner.idle,
    hold: runner.hold,
    async close() {
      clearInterval(timer);
      await runner.close();
    },
  };
}

/** Exponential back-off: 30 s, 1 min, 2 min, ... at most `maxMs`, with ±20% jitter so that many rows failing together
 *  do not come back together. */
export function backoffMs(attempts: number, baseMs = 30_000, maxMs = 60 * 60_000): number {
  const plain = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.8 + Math.random() * 0.4));
}

/** A queue table with the usual columns: status ('pending', 'sending' while leased, then a final state), attempts,
 *  next_attempt_at, lease_until, last_error. Times come from the caller's clock (tests move it). */
export function createLeasedTable<Row>(options: {
  db: Executor;
  /** the table, as drizzle names it in SQL */
  table: SQL | unknown;
  leaseSeconds: number;
  /** how long a row is retried, counted from the start of its window (its creation, or when it was sent again by
   *  hand); then it is `failed` */
  retryMs: number;
  now(): Date;
  /** a further condition on the rows that may be claimed (the table is not aliased: name its columns in full), e.g.
   *  that no earlier row of the same key is still waiting (webhook deliveries, one finding's events in order) */
  claimableWhere?: SQL;
}) {
  const { db, leaseSeconds, retryMs } = options;
  const table = options.table as SQL;
  const further = options.claimableWhere ? sql` and (${options.claimableWhere})` : sql``;
  return {
    /** the next due row (pending and due, or leased by a process that died), now leased to the caller */
    async claim(): Promise<Row | null> {
      const now = options.now();
      const result = await db.execute(sql`
        update ${table} set status = 'sending', attempts = attempts + 1,
          lease_until = ${new Date(now.getTime() + leaseSeconds * 1000)}
        where id = (
          select id from ${table}
          where ((status = 'pending' and next_attempt_at <= ${now}) or (status = 'sending' and lease_until < ${now}))${further}
          order by next_attempt_at, id limit 1 for update skip locked)
        returning *`);
      return ((result as unknown as { rows: Row[] }).rows[0] as Row | undefined) ?? null;
    },
    /** a final state (sent, skipped, ...), with the columns to set alongside; only while this lease holds */
    async finish(id: number, status: string, set: SQL = sql``) {
      await db.execute(sql`
        update ${table} set status = ${status}, lease_until = null, last_error = null ${set}
        where id = ${id} and status = 'sending'`);
    },
    /** a failed attempt: again after the back-off, or `failed` once the row's retry window (from `windowStart`) has
     *  passed. Answers the state it left the row in. */
    async retryOrFail(row: { id: number; attempts: number; windowStart: Date }, error: unknown, set: SQL = sql``) {
      const now = options.now();
      const message = String(error instanceof Error ? error.message : error).slice(0, 1000);
      const giveUp = now.getTime() - row.windowStart.getTime() >= retryMs;
      const status = giveUp ? 'failed' : 'pending';
      await db.execute(sql`
        update ${table} set status = ${status}, lease_until = null, last_error = ${message},
          next_attempt_at = ${new Date(now.getTime() + (giveUp ? 0 : backoffMs(row.attempts)))} ${set}
        where id = ${row.id} and status = 'sending'`);
      return status as 'failed' | 'pending';
    },
  };
}
