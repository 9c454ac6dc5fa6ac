import { Worker } from 'node:worker_threads';

/** The thread that computes the checksums failed: nothing can be said about the bytes (not the archive's fault). */
export class ChecksumThreadFailed extends Error {}

/** The shared memory the bytes are copied into for the thread: what it has not hashed yet, at most. */
const RING = 64 << 20;

/**
 * SHA-256 of many byte streams on a worker thread, so a backup or restore hashes while it reads and writes (on the
 * main thread it was a third of their time). update() copies the bytes into a ring of shared memory the thread reads
 * (a copy costs far less than the hash; sharing each read buffer instead kept them all alive until the thread's
 * garbage collection: gigabytes of fresh memory). If the thread fails, every digest not yet returned and every later
 * call rejects with the reason.
 */
export class ParallelHasher {
  readonly #worker: Worker;
  readonly #ring = new Uint8Array(new SharedArrayBuffer(RING));
  /** where the next bytes go in the ring */
  #head = 0;
  #nextId = 1;
  #inFlight = 0;
  #failed: Error | null = null;
  #closed = false;
  readonly #digests = new Map<number, { resolve: (hex: string) => void; reject: (error: Error) => void }>();
  #roomWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];

  constructor() {
    this.#worker = new Worker(new URL('./hash-worker.mjs', import.meta.url), { workerData: { ring: this.#ring.buffer } });
    this.#worker.on('message', (message: { t: 'a'; n: number } | { t: 'd'; id: number; hex: string; n: number }) => {
      this.#inFlight -= message.n;
      if (this.#inFlight < RING) {
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

  /** hands the bytes to the thread (copied: the caller may reuse them at once); waits while the ring is full */
  async update(id: number, chunk: Uint8Array): Promise<void> {
    for (let done = 0; done < chunk.length; ) {
      if (this.#failed) throw this.#failed;
      if (this.#inFlight >= RING) {
        await this.#room();
        continue;
      }
      const n = Math.min(chunk.length - done, RING - this.#inFlight, RING - this.#head);
      this.#ring.set(chunk.subarray(done, done + n), this.#head);
      this.#worker.postMessage({ t: 'u', id, o: this.#head, n });
      this.#inFlight += n;
      this.#head = (this.#head + n) % RING;
      done += n;
    }
  }

  #room(): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failed);
    if (this.#inFlight < RING) return Promise.resolve();
    return new Promise((resolve, reject) => this.#roomWaiters.push({ resolve, reject }));
  }

  /** the stream's SHA-256 (hex) once the thread has hashed everything given to update() for it */
  digest(id: number): Promise<string> {
    if (this.#failed) return Promise.reject(this.#failed);
    const digest = new Promise<string>((resolve, reject) => {
      this.#digests.set(id, { resolve, reject });
      this.#worker.postMessage({ t: 'd', id });
    });
    digest.catch(() => {}); // a failure is the caller's to see when it awaits, never an unhandled rejection
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
