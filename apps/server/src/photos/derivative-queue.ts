import { availableParallelism } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { photos } from '../db/schema.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { type Derivatives, ImageRejectedError, makeDerivatives } from '../media/images.ts';
import { MEDIA_KINDS } from '../media/media-types.ts';
import { makePointCloudDerivatives, PcdError } from '../media/point-cloud.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { cloudKeyOf, previewKeyOf, thumbnailKeyOf } from '../uploads/storage-keys.ts';

export type DerivativeState = 'pending' | 'working' | 'ready' | 'failed' | 'none';

/** How long a claimed photo stays with the process that claimed it by default: past that (the process died), anyone may
 *  retake it. Making both images of a 400-megapixel TIFF takes well under a minute on one core. */
export const CLAIM_LEASE_SECONDS = 120;
/** How often an idle queue looks for work it was not told about (another process's uploads, a crashed one's claims). */
const POLL_MS = 10_000;
/** The background loop waits while this process receives uploads and this long after the last one ends: decoding a
 *  24-megapixel JPEG takes a whole core, and on two cores it took a third of the upload rate. The UI sends batches one
 *  after another (category batches a second apart), so a short quiet spell means the upload session is over. */
export const UPLOAD_QUIET_MS = 1_500;
/** ...but never longer than this at a stretch, so a stream of uploads that never stops does not starve it. */
export const MAX_UPLOAD_HOLD_MS = 60_000;
/** How often a held queue looks again. */
const HOLD_RECHECK_MS = 250;

/** Writes a photo's thumbnail and preview (WebP) next to its original, and a point cloud's decimated copy; answers the
 *  images' keys. */
export async function storeDerivatives(storage: StorageDriver, originalKey: string, made: Derivatives) {
  const thumbnailKey = thumbnailKeyOf(originalKey);
  const previewKey = previewKeyOf(originalKey);
  await Promise.all([
    storage.writeBuffer(thumbnailKey, made.thumbnail, { contentType: 'image/webp' }),
    storage.writeBuffer(previewKey, made.preview, { contentType: 'image/webp' }),
    ...(made.cloud ? [storage.writeBuffer(cloudKeyOf(originalKey), made.cloud, { contentType: MEDIA_KINDS.pcd.mime })] : []),
  ]);
  return { thumbnailKey, previewKey };
}

export interface DerivativeQueue {
  /** New photos were registered: start on them now. */
  kick(): void;
  /** Makes this photo's thumbnail and preview now if they are still to do (asked for before the queue reached it),
   *  waiting for whoever is making them. Answers the photo's state afterwards; 'missing' when there is no such photo. */
  ensure(storageKey: string): Promise<DerivativeState | 'missing'>;
  /** Runs an upload (`receive`). Meanwhile, and for UPLOAD_QUIET_MS afterwards, the background loop takes no new
   *  photo; photos asked for on demand (ensure) are still made at once. */
  whileUploading<T>(receive: () => Promise<T>): Promise<T>;
  /** Resolves once nothing this process could take is left (tests, benchmarks, the integrity command); it does not wait
   *  for a hold by uploads to end. */
  idle(): Promise<void>;
  /** Stops taking work and waits for the photo in hand. */
  close(): Promise<void>;
}

interface Claimed {
  id: number;
  storageKey: string;
  mimeType: string;
}

export interface DerivativeQueueOptions {
  db: Database;
  storage: StorageDriver;
  maxMegapixels: number;
  /** photos made at once by the background loop; on-demand requests come on top (bounded by the decoder's own limit) */
  concurrency?: number;
  leaseSeconds?: number;
  /** UPLOAD_QUIET_MS and MAX_UPLOAD_HOLD_MS by default */
  uploadQuietMs?: number;
  maxUploadHoldMs?: number;
  log?: (message: string, details: Record<string, unknown>) => void;
  /** a photo's thumbnail and preview were recorded (the tile queue waits for them) */
  onMade?: () => void;
}

/** Row claims go through the database (`for update skip locked`), so any number of processes share one queue and a
 *  photo is made once; a claim whose process died expires after CLAIM_LEASE_SECONDS. The background work runs on the
 *  one job runner (jobs/runner.ts), which defers it while uploads stream; ensure() makes a photo at once, beside it. */
