import type { PhotoFacts } from './placement.ts';
import type { QueueItem } from './queue.ts';
import { memoryQueueStore, type QueueStore } from './queue-store.ts';
import { type SendCallbacks, type SendOutcome, type Transport, UploadManager } from './upload-manager.ts';

/** A transport whose sends the test finishes by hand; it records what was sent and from which offset. */
export class FakeTransport implements Transport {
  sends: {
    item: QueueItem;
    file: File;
    finish(outcome: SendOutcome): void;
    progress(sent: number): void;
    url(u: string): void;
    stalled(): void;
    aborted: boolean;
  }[] = [];
  send(item: QueueItem, file: File, on: SendCallbacks) {
    let finish: (outcome: SendOutcome) => void = () => undefined;
    const done = new Promise<SendOutcome>((resolve) => {
      finish = resolve;
    });
    const entry = { item, file, finish, progress: on.progress, url: on.url, stalled: on.stalled, aborted: false };
    this.sends.push(entry);
    return {
      done,
      abort: () => {
        entry.aborted = true;
        finish({ kind: 'aborted' });
      },
    };
  }
  /** sends not finished yet */
  get open() {
    return this.sends.filter((send) => !send.aborted && !(send as { closed?: boolean }).closed);
  }
  finish(name: string, outcome: SendOutcome = { kind: 'stored' }) {
    const send = this.open.find((s) => s.file.name === name);
    if (!send) throw new Error(`no open send of ${name}`);
    (send as { closed?: boolean }).closed = true;
    send.finish(outcome);
  }
}

export const photo = (name: string, content = name, lastModified = 1_700_000_000_000) =>
  new File([content], name, { type: 'image/jpeg', lastModified });

/** sha256 stand-in: the file's text (tests choose contents) */
export async function fakeHash(file: File): Promise<string> {
  const text = await file.text();
  return text.padEnd(64, '0').slice(0, 64);
}

export function fakeManager(
  options: {
    store?: QueueStore;
    known?: Map<string, string>;
    facts?: (file: File) => PhotoFacts;
    knownCalls?: string[][];
    failKnown?: () => boolean;
    checkRetryMs?: number;
  } = {},
) {
  const transport = new FakeTransport();
  const known = options.known ?? new Map<string, string>();
  const manager = new UploadManager({
    store: options.store ?? memoryQueueStore(),
    readFacts: async (file) => options.facts?.(file) ?? {},
    hash: fakeHash,
    knownHashes: async (_turbine, hashes) => {
      options.knownCalls?.push(hashes);
      if (options.failKnown?.()) throw new Error('offline');
      return new Map(hashes.filter((h) => known.has(h)).map((h) => [h, known.get(h) as string]));
    },
    transport,
    checkRetryMs: options.checkRetryMs ?? 20,
  });
  return { manager, transport };
}

/** lets the manager's promise chains run */
export async function settle(times = 20) {
  for (let i = 0; i < times; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
