import { KNOWN_HASHES_MAX, UPLOAD_CONCURRENCY } from '@windscope/contract';
import type { PhotoFacts } from './placement.ts';
import { suggestPlacement, takenYearOf } from './placement.ts';
import {
  ACTIVE_STATES,
  FINISHED_STATES,
  finishedTurbines,
  matchFiles,
  type Placement,
  type PlacementOrigins,
  type QueueEvent,
  type QueueItem,
  type QueueTotals,
  restoredItems,
  totals,
  transition,
} from './queue.ts';
import type { QueueStore } from './queue-store.ts';
import type { QueueSharing, SharedCall, SharedMessage } from './queue-sharing.ts';

/**
 * The app-level upload manager (issue 15): one per tab, outside React, so that it keeps going while the user moves
 * between screens. It hashes each file (worker), asks the server which hashes the turbine already holds (in batches),
 * skips those as duplicates and sends the rest with tus, UPLOAD_CONCURRENCY at a time; the queue is saved to
 * IndexedDB after every change. React reads it with useSyncExternalStore (subscribe / getSnapshot).
 */

export type SendOutcome =
  | { kind: 'stored' }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'failed'; message?: string }
  | { kind: 'unauthorized' }
  | { kind: 'aborted' };

export interface SendHandle {
  done: Promise<SendOutcome>;
  abort(): void;
}

export interface Transport {
  send(item: QueueItem, file: File, on: SendCallbacks): SendHandle;
}

export interface SendCallbacks {
  progress(sent: number): void;
  url(uploadUrl: string): void;
  /** a request failed and will be tried again: until bytes move again the link counts as down */
  stalled(): void;
}

export interface UploadDeps {
  store: QueueStore;
  readFacts(file: File): Promise<PhotoFacts>;
  hash(file: File): Promise<string>;
  /** the asked hashes the turbine holds: sha256 -> name of the photo that has it */
  knownHashes(turbineId: number, hashes: string[]): Promise<Map<string, string>>;
  transport: Transport;
  now?: () => number;
  /** the server said 401: the queue pauses, the app signs out (the queue waits in IndexedDB); `waiting`: the files still
   *  to go up by themselves (failed, missing, finished and unreviewed ones are not) */
  onUnauthorized?: (waiting: number) => void;
  /** delay before asking the known hashes again after a failed question */
  checkRetryMs?: number;
  /** the user's other tabs: one owns the queue, the others show it (queue-sharing.ts); absent: this tab works alone */
  sharing?: QueueSharing;
}

export interface ManagerSnapshot {
  items: readonly QueueItem[];
  totals: QueueTotals;
  paused: boolean;
  /** bytes per second over the last seconds, 0 when nothing moves */
  speed: number;
  /** per file currently sending: bytes per second */
  fileSpeed: ReadonlyMap<string, number>;
  /** seconds left at the current speed, null when unknown */
  secondsLeft: number | null;
  /** files from before the reload wait for the user to choose them again (asked once) */
  askForFiles: boolean;
  /** turbines whose queue has finished, with the years their stored photos went to */
  finished: ReadonlyMap<number, ReadonlySet<number>>;
  userId: number | null;
  /** another tab of this browser owns the queue: this one shows it and hands what the user does to that tab */
  follower: boolean;
}

export type ManagerEvent = { type: 'stored'; turbineId: number } | { type: 'turbineFinished'; turbineId: number; years: number[] };

/** What another tab of the user may have the owning tab do (queue-sharing.ts). */
const SHARED_CALLS = new Set<SharedCall>([
  'add',
  'setPlacement',
  'acceptTakenYears',
  'start',
  'remove',
  'pause',
  'resume',
  'retryFailed',
  'clearFinished',
]);

/** The server's refusal of a name the turbine already has (contract messages). */
export const DUPLICATE_NAME_CODE = 'PHOTO_DUPLICATE_NAMES';

/** Known-hash questions go in batches of this many (or fewer when nothing else is left to hash). */
export const CHECK_BATCH = 50;
const SPEED_WINDOW_MS = 8000;
/** No byte moved for this long while files still have bytes to send: the link is down (a request hanging on a proxy
 *  whose server went away fails late or never), whatever a request says (issue 23, item 11). */
const STALL_MS = 3000;

