import type { Blade, PhotoCategory } from '@windscope/contract';

/**
 * The upload queue's data and its state machine (DECISIONS §13, issue 15). Pure: no browser APIs, no React; the
 * manager (upload-manager.ts) drives it, queue-store.ts keeps it in IndexedDB, the panel renders it.
 */

/** Where a photo goes: a 360° blade photo of a room, or a drone / operator / robot photo. */
export type PhotoSource = { kind: 'room'; room: number } | { kind: 'category'; category: PhotoCategory };

export interface Placement {
  year: number;
  blade: Blade;
  source: PhotoSource;
}

/** Where a suggested value came from: the photo's EXIF/XMP, its file name, the zone's setting, or the user. */
export type Origin = 'photo' | 'name' | 'default' | 'user';
export interface PlacementOrigins {
  year: Origin;
  blade: Origin;
  source: Origin;
}

/**
 * review: chosen, placement not yet confirmed · waiting: to hash · hashing · checking: hash known, asking the server
 * whether the turbine holds it · ready: to send · sending · done · duplicate: the turbine already holds the content ·
 * refused: the server said no (its message kept) · failed: the link or the server failed, retry possible ·
 * missing: restored after a reload, the file has to be chosen again.
 */
export type ItemState =
  | 'review'
  | 'waiting'
  | 'hashing'
  | 'checking'
  | 'ready'
  | 'sending'
  | 'done'
  | 'duplicate'
  | 'refused'
  | 'failed'
  | 'missing';

export const FINISHED_STATES: ReadonlySet<ItemState> = new Set(['done', 'duplicate', 'refused']);
/** states the manager works on by itself (failed and missing wait for the user) */
export const ACTIVE_STATES: ReadonlySet<ItemState> = new Set(['waiting', 'hashing', 'checking', 'ready', 'sending']);

export interface QueueItem {
  id: string;
  turbineId: number;
  turbineName: string;
  /** the file's identity for matching after a reload */
  name: string;
  size: number;
  lastModified: number;
  placement: Placement;
  origins: PlacementOrigins;
  state: ItemState;
  /** bytes the server holds (what tus reported) */
  sent: number;
  sha256?: string;
  /** the server answered the known-hash question for sha256 */
  checked?: boolean;
  /** the tus upload's URL once created: a resumed upload asks it for its offset */
  uploadUrl?: string;
  /** refused or failed: the server's (localized) message; failed without one shows the generic text */
  message?: string;
  code?: string;
  /** duplicate: the name of the photo that already has this content */
  duplicateOf?: string;
  /** what the photo says (kept for the review table) */
  capturedAt?: string;
  /** the year the photo was taken in by its EXIF/XMP or its file name: offered in the review, never taken by itself (the
   *  year chosen for the upload stays; issue 24 item 14) */
  takenYear?: { year: number; from: 'photo' | 'name' };
  /** the turbine's room count when the files were chosen: the review offers rooms 1..this (issue 24 item 17) */
  turbineRooms?: number;
  /** the state the item had before it went missing on a reload */
  before?: ItemState;
  addedAt: number;
}

export type QueueEvent =
  | { type: 'start' }
  | { type: 'hash' }
  | { type: 'hashed'; sha256: string }
  | { type: 'known'; originalName: string }
  | { type: 'unknown' }
  | { type: 'send' }
  | { type: 'progress'; sent: number }
  | { type: 'url'; uploadUrl: string }
  | { type: 'stored' }
  | { type: 'refused'; code: string; message: string }
  | { type: 'failed'; message?: string }
  /** paused or aborted: back to where it can start again */
  | { type: 'stop' }
  | { type: 'retry' }
  | { type: 'lost' }
  | { type: 'found' }
  | { type: 'place'; placement: Placement; origins: PlacementOrigins };

/** Transitions the machine allows; anything else leaves the item as it was (and is reported by `allowed`). */
const ALLOWED: Record<QueueEvent['type'], readonly ItemState[]> = {
  start: ['review'],
  hash: ['waiting'],
  hashed: ['hashing'],
  known: ['checking'],
  unknown: ['checking'],
  send: ['ready'],
  progress: ['sending'],
  url: ['sending'],
  stored: ['sending', 'ready', 'checking'],
  refused: ['sending', 'hashing', 'checking', 'ready'],
  failed: ['hashing', 'checking', 'sending', 'ready', 'waiting'],
  stop: ['hashing', 'checking', 'sending'],
  retry: ['failed'],
  lost: ['review', 'waiting', 'hashing', 'checking', 'ready', 'sending', 'failed'],
  found: ['missing'],
  place: ['review'],
};

export function allowed(item: QueueItem, event: QueueEvent): boolean {
  return ALLOWED[event.type].includes(item.state);
}

/** Where an item goes once its work can start again (after a stop, a retry or a re-selected file). */
function resumable(item: QueueItem): ItemState {
  if (!item.sha256) return 'waiting';
  return item.checked ? 'ready' : 'checking';
}

