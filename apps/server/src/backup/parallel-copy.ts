import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { OperatorError, operatorLine } from '../lib/operator-messages.ts';

/** A copying thread failed: nothing can be said about the bytes (not the archive's fault). */
export class CopyThreadFailed extends OperatorError {}

/** One copy failed: the file system's reason (`code`: ENOENT, ENOSPC...; SHORT: the archive ended before the size;
 *  CHANGED: a file to back up is no longer of its size). */
export class CopyFailed extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

export interface CopyJob {
  /** a file read from its start (the first of the paths that exists), or a range of the archive */
  from: { paths: string[] } | { archive: string; offset: number };
  /** a place in the archive (after `head`, the entry's tar header), or a new file (its folders made) */
  to: { archive: string; offset: number; head?: Uint8Array } | { file: string };
  size: number;
}

interface Pending {
  resolve: (sha256: string) => void;
  reject: (error: Error) => void;
  thread: Thread;
  size: number;
}
interface Thread {
  worker: Worker;
  /** bytes given to it and not yet copied: the next job goes to the least busy */
  bytes: number;
}

/**
 * Copies with a SHA-256 of the bytes in the same pass (copy-worker.mjs), on one thread per core (2 at least, 4 at
 * most), each job on one of them: a backup reads every stored file once and writes it into its slot in the archive;
 * a restore reads each entry once and writes its file. close() stops every job at its next read and waits for them
 * (their files closed) before it ends the threads.
 */
export class ParallelCopier {
  readonly #threads: Thread[] = [];
  /** [0]: stop every job; [1]: tests, fail a thread (copy-worker.mjs) */
  readonly #flags = new Int32Array(new SharedArrayBuffer(8));
  readonly #pending = new Map<number, Pending>();
  /** every copy not yet answered (close() waits for them) */
  readonly #outstanding = new Set<Promise<string>>();
  #nextId = 1;
  #failed: Error | null = null;
  #closed = false;

  constructor(threads = Math.min(4, Math.max(2, availableParallelism()))) {
    for (let i = 0; i < threads; i++) {
      const thread: Thread = {
        // plain JavaScript: without the parent's loader flags (tsx's hooks cost each thread ~0.1 s of CPU to start)
        worker: new Worker(new URL('./copy-worker.mjs', import.meta.url), { workerData: { flags: this.#flags.buffer }, execArgv: [] }),
        bytes: 0,
      };
      thread.worker.on('message', (message: { id: number; sha256?: string; error?: string; code?: string }) => {
        const pending = this.#pending.get(message.id);
        if (!pending) return;
        this.#pending.delete(message.id);
        thread.bytes -= pending.size;
        if (message.sha256 !== undefined) pending.resolve(message.sha256);
        else pending.reject(new CopyFailed(message.error ?? 'the copy failed', message.code));
      });
      thread.worker.on('error', (error) => this.#fail(new CopyThreadFailed(operatorLine('COPY_THREAD_FAILED', { reason: error.message }))));
      thread.worker.on('exit', (code) => {
        if (!this.#closed) this.#fail(new CopyThreadFailed(operatorLine('COPY_THREAD_STOPPED', { code })));
      });
      this.#threads.push(thread);
    }
  }

  #fail(error: Error) {
    this.#failed ??= error;
    Atomics.store(this.#flags, 0, 1);
    for (const pending of this.#pending.values()) pending.reject(this.#failed);
    this.#pending.clear();
  }

  /** the SHA-256 (hex) of the `size` bytes copied */
  copy(job: CopyJob): Promise<string> {
    if (this.#failed) return Promise.reject(this.#failed);
    const thread = this.#threads.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    const id = this.#nextId++;
    const done = new Promise<string>((resolve, reject) => this.#pending.set(id, { resolve, reject, thread, size: job.size }));
    done.catch(() => {}); // the caller sees a failure where it awaits; close() must not end the process with it
    this.#outstanding.add(done);
    void done.finally(() => this.#outstanding.delete(done)).catch(() => {});
    thread.bytes += job.size;
    thread.worker.postMessage({ id, ...job });
    return done;
  }

  /** tests: makes the threads throw in the job they are doing (or the next one), as a crash would */
  crashForTest(): void {
    Atomics.store(this.#flags, 1, 1);
  }

  async close(): Promise<void> {
    Atomics.store(this.#flags, 0, 1);
    // the jobs still running or queued answer at once now, each with its files closed
    await Promise.allSettled(this.#outstanding);
    this.#closed = true;
    await Promise.all(this.#threads.map((t) => t.worker.terminate()));
  }
}