let nextId = 0;
function newId(now: number): string {
  return `u${now.toString(36)}${(++nextId).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A chosen file the web app refused before sending (issue 24 item 13: not a photo, over the size limit), with why. */
export interface RefusedChoice {
  file: File;
  code: string;
  message: string;
}

export class UploadManager {
  private items: QueueItem[] = [];
  private readonly files = new Map<string, File>();
  private readonly running = new Map<string, SendHandle>();
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: ManagerEvent) => void>();
  private readonly now: () => number;
  private hashingId: string | null = null;
  private checking = false;
  private checkTimer: ReturnType<typeof setTimeout> | null = null;
  private paused = false;
  private pausedBySession = false;
  private askDismissed = false;
  private userId: number | null = null;
  private snapshot: ManagerSnapshot;
  private dirty = false;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private saving: Promise<void> = Promise.resolve();
  private readonly samples: { at: number; bytes: number }[] = [];
  private readonly fileSamples = new Map<string, { at: number; sent: number; speed: number }>();
  /** sends whose last request failed and waits for its retry: no speed, no time left, "waiting for the connection" */
  private readonly stalled = new Set<string>();
  /** ended sends whose end is being written before it is shown (see finish) */
  private readonly recording = new Map<string, QueueItem>();
  private movedBytes = 0;
  private finishedBefore = new Set<number>();
  private factsQueue: string[] = [];
  private readingFacts = false;
  private follower = false;
  private deciding = false;
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** the owning tab's speed and pause, as it last sent them (a follower's view) */
  private remote: Omit<Extract<SharedMessage, { type: 'state' }>, 'type' | 'userId' | 'items'> | null = null;

  constructor(private readonly deps: UploadDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.snapshot = this.build();
    deps.sharing?.onMessage((message) => this.received(message));
  }

  // ---- React side
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  /** The state as of now, built when asked after a change (a burst of changes builds it once). */
  getSnapshot = (): ManagerSnapshot => {
    if (this.dirty) {
      this.dirty = false;
      this.snapshot = this.build();
    }
    return this.snapshot;
  };
  onEvent(listener: (event: ManagerEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  // ---- the user's queue
  /** Loads the signed-in user's kept queue (after a reload); another user's queue in memory is dropped first. */
  async restore(userId: number): Promise<void> {
    if (this.userId === userId) {
      // back from signing in again after the session ended mid-upload: carry on
      if (this.pausedBySession) this.resume();
      return;
    }
    if (this.userId !== null) this.reset();
    this.userId = userId;
    const { sharing } = this.deps;
    if (sharing) {
      // nothing is saved until this tab knows whether the queue is its own (it would overwrite the owner's)
      this.deciding = true;
      const owner = await sharing.own(userId, () => void this.takeOver(userId));
      this.deciding = false;
      if (this.userId !== userId) return;
      if (!owner) {
        // another tab sends this user's queue: show it as that tab tells it; files chosen meanwhile go to that tab
        this.follower = true;
        const chosen = this.items.filter((item) => this.files.has(item.id));
        this.items = [];
        for (const item of chosen) {
          const turbine = { id: item.turbineId, name: item.turbineName };
          sharing.post({ type: 'call', userId, method: 'add', args: [turbine, item.placement, [this.files.get(item.id)]] });
        }
        this.files.clear();
        sharing.post({ type: 'hello', userId });
        this.changed(true, false);
        return;
      }
    }
    await this.load(userId);
  }

  /** The owning tab is gone: this one takes the queue over as it was kept (files it was sending are asked for). */
  private async takeOver(userId: number): Promise<void> {
    if (this.userId !== userId || !this.follower) return;
    this.follower = false;
    this.remote = null;
    this.items = [];
    await this.load(userId);
  }

  private async load(userId: number): Promise<void> {
    const kept = await this.deps.store.load(userId);
    if (this.userId !== userId) return;
    // what is in memory wins: files chosen while the queue was loading may already be in what was read
    const inMemory = new Set(this.items.map((item) => item.id));
    this.items = [...restoredItems(kept.filter((item) => !inMemory.has(item.id))), ...this.items];
    this.pump();
    this.finishedBefore = new Set(finishedTurbines(this.items).keys());
    this.changed(true);
  }

  /** Stops everything and forgets the queue in memory (sign-out, another user); what is saved stays saved. */
  reset(): void {
    this.deps.sharing?.release();
    this.follower = false;
    this.remote = null;
    for (const handle of this.running.values()) handle.abort();
    this.running.clear();
    this.stalled.clear();
    this.recording.clear();
    this.files.clear();
    this.items = [];
    this.factsQueue = [];
    this.hashingId = null;
    this.userId = null;
    this.askDismissed = false;
    this.changed(true, false);
  }

  /** Files chosen for a turbine: in review with the zone's settings, then corrected by what each photo says. Files the
   *  zone already refused come along as refused (with their reason), so that the totals count every chosen file. */
  add(
    turbine: { id: number; name: string; rooms?: number },
    defaults: Placement,
    files: readonly File[],
    refused: readonly RefusedChoice[] = [],
  ): string[] {
    if (this.handOver('add', [turbine, defaults, files, refused])) return [];
    const at = this.now();
    const itemOf = (file: File): QueueItem => ({
      id: newId(at),
      turbineId: turbine.id,
      turbineName: turbine.name,
      ...(turbine.rooms !== undefined ? { turbineRooms: turbine.rooms } : {}),
      name: file.name,
      size: file.size,
      lastModified: file.lastModified,
      placement: { ...defaults },
      origins: { year: 'default', blade: 'default', source: 'default' },
      state: 'review',
      sent: 0,
      addedAt: at,
    });
    const added = files.map(itemOf);
    const refusals = refused.map(({ file, code, message }): QueueItem => ({ ...itemOf(file), state: 'refused', code, message }));
    for (const [i, item] of added.entries()) this.files.set(item.id, files[i] as File);
    this.items = [...this.items, ...added, ...refusals];
    for (const item of added) {
      const { placement, origins } = suggestPlacement(item.name, {}, defaults);
      const takenYear = takenYearOf(item.name, {});
      this.replace(item.id, (current) => ({
        ...transition(current, { type: 'place', placement, origins }),
        ...(takenYear ? { takenYear } : {}),
      }));
    }
    this.factsQueue.push(...added.map((item) => item.id));
    void this.readAllFacts(defaults);
    this.changed(true);
    return added.map((item) => item.id);
  }

  private async readAllFacts(defaults: Placement): Promise<void> {
    if (this.readingFacts) return;
    this.readingFacts = true;
    try {
      for (let id = this.factsQueue.shift(); id !== undefined; id = this.factsQueue.shift()) {
        const file = this.files.get(id);
        const item = this.find(id);
        if (!file || !item || item.state !== 'review') continue;
        let facts: PhotoFacts = {};
        try {
          facts = await this.deps.readFacts(file);
        } catch {
          facts = {};
        }
        const now = this.find(id);
        if (now?.state !== 'review') continue;
        const suggested = suggestPlacement(now.name, facts, defaults);
        // what the user set stays; the rest follows the photo
        const placement: Placement = { ...suggested.placement };
        const origins: PlacementOrigins = { ...suggested.origins };
        // the year is the chosen one, or what the user took (set by hand, or a capture year accepted in the review)
        [placement.year, origins.year] = [now.placement.year, now.origins.year];
        if (now.origins.blade === 'user') [placement.blade, origins.blade] = [now.placement.blade, 'user'];
        if (now.origins.source === 'user') [placement.source, origins.source] = [now.placement.source, 'user'];
        const takenYear = takenYearOf(now.name, facts);
        this.replace(id, (current) => ({
          ...transition(current, { type: 'place', placement, origins }),
          capturedAt: facts.capturedAt,
          takenYear,
        }));
        this.changed(false);
      }
    } finally {
      this.readingFacts = false;
      this.changed(true);
    }
  }

  /** Bulk correction of items in review: the given fields, marked as the user's. */
  setPlacement(ids: readonly string[], patch: Partial<Placement>): void {
    if (this.handOver('setPlacement', [ids, patch])) return;
    const wanted = new Set(ids);
    this.items = this.items.map((item) => {
      if (!wanted.has(item.id)) return item;
      const placement = { ...item.placement, ...patch };
      const origins = { ...item.origins };
      for (const field of Object.keys(patch) as (keyof Placement)[]) origins[field] = 'user';
      return transition(item, { type: 'place', placement, origins });
    });
    this.changed(true);
  }

  /** The user takes the year each of these photos was taken in (the review's suggestion) instead of the chosen one. */
  acceptTakenYears(ids: readonly string[]): void {
    if (this.handOver('acceptTakenYears', [ids])) return;
    const wanted = new Set(ids);
    this.items = this.items.map((item) => {
      const taken = item.takenYear;
      if (!wanted.has(item.id) || !taken || taken.year === item.placement.year) return item;
      const placement = { ...item.placement, year: taken.year };
      return transition(item, { type: 'place', placement, origins: { ...item.origins, year: taken.from } });
    });
    this.changed(true);
  }

  /** Starts the reviewed items (all of a turbine's when no ids). */
  start(ids?: readonly string[]): void {
    if (this.handOver('start', [ids])) return;
    const wanted = ids ? new Set(ids) : null;
    this.items = this.items.map((item) => (wanted && !wanted.has(item.id) ? item : transition(item, { type: 'start' })));
    this.changed(true);
    this.pump();
  }

  remove(ids: readonly string[]): void {
    if (this.handOver('remove', [ids])) return;
    const gone = new Set(ids);
    for (const id of ids) {
      this.running.get(id)?.abort();
      this.running.delete(id);
      this.stalled.delete(id);
      this.files.delete(id);
    }
    this.items = this.items.filter((item) => !gone.has(item.id));
    this.changed(true);
    this.pump();
  }

  pause(): void {
    if (this.handOver('pause', [])) return;
    if (this.paused) return;
    this.paused = true;
    for (const [id, handle] of this.running) {
      handle.abort();
      this.apply(id, { type: 'stop' });
    }
    this.running.clear();
    this.stalled.clear();
    this.changed(true);
  }

  resume(): void {
    if (this.handOver('resume', [])) return;
    if (!this.paused) return;
    this.paused = false;
    this.pausedBySession = false;
    this.changed(true);
    this.pump();
  }

  retryFailed(ids?: readonly string[]): void {
    if (this.handOver('retryFailed', [ids])) return;
    const wanted = ids ? new Set(ids) : null;
    this.items = this.items.map((item) => (wanted && !wanted.has(item.id) ? item : transition(item, { type: 'retry' })));
    this.changed(true);
    this.pump();
  }

  /** Files chosen again after a reload: matched ones continue (uploads resume at the server's offset). */
  provideFiles(files: readonly File[]): { matched: number; unmatched: File[] } {
    const { matched, unmatched } = matchFiles(this.items, files);
    for (const [id, file] of matched) {
      this.files.set(id, file);
      this.apply(id, { type: 'found' });
    }
    this.askDismissed = true;
    this.changed(true);
    this.pump();
    return { matched: matched.size, unmatched };
  }

  /** The user will not choose the missing files again: they leave the queue. */
  forgetMissing(): void {
    this.items = this.items.filter((item) => item.state !== 'missing');
    this.askDismissed = true;
    this.changed(true);
  }

  dismissAsk(): void {
    this.askDismissed = true;
    this.changed(true, false);
  }

  /** Finished items (stored, duplicates, refusals) leave the list. */
  clearFinished(turbineId?: number): void {
    if (this.handOver('clearFinished', [turbineId])) return;
    this.items = this.items.filter(
      (item) => !(FINISHED_STATES.has(item.state) && (turbineId === undefined || item.turbineId === turbineId)),
    );
    this.finishedBefore = new Set(finishedTurbines(this.items).keys());
    this.changed(true);
  }

  fileOf(id: string): File | undefined {
    return this.files.get(id);
  }

  /** Resolves when the queue has been written (tests, sign-out). */
  async flush(): Promise<void> {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = null;
      this.save();
    }
    await this.saving;
  }

  // ---- the user's other tabs
  /** In a tab that does not own the queue, what the user does goes to the owning tab (true: handed over). */
  private handOver(method: SharedCall, args: unknown[]): boolean {
    if (!this.follower || this.userId === null) return false;
    this.deps.sharing?.post({ type: 'call', userId: this.userId, method, args });
    return true;
  }

  private received(message: SharedMessage): void {
    if (message.userId !== this.userId) return;
    if (this.follower) {
      if (message.type === 'state') {
        const { type: _type, userId: _userId, items, ...remote } = message;
        this.items = [...items];
        this.remote = remote;
        this.changed(false, false);
      } else if (message.type === 'event') this.emit(message.event);
      return;
    }
    if (message.type === 'hello') this.share();
    else if (message.type === 'call' && SHARED_CALLS.has(message.method)) {
      const call = this[message.method] as (...args: unknown[]) => unknown;
      call.apply(this, message.args);
    }
  }

  /** The owner tells the other tabs its queue (with every notification: at most 4 times a second). */
  private share(): void {
    const { sharing } = this.deps;
    if (!sharing || this.follower || this.userId === null) return;
    const snap = this.getSnapshot();
    sharing.post({
      type: 'state',
      userId: this.userId,
      items: snap.items,
      paused: snap.paused,
      speed: snap.speed,
      secondsLeft: snap.secondsLeft,
      fileSpeed: [...snap.fileSpeed],
    });
  }

  // ---- the work
  private pump(): void {
    if (this.paused || this.userId === null || this.follower) return;
    this.pumpHashing();
    this.pumpChecks();
    this.pumpSends();
  }

  private pumpHashing(): void {
    if (this.hashingId !== null) return;
    const next = this.items.find((item) => item.state === 'waiting' && this.files.has(item.id));
    if (!next) return;
    const file = this.files.get(next.id) as File;
    this.hashingId = next.id;
    this.apply(next.id, { type: 'hash' });
    this.changed(false);
    this.deps
      .hash(file)
      .then(
        (sha256) => this.apply(next.id, { type: 'hashed', sha256 }),
        () => this.apply(next.id, { type: 'failed', message: undefined }),
      )
      .finally(() => {
        this.hashingId = null;
        if (this.paused) this.apply(next.id, { type: 'stop' });
        this.changed(false);
        this.pump();
      });
  }

  private pumpChecks(): void {
    if (this.checking || this.checkTimer) return;
    const waiting = this.items.filter((item) => item.state === 'checking');
    if (waiting.length === 0) return;
    const moreToHash = this.hashingId !== null || this.items.some((item) => item.state === 'waiting' && this.files.has(item.id));
    const starving = this.running.size < UPLOAD_CONCURRENCY && !this.items.some((item) => item.state === 'ready');
    if (waiting.length < CHECK_BATCH && moreToHash && !starving) return;
    // one turbine per question (the route is per turbine)
    const turbineId = (waiting[0] as QueueItem).turbineId;
    const batch = waiting.filter((item) => item.turbineId === turbineId).slice(0, KNOWN_HASHES_MAX);
    const hashes = [...new Set(batch.map((item) => item.sha256 as string))];
    this.checking = true;
    this.deps
      .knownHashes(turbineId, hashes)
      .then(
        (known) => {
          for (const item of batch) {
            const current = this.find(item.id);
            if (current?.state !== 'checking') continue;
            const holder = known.get(current.sha256 as string) ?? this.earlierTwin(current);
            this.apply(item.id, holder !== undefined ? { type: 'known', originalName: holder } : { type: 'unknown' });
          }
        },
        () => {
          // the question failed (link down): ask again a little later
          this.checkTimer = setTimeout(() => {
            this.checkTimer = null;
            this.pump();
          }, this.deps.checkRetryMs ?? 5000);
        },
      )
      .finally(() => {
        this.checking = false;
        this.changed(false);
        this.pump();
      });
  }

  /** Another file of the same content for the same turbine, earlier in the queue and not refused: its name. */
  private earlierTwin(item: QueueItem): string | undefined {
    for (const other of this.items) {
      if (other.id === item.id) return undefined;
      if (
        other.turbineId === item.turbineId &&
        other.sha256 === item.sha256 &&
        other.state !== 'refused' &&
        other.state !== 'missing' &&
        other.state !== 'duplicate'
      )
        return other.name;
    }
    return undefined;
  }

  private pumpSends(): void {
    while (this.running.size < UPLOAD_CONCURRENCY) {
      const next = this.items.find((item) => item.state === 'ready' && this.files.has(item.id) && !this.running.has(item.id));
      if (!next) return;
      this.send(next);
    }
  }

  private send(item: QueueItem): void {
    const file = this.files.get(item.id) as File;
    this.apply(item.id, { type: 'send' });
    const handle = this.deps.transport.send(this.find(item.id) as QueueItem, file, {
      progress: (sent) => {
        const before = this.find(item.id);
        if (before?.state !== 'sending') return;
        const delta = sent - before.sent;
        if (delta > 0) {
          this.stalled.delete(item.id);
          this.moved(delta, item.id, sent);
        }
        this.apply(item.id, { type: 'progress', sent });
        this.changed(false);
      },
      stalled: () => {
        if (this.running.get(item.id) === undefined) return;
        // the speed of before the failure says nothing now: forget it at once rather than let it fade for 8 s
        this.stalled.add(item.id);
        this.samples.length = 0;
        this.fileSamples.delete(item.id);
        this.changed(false);
      },
      url: (uploadUrl) => {
        this.apply(item.id, { type: 'url', uploadUrl });
        this.changed(true); // kept at once: a reload must find it
      },
    });
    this.running.set(item.id, handle);
    this.tick();
    this.changed(false);
    void handle.done.then((outcome) => {
      if (this.running.get(item.id) !== handle) return; // paused, removed or reset meanwhile
      this.running.delete(item.id);
      this.fileSamples.delete(item.id);
      this.stalled.delete(item.id);
      switch (outcome.kind) {
        case 'stored':
          this.finish(item.id, { type: 'stored' }, () => this.emit({ type: 'stored', turbineId: item.turbineId }));
          return;
        case 'refused':
          if (outcome.code === DUPLICATE_NAME_CODE && this.find(item.id)?.sha256) {
            // "this name is taken" for a file sent before: it may be our own earlier attempt whose answer was lost
            void this.ownEarlierCopy(item.id).then((ours) => {
              if (ours) this.finish(item.id, { type: 'stored' }, () => this.emit({ type: 'stored', turbineId: item.turbineId }));
              else this.finish(item.id, { type: 'refused', code: outcome.code, message: outcome.message });
            });
            return;
          }
          this.finish(item.id, { type: 'refused', code: outcome.code, message: outcome.message });
          return;
        case 'failed':
          this.finish(item.id, { type: 'failed', message: outcome.message });
          return;
        case 'unauthorized':
          this.apply(item.id, { type: 'stop' });
          this.pause();
          this.pausedBySession = true;
          this.deps.onUnauthorized?.(totals(this.items).active);
          break;
        case 'aborted':
          this.apply(item.id, { type: 'stop' });
          break;
      }
      this.changed(false);
      this.pump();
    });
  }

  /**
   * A send ended: the item's end is written to the kept queue first and shown after (issue 23, item 12), so a tab closed
   * the moment a file shows done does not find it "file needed" on the next visit. Until then the item stays as it is on
   * screen, and every save writes its end (`recording`), so an older save queued meanwhile cannot undo it.
   */
  private finish(id: string, event: QueueEvent, shown?: () => void): void {
    const current = this.find(id);
    if (!current) return;
    this.recording.set(id, transition(current, event));
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.save();
    this.pump();
    void this.saving.then(() => {
      this.recording.delete(id);
      this.apply(id, event);
      shown?.();
      this.changed(false, false);
      this.pump();
    });
  }

  /** Whether the turbine holds this item's exact content under its name (a stored upload whose answer was lost). */
  private async ownEarlierCopy(id: string): Promise<boolean> {
    const item = this.find(id);
    if (!item?.sha256) return false;
    try {
      const known = await this.deps.knownHashes(item.turbineId, [item.sha256]);
      return known.get(item.sha256)?.toLowerCase() === item.name.toLowerCase();
    } catch {
      return false;
    }
  }

  /** While files are sent the panel's speed and time left are worked out again every second (a stall shows without
   *  any event); the ticker stops when nothing is sent. */
  private tick(): void {
    if (this.ticker) return;
    this.ticker = setInterval(() => {
      if (this.running.size === 0) {
        if (this.ticker) clearInterval(this.ticker);
        this.ticker = null;
      }
      this.changed(false, false);
    }, 1000);
  }

  // ---- bookkeeping
  private find(id: string): QueueItem | undefined {
    return this.items.find((item) => item.id === id);
  }

  private replace(id: string, update: (item: QueueItem) => QueueItem): void {
    const index = this.items.findIndex((item) => item.id === id);
    if (index === -1) return;
    const before = this.items[index] as QueueItem;
    const after = update(before);
    if (after === before) return;
    this.items = this.items.slice();
    this.items[index] = after;
  }

  private apply(id: string, event: QueueEvent): void {
    this.replace(id, (item) => transition(item, event));
  }

  private moved(bytes: number, id: string, sent: number): void {
    const at = this.now();
    this.movedBytes += bytes;
    this.samples.push({ at, bytes: this.movedBytes });
    while (this.samples.length > 2 && (this.samples[0] as { at: number }).at < at - SPEED_WINDOW_MS) this.samples.shift();
    const previous = this.fileSamples.get(id);
    if (!previous) this.fileSamples.set(id, { at, sent, speed: 0 });
    else if (at - previous.at >= 500) {
      const speed = ((sent - previous.sent) * 1000) / (at - previous.at);
      this.fileSamples.set(id, { at, sent, speed: previous.speed ? previous.speed * 0.5 + speed * 0.5 : speed });
    }
  }

  private speed(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || this.running.size === 0 || this.stalled.size > 0) return 0;
    if (this.now() - last.at > STALL_MS && this.items.some((item) => this.running.has(item.id) && item.sent < item.size)) return 0;
    const span = Math.max(this.now(), last.at) - first.at;
    if (span < 1000) return 0;
    return ((last.bytes - first.bytes) * 1000) / span;
  }

  private emit(event: ManagerEvent): void {
    for (const listener of this.eventListeners) listener(event);
    // the other tabs refresh their photo lists too (a turbine's end they see in the queue itself)
    if (event.type === 'stored' && !this.follower && this.userId !== null)
      this.deps.sharing?.post({ type: 'event', userId: this.userId, event });
  }

  private build(): ManagerSnapshot {
    const sums = totals(this.items);
    const remote = this.follower ? this.remote : null;
    const speed = remote ? remote.speed : this.speed();
    const finished = finishedTurbines(this.items);
    const fileSpeed = new Map<string, number>();
    for (const [id, sample] of this.fileSamples) fileSpeed.set(id, sample.speed);
    if (remote) for (const [id, speed] of remote.fileSpeed) fileSpeed.set(id, speed);
    return {
      items: this.items,
      totals: sums,
      paused: remote ? remote.paused : this.paused,
      speed,
      fileSpeed,
      secondsLeft: remote ? remote.secondsLeft : speed > 0 ? Math.ceil((sums.totalBytes - sums.sentBytes) / speed) : null,
      askForFiles: sums.missing > 0 && !this.askDismissed && !this.follower,
      finished,
      userId: this.userId,
      follower: this.follower,
    };
  }

  /**
   * A change: listeners hear it now (what the user did, an upload's address) or within 250 ms (progress, and what the
   * manager does by itself: hashing, duplicate checks, sends starting and ending), and the queue is saved within 50 ms
   * or 2 s. A card of 1,000 photos hashes a few files a second while three send: rendering and saving the whole queue
   * for each of those steps made garbage faster than the tab collected it (+100-200 MB while sending).
   */
  private changed(now: boolean, persist = true): void {
    this.dirty = true;
    const finished = finishedTurbines(this.items);
    for (const [turbineId, years] of finished) {
      if (this.finishedBefore.has(turbineId)) continue;
      this.emit({ type: 'turbineFinished', turbineId, years: [...years].sort() });
    }
    this.finishedBefore = new Set(finished.keys());
    if (persist) this.scheduleSave(now);
    if (now) {
      if (this.notifyTimer) clearTimeout(this.notifyTimer);
      this.notifyTimer = null;
      this.notify();
    } else if (!this.notifyTimer) {
      this.notifyTimer = setTimeout(() => {
        this.notifyTimer = null;
        this.notify();
      }, 250);
    }
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
    this.share();
  }

  private scheduleSave(soon: boolean): void {
    if (this.userId === null || this.follower || this.deciding) return;
    if (this.saveTimer) {
      if (!soon) return;
      clearTimeout(this.saveTimer);
    }
    this.saveTimer = setTimeout(
      () => {
        this.saveTimer = null;
        this.save();
      },
      soon ? 50 : 2000,
    );
  }

  private save(): void {
    const userId = this.userId;
    if (userId === null || this.follower || this.deciding) return;
    const items = this.recording.size === 0 ? this.items : this.items.map((item) => this.recording.get(item.id) ?? item);
    this.saving = this.saving.then(() => this.deps.store.save(userId, items)).catch(() => undefined);
  }

  /** For tests and the panel: whether the manager is doing anything by itself. */
  get busy(): boolean {
    return this.running.size > 0 || this.hashingId !== null || this.checking || this.items.some((item) => ACTIVE_STATES.has(item.state));
  }
}
