import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { QueueItem } from './queue.ts';

/**
 * The upload queue kept in IndexedDB (database `windscope-uploads`, store `queue`, one entry per user: `user:<id>`),
 * so that a reload or a closed tab finds it again. Files themselves are not kept (that would copy gigabytes): after a
 * reload the user selects them again and queue.ts matchFiles() pairs them by name, size and modification time.
 */
export interface QueueStore {
  load(userId: number): Promise<QueueItem[]>;
  save(userId: number, items: readonly QueueItem[]): Promise<void>;
}

export const QUEUE_DB = 'windscope-uploads';

function isItem(value: unknown): value is QueueItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<QueueItem>;
  return (
    typeof item.id === 'string' &&
    typeof item.turbineId === 'number' &&
    typeof item.name === 'string' &&
    typeof item.size === 'number' &&
    typeof item.lastModified === 'number' &&
    typeof item.state === 'string' &&
    typeof item.placement === 'object'
  );
}

export function idbQueueStore(store: UseStore = createStore(QUEUE_DB, 'queue')): QueueStore {
  return {
    async load(userId) {
      const value = await get<unknown>(`user:${userId}`, store);
      return Array.isArray(value) ? value.filter(isItem) : [];
    },
    async save(userId, items) {
      if (items.length === 0) await del(`user:${userId}`, store);
      else await set(`user:${userId}`, items, store);
    },
  };
}

/** A store for tests and browsers without IndexedDB (private windows of some browsers): the queue lives as long as the tab. */
export function memoryQueueStore(): QueueStore {
  const kept = new Map<number, QueueItem[]>();
  return {
    load: async (userId) => structuredClone(kept.get(userId) ?? []),
    save: async (userId, items) => {
      kept.set(userId, structuredClone([...items]));
    },
  };
}
