import type { AnalysisAnswer, AnalysisRequest } from './analysis-worker.ts';
import type { PhotoFacts } from './placement.ts';

/** A worker of its own for each kind of work, so that reading the EXIF of the next card waits for no 10 MB hash. */
function workerClient(kind: AnalysisRequest['kind']) {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const start = () => {
    const created = new Worker(new URL('./analysis-worker.ts', import.meta.url), { type: 'module' });
    created.onmessage = (event: MessageEvent<AnalysisAnswer>) => {
      const waiting = pending.get(event.data.id);
      pending.delete(event.data.id);
      if (event.data.error !== undefined) waiting?.reject(new Error(event.data.error));
      else waiting?.resolve(event.data.result);
    };
    created.onerror = () => {
      for (const waiting of pending.values()) waiting.reject(new Error('analysis worker failed'));
      pending.clear();
      created.terminate();
      worker = null;
    };
    return created;
  };
  return (file: File): Promise<unknown> => {
    worker ??= start();
    const id = ++nextId;
    const promise = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
    worker.postMessage({ id, kind, file } satisfies AnalysisRequest);
    return promise;
  };
}

const hashClient = workerClient('hash');
const factsClient = workerClient('facts');

export const hashFile = async (file: File): Promise<string> => String(await hashClient(file));
export const readFacts = async (file: File): Promise<PhotoFacts> => (await factsClient(file)) as PhotoFacts;
