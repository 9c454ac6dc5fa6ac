import type { PhotoFacts } from './placement.ts';
import type { QueueItem } from './queue.ts';
import { memoryQueueStore, type QueueStore } from './queue-store.ts';
import type { QueueSharing, SharedMessage } from './queue-sharing.ts';
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
    sharing?: QueueSharing;
    onUnauthorized?: (waiting: number) => void;
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
    sharing: options.sharing,
    onUnauthorized: options.onUnauthorized,
  });
  return { manager, transport };
}

/** lets the manager's promise chains run */
export async function settle(times = 20) {
  for (let i = 0; i < times; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The tabs of one browser, in memory: a lock per name with its line of waiting tabs, and a channel to all of them. */
export function sharedTabs() {
  const holders = new Map<string, number>();
  const lines = new Map<string, { tab: number; takeOver: () => void }[]>();
  const listeners = new Map<number, (message: SharedMessage) => void>();
  let next = 0;
  const tab = (): QueueSharing & { close(): void } => {
    const id = ++next;
    let held: string | null = null;
    const release = () => {
      for (const [name, line] of lines)
        lines.set(
          name,
          line.filter((w) => w.tab !== id),
        );
      if (held === null) return;
      const name = held;
      held = null;
      holders.delete(name);
      const waiting = lines.get(name)?.shift();
      if (waiting) {
        holders.set(name, waiting.tab);
        setTimeout(waiting.takeOver, 0);
      }
    };
    return {
      async own(userId, takeOver) {
        const name = `user:${userId}`;
        if (!holders.has(name)) {
          holders.set(name, id);
          held = name;
          return true;
        }
        const granted = () => {
          held = name;
          takeOver();
        };
        lines.set(name, [...(lines.get(name) ?? []), { tab: id, takeOver: granted }]);
        return false;
      },
      release,
      post(message) {
        for (const [other, listener] of listeners) if (other !== id) setTimeout(() => listener(message), 0);
      },
      onMessage(listener) {
        listeners.set(id, listener);
      },
      /** the tab is closed: its lock is free, it hears nothing more */
      close() {
        listeners.delete(id);
        release();
      },
    };
  };
  return { tab };
}
