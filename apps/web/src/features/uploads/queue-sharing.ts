import type { QueueItem } from './queue.ts';
import type { ManagerEvent } from './upload-manager.ts';

/**
 * One tab owns a user's upload queue (issue 23, item 10): the owner holds a Web Lock named after the user for as long
 * as it lives; the user's other tabs of this browser wait in the lock's line and show the owner's queue as it sends it
 * on a BroadcastChannel. What the user does in such a tab (files chosen, retry, pause) is handed to the owner. When
 * the owner is gone (closed, reloaded, crashed: the browser frees its locks), the next tab in line is given the lock
 * and takes the queue over from IndexedDB, asking for the files of what was not finished.
 */
export type SharedMessage =
  | {
      type: 'state';
      userId: number;
      items: readonly QueueItem[];
      paused: boolean;
      speed: number;
      secondsLeft: number | null;
      fileSpeed: [string, number][];
    }
  | { type: 'hello'; userId: number }
  | { type: 'call'; userId: number; method: SharedCall; args: unknown[] }
  | { type: 'event'; userId: number; event: ManagerEvent };

/** What another tab may ask the owner to do (the manager's own methods of these names). */
export type SharedCall =
  | 'add'
  | 'setPlacement'
  | 'acceptTakenYears'
  | 'start'
  | 'remove'
  | 'pause'
  | 'resume'
  | 'retryFailed'
  | 'clearFinished';

export interface QueueSharing {
  /** true when this tab owns the user's queue now; otherwise `takeOver` runs once the owner is gone */
  own(userId: number, takeOver: () => void): Promise<boolean>;
  /** lets go of the queue (sign-out, another user), and stops waiting for it */
  release(): void;
  post(message: SharedMessage): void;
  onMessage(listener: (message: SharedMessage) => void): void;
}

const lockName = (userId: number) => `windscope-uploads:user:${userId}`;

/** Web Locks and a BroadcastChannel; undefined where the browser has neither (then every tab works alone). */
export function tabQueueSharing(): QueueSharing | undefined {
  if (typeof navigator === 'undefined' || !navigator.locks || typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel('windscope-uploads');
  let letGo: (() => void) | null = null;
  let stopWaiting: AbortController | null = null;
  const hold = () =>
    new Promise<void>((resolve) => {
      letGo = resolve;
    });
  return {
    own(userId, takeOver) {
      return new Promise<boolean>((resolve) => {
        navigator.locks
          .request(lockName(userId), { ifAvailable: true }, (lock) => {
            if (lock) {
              resolve(true);
              return hold();
            }
            resolve(false);
            const waiting = new AbortController();
            stopWaiting = waiting;
            navigator.locks
              .request(lockName(userId), { signal: waiting.signal }, () => {
                stopWaiting = null;
                takeOver();
                return hold();
              })
              .catch(() => undefined);
            return undefined;
          })
          // no lock to be had (an odd browser): this tab works alone
          .catch(() => resolve(true));
      });
    },
    release() {
      letGo?.();
      letGo = null;
      stopWaiting?.abort();
      stopWaiting = null;
    },
    post(message) {
      channel.postMessage(message);
    },
    onMessage(listener) {
      channel.addEventListener('message', (event: MessageEvent<SharedMessage>) => listener(event.data));
    },
  };
}
