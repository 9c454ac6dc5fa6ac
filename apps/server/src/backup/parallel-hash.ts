import { Worker } from 'node:worker_threads';

/** The thread that computes the checksums failed: nothing can be said about the bytes (not the archive's fault). */
export class ChecksumThreadFailed extends Error {}

/** Bytes handed to the hashing thread and not yet hashed, at most (the main thread waits in room() beyond it). */
const MAX_IN_FLIGHT = 64 << 20;

/**
 * SHA-256 of many byte streams on a worker thread, so a backup or restore hashes while it reads and writes (on the
 * main thread it was a third of their time). Buffers backed by a SharedArrayBuffer are shared with the thread as they
 * are; others are copied into one. A buffer given to update() must not change until its digest is in.
 * If the thread fails, every digest not yet returned and every later call rejects with the reason.
 */
export class ParallelHasher {
  readonly #worker: Worker;
  #nextId = 1;
  #inFlight = 0;
  #failed: Error | null = null;
  #closed = false;
  readonly #digests = new Map<number, { resolve: (hex: string) => void; reject: (error: Error) => void }>();
  #roomWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];

  constructor() {
    this.#worker = new Worker(new URL('./hash-worker.mjs', import.meta.url));
    this.#worker.on('message', (message: { t: 'a'; n: number } | { t: 'd'; id: number; hex: string; n: number }) => {
      this.#inFlight -= message.n;
      if (this.#inFlight < MAX_IN_FLIGHT) {
        const waiters = this.#roomWaiters;
        this.#roomWaiters = [];
        for (const w of waiters) w.resolve();
      }
      if (message.t === 'a') return;
      const pending = this.#digests.get(message.id);
      this.#digests.delete(message.id);
      pending?.resolve(message.hex);
    });
    this.#worker.on('error', (error) => this.#fail(new ChecksumThreadFailed(`the checksum thread failed: ${error.message}`)));
    this.#worker.on('exit', (code) => {
      if (!this.#closed) this.#fail(new ChecksumThreadFailed(`the checksum thread stopped (exit code ${code})`));
    });
  }

  #fail(error: Error) {
    if (this.#failed) return;
    this.#failed = error;
    for (const pending of this.#digests.values()) pending.reject(error);
    this.#digests.clear();
    for (const w of this.#roomWaiters) w.reject(error);
    this.#roomWaiters = [];
  }

  /** a new stream to hash; its id goes to update() and digest() */
  start(): number {
    if (this.#failed) throw this.#failed;
    return this.#nextId++;
  }

  update(id: number, chunk: Uint8Array): void {
    if (this.#failed) throw this.#failed;
    if (chunk.length === 0) return;
    let shared = chunk;
    if (!(chunk.buffer instanceof SharedArrayBuffer)) {
      shared = new Uint8Array(new SharedArrayBuffer(chunk.length));
      shared.set(chunk);
    }
    this.#inFlight += shared.length;
    this.#worker.postMessage({ t: 'u', id, b: shared.buffer, o: shared.byteOffset, n: shared.length });
  }

  /** resolves once the thread has less than MAX_IN_FLIGHT bytes to catch up on */
  room(): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failed);
    if (this.#inFlight < MAX_IN_FLIGHT) return Promise.resolve();
    const waiting = new Promise<void>((resolve, reject) => this.#roomWaiters.push({ resolve, reject }));
    waiting.catch(() => {}); // a failure is the caller's to see when it awaits, never an unhandled rejection
    return waiting;
  }

  /** the stream's SHA-256 (hex) once the thread has hashed everything given to update() for it */
  digest(id: number): Promise<string> {
    if (this.#failed) return Promise.reject(this.#failed);
    const digest = new Promise<string>((resolve, reject) => {
      this.#digests.set(id, { resolve, reject });
      this.#worker.postMessage({ t: 'd', id });
    });
    digest.catch(() => {}); // as in room()
    return digest;
  }

  /** tests: makes the thread throw, as a crash would */
  crashForTest(): void {
    this.#worker.postMessage({ t: 'crash' });
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#fail(new ChecksumThreadFailed('the checksum thread was closed'));
    await this.#worker.terminate();
  }
}

/** A buffer the hashing thread can read without a copy. */
export const sharedBuffer = (size: number) => Buffer.from(new SharedArrayBuffer(size));