export function createDerivativeQueue(options: DerivativeQueueOptions): DerivativeQueue {
  const { db, storage } = options;
  const concurrency = options.concurrency ?? Math.max(1, availableParallelism() - 1);
  const log = options.log ?? (() => {});
  const leaseSeconds = options.leaseSeconds ?? CLAIM_LEASE_SECONDS;
  /** photos being made by this process (by the runner or on demand), by storage key */
  const inHand = new Map<string, Promise<DerivativeState>>();
  const quietMs = options.uploadQuietMs ?? UPLOAD_QUIET_MS;
  const maxHoldMs = options.maxUploadHoldMs ?? MAX_UPLOAD_HOLD_MS;
  let uploads = 0;
  let lastUploadEnded = Number.NEGATIVE_INFINITY;
  /** since when work has waited for uploads, while it does */
  let heldSince: number | null = null;

  /** How long the background work should leave new photos alone (uploads stream, or ended less than quietMs ago),
   *  0 when it may go on; never more than maxHoldMs at a stretch. */
  function deferMs(): number {
    const now = performance.now();
    const quietFor = uploads > 0 ? 0 : now - lastUploadEnded;
    if (quietFor >= quietMs) {
      heldSince = null;
      return 0;
    }
    heldSince ??= now;
    const holdLeft = maxHoldMs - (now - heldSince);
    if (holdLeft <= 0) return 0;
    // uploads still streaming: look again in a while; ended: exactly when the quiet spell is over
    return Math.max(1, Math.min(holdLeft, uploads > 0 ? HOLD_RECHECK_MS : quietMs - quietFor));
  }

  const claimable = sql`(${photos.derivatives} = 'pending' or (${photos.derivatives} = 'working' and ${photos.derivativesClaimedAt} < now() - make_interval(secs => ${leaseSeconds})))`;

  async function claimNext(): Promise<Claimed | null> {
    const rows = await db.execute(sql`
      update ${photos} set derivatives = 'working', derivatives_claimed_at = now()
      where id = (select id from ${photos} where ${claimable} order by id limit 1 for update skip locked)
      returning id, storage_key as "storageKey", mime_type as "mimeType"`);
    return ((rows as unknown as { rows: Claimed[] }).rows[0] as Claimed | undefined) ?? null;
  }

  async function claimKey(storageKey: string): Promise<Claimed | null> {
    const [row] = await db
      .update(photos)
      .set({ derivatives: 'working', derivativesClaimedAt: sql`now()` })
      .where(and(eq(photos.storageKey, storageKey), claimable))
      .returning({ id: photos.id, storageKey: photos.storageKey, mimeType: photos.mimeType });
    return row ?? null;
  }

  /** Decodes the original once (an image, or a .pcd point cloud drawn from above), writes both images (and a cloud's
   *  decimated copy), then records them; a photo deleted meanwhile takes them along. */
  async function make(photo: Claimed): Promise<DerivativeState> {
    const thumbnailKey = thumbnailKeyOf(photo.storageKey);
    const previewKey = previewKeyOf(photo.storageKey);
    let outcome: 'ready' | 'failed' = 'failed';
    try {
      const local = await storage.openLocal(photo.storageKey);
      if (local) {
        try {
          const pointCloud = photo.mimeType === MEDIA_KINDS.pcd.mime;
          const made = pointCloud ? await makePointCloudDerivatives(local.path) : await makeDerivatives(local.path, options.maxMegapixels);
          await storeDerivatives(storage, photo.storageKey, made);
          outcome = 'ready';
        } finally {
          await local.release();
        }
      }
    } catch (error) {
      // a damaged point cloud (truncated, wrong header, no usable point, a size it does not have) is the file's fault
      if (error instanceof PcdError) log('point cloud cannot be read; no thumbnail', { photoId: photo.id, problem: error.problem });
      else if (!(error instanceof ImageRejectedError)) {
        // storage or decoder trouble, not the image's fault: leave the claim to expire and be retried
        log('derivatives could not be made; will retry', { photoId: photo.id, error: String(error) });
        return 'working';
      }
    }
    if (outcome === 'failed') log('photo does not decode; no thumbnail or preview', { photoId: photo.id });
    const [recorded] = await db
      .update(photos)
      .set({
        derivatives: outcome,
        derivativesClaimedAt: null,
        thumbnailKey: outcome === 'ready' ? thumbnailKey : null,
        previewKey: outcome === 'ready' ? previewKey : null,
      })
      .where(and(eq(photos.id, photo.id), eq(photos.derivatives, 'working')))
      .returning({ id: photos.id });
    if (!recorded) {
      const [still] = await db.select({ id: photos.id }).from(photos).where(eq(photos.id, photo.id));
      // deleted while being made: its derived images must not outlive it
      if (!still) await Promise.allSettled([thumbnailKey, previewKey, cloudKeyOf(photo.storageKey)].map((key) => storage.delete(key)));
    } else options.onMade?.();
    return outcome;
  }

  /** makes a claimed photo, known to ensure() while it is in hand */
  function run(photo: Claimed): Promise<DerivativeState> {
    const job = make(photo).finally(() => inHand.delete(photo.storageKey));
    inHand.set(photo.storageKey, job);
    return job;
  }

  const runner = createJobRunner<Claimed>({
    name: 'derivative queue',
    claim: claimNext,
    run: async (photo) => {
      await run(photo);
    },
    concurrency,
    pollMs: concurrency > 0 ? POLL_MS : 0,
    deferMs,
    log,
    // the photo in hand is finished before the process stops (its lease would otherwise hold it back 2 minutes)
    closeWaitMs: null,
  });

  async function stateOf(storageKey: string): Promise<DerivativeState | 'missing'> {
    const [row] = await db.select({ state: photos.derivatives }).from(photos).where(eq(photos.storageKey, storageKey));
    return row ? (row.state as DerivativeState) : 'missing';
  }

  let closed = false;
  // work left by an earlier run (a restart) starts right away
  runner.wake();

  return {
    kick() {
      runner.wake();
    },
    async whileUploading(receive) {
      uploads++;
      try {
        return await receive();
      } finally {
        uploads--;
        lastUploadEnded = performance.now();
      }
    },
    async ensure(storageKey) {
      for (let waited = 0; waited < 60_000; waited += 100) {
        const mine = inHand.get(storageKey);
        if (mine) return mine;
        const state = await stateOf(storageKey);
        if (state !== 'pending' && state !== 'working') return state;
        const claimed = await claimKey(storageKey);
        if (claimed) return run(claimed);
        // another process is making it: wait for it
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return 'working';
    },
    async idle() {
      // the runner's idle works the queue itself, past a deferral for uploads; photos made on demand are waited for too
      do {
        if (closed) return;
        await runner.idle();
        await Promise.allSettled([...inHand.values()]);
      } while (inHand.size > 0);
    },
    async close() {
      closed = true;
      await runner.close();
      await Promise.allSettled([...inHand.values()]);
    },
  };
}