/** The item after the event; the same object when the event does not apply in its state. */
export function transition(item: QueueItem, event: QueueEvent): QueueItem {
  if (!allowed(item, event)) return item;
  switch (event.type) {
    case 'start':
      return { ...item, state: 'waiting' };
    case 'hash':
      return { ...item, state: 'hashing' };
    case 'hashed':
      return { ...item, state: 'checking', sha256: event.sha256, checked: false };
    case 'known':
      return { ...item, state: 'duplicate', checked: true, duplicateOf: event.originalName };
    case 'unknown':
      return { ...item, state: 'ready', checked: true };
    case 'send':
      return { ...item, state: 'sending', message: undefined, code: undefined };
    case 'progress':
      return event.sent === item.sent ? item : { ...item, sent: Math.min(item.size, Math.max(0, event.sent)) };
    case 'url':
      return { ...item, uploadUrl: event.uploadUrl };
    case 'stored':
      return { ...item, state: 'done', sent: item.size, message: undefined, code: undefined };
    case 'refused':
      return { ...item, state: 'refused', code: event.code, message: event.message };
    case 'failed':
      return { ...item, state: 'failed', message: event.message };
    case 'stop':
      return { ...item, state: resumable(item) };
    case 'retry':
      return { ...item, state: resumable(item), message: undefined };
    case 'lost':
      return { ...item, state: 'missing', before: item.state };
    case 'found':
      return { ...item, state: item.before === 'review' ? 'review' : resumable(item), before: undefined };
    case 'place':
      return { ...item, placement: event.placement, origins: event.origins };
  }
}

/** After a reload: finished items stay as they were, everything else waits for its file. */
export function restoredItems(items: readonly QueueItem[]): QueueItem[] {
  return items.map((item) => (item.state === 'missing' || FINISHED_STATES.has(item.state) ? item : transition(item, { type: 'lost' })));
}

/** A file's identity across reloads (File objects cannot be kept): name, size and last modification. */
export function fileKey(file: { name: string; size: number; lastModified: number }): string {
  return `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
}

/** Pairs re-selected files with the items waiting for them; files that match nothing are returned apart. */
export function matchFiles<F extends { name: string; size: number; lastModified: number }>(
  items: readonly QueueItem[],
  files: readonly F[],
): { matched: Map<string, F>; unmatched: F[] } {
  const waiting = new Map<string, QueueItem[]>();
  for (const item of items) {
    if (item.state !== 'missing') continue;
    const key = fileKey(item);
    waiting.set(key, [...(waiting.get(key) ?? []), item]);
  }
  const matched = new Map<string, F>();
  const unmatched: F[] = [];
  for (const file of files) {
    const candidates = waiting.get(fileKey(file));
    const item = candidates?.shift();
    if (item) matched.set(item.id, file);
    else unmatched.push(file);
  }
  return { matched, unmatched };
}

export interface QueueTotals {
  /** every chosen file: in review, on its way, finished, refused or failed (issue 24 item 12) */
  files: number;
  done: number;
  duplicate: number;
  refused: number;
  failed: number;
  missing: number;
  review: number;
  /** files the manager is working on */
  active: number;
  /** bytes of the files that are (or were) to be sent, and the bytes of them the server holds; a failed file's bytes
   *  count as not sent (failedBytes) until it goes again */
  totalBytes: number;
  sentBytes: number;
  failedBytes: number;
}

export function totals(items: readonly QueueItem[]): QueueTotals {
  const result: QueueTotals = {
    files: items.length,
    done: 0,
    duplicate: 0,
    refused: 0,
    failed: 0,
    missing: 0,
    review: 0,
    active: 0,
    totalBytes: 0,
    sentBytes: 0,
    failedBytes: 0,
  };
  for (const item of items) {
    if (item.state === 'done') result.done++;
    else if (item.state === 'duplicate') result.duplicate++;
    else if (item.state === 'refused') result.refused++;
    else if (item.state === 'failed') result.failed++;
    else if (item.state === 'missing') result.missing++;
    else if (item.state === 'review') result.review++;
    else result.active++;
    if (item.state === 'review' || item.state === 'duplicate' || item.state === 'refused') continue;
    result.totalBytes += item.size;
    if (item.state === 'failed') result.failedBytes += item.size;
    else result.sentBytes += item.state === 'done' ? item.size : item.sent;
  }
  return result;
}

/** Files that were started and are to end up on the server (not in review, not skipped, not refused). */
export const filesToSend = (sums: QueueTotals): number => sums.files - sums.review - sums.duplicate - sums.refused;

/**
 * The overall bar: `percent` of the bytes to send that the server holds, 100 only when every file to send is stored
 * (never rounded up to look complete), and a red part for failed files, wide enough to be seen however small they are.
 * `stored` and `failed` are the widths of the two parts (together at most 100).
 */
export function overallProgress(sums: QueueTotals): { percent: number; stored: number; failed: number } {
  const toSend = filesToSend(sums);
  const complete = toSend > 0 && sums.done === toSend;
  const share = sums.totalBytes > 0 ? Math.floor((sums.sentBytes / sums.totalBytes) * 100) : 0;
  const percent = complete ? 100 : Math.min(99, share);
  const failed = sums.failed > 0 ? Math.min(100, Math.max(3, Math.ceil((sums.failedBytes / Math.max(1, sums.totalBytes)) * 100))) : 0;
  return { percent, stored: Math.min(percent, 100 - failed), failed };
}

/** What the totals add to "n of N stored": the files in review, skipped, refused, failed or waiting for their file. */
export const SUMMARY_PARTS = ['review', 'duplicate', 'refused', 'failed', 'missing'] as const;
export function summaryParts(sums: QueueTotals): { part: (typeof SUMMARY_PARTS)[number]; count: number }[] {
  return SUMMARY_PARTS.map((part) => ({ part, count: sums[part] })).filter((entry) => entry.count > 0);
}

/** The turbines whose queue has nothing left to do (every file finished) and stored at least one photo, with the years. */
export function finishedTurbines(items: readonly QueueItem[]): Map<number, Set<number>> {
  const open = new Set<number>();
  const years = new Map<number, Set<number>>();
  for (const item of items) {
    if (!FINISHED_STATES.has(item.state)) open.add(item.turbineId);
    else if (item.state === 'done') years.set(item.turbineId, (years.get(item.turbineId) ?? new Set()).add(item.placement.year));
  }
  for (const id of open) years.delete(id);
  return years;
}
