import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { photos } from '../db/schema.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { ImageRejectedError } from '../media/images.ts';
import { makeTilePyramid, readTile } from '../media/tile-pyramid.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { pyramidKeyOf, tilePrefixOf } from '../uploads/storage-keys.ts';

export type TileState = 'pending' | 'working' | 'ready' | 'failed' | 'none';

/** A 45 MP image takes a few seconds to cut; a process that died holding one leaves it to the next after this. */
export const TILE_LEASE_SECONDS = 300;
const POLL_MS = 30_000;
/** tiles written to storage at once */
const WRITES_AT_ONCE = 8;

export interface TileQueue {
  /** new photos were registered, or one was asked for: look now */
  kick(): void;
  /** A viewer asked for this photo's pyramid before it was made: it goes ahead of the backfill. Answers the state. */
  request(storageKey: string): Promise<TileState | 'missing'>;
  /** resolves once nothing is left to do, working the queue itself (tests, the integrity command) */
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface Claimed {
  id: number;
  storageKey: string;
}

export interface TileQueueOptions {
  db: Database;
  storage: StorageDriver;
  maxMegapixels: number;
  /** pyramids made at once (each takes a core); 0: none here, except through idle() */
  concurrency?: number;
  leaseSeconds?: number;
  log?: (message: string, details: Record<string, unknown>) => void;
}

/** Makes the Deep Zoom pyramids (DECISIONS §16) on the one job runner, after the photo's thumbnail and preview (those
 *  are what lists and viewers wait for): photos asked for by a viewer first, then the rest by id (the backfill of
 *  photos uploaded before deep zoom). Claims go through the database as in the derivative queue. */
export function createTileQueue(options: TileQueueOptions): TileQueue {
  const { db, storage } = options;
  const log = options.log ?? (() => {});
  const leaseSeconds = options.leaseSeconds ?? TILE_LEASE_SECONDS;
  const concurrency = options.concurrency ?? 1;

  const claimable = sql`(${photos.tiles} = 'pending' or (${photos.tiles} = 'working' and ${photos.tilesClaimedAt} < now() - make_interval(secs => ${leaseSeconds})))`;

  async function claimNext(): Promise<Claimed | null> {
    const rows = await db.execute(sql`
      update ${photos} set tiles = 'working', tiles_claimed_at = now()
      where id = (select id from ${photos} where ${claimable} and ${photos.derivatives} not in ('pending', 'working')
                  order by ${photos.tilesRequestedAt} desc nulls last, id limit 1 for update skip locked)
      returning id, storage_key as "storageKey"`);
    return ((rows as unknown as { rows: Claimed[] }).rows[0] as Claimed | undefined) ?? null;
  }

  async function writeTiles(photo: Claimed): Promise<boolean> {
    const local = await storage.openLocal(photo.storageKey);
    if (!local) return false;
    try {
      const pyramid = await makeTilePyramid(local.path, options.maxMegapixels);
      try {
        const prefix = tilePrefixOf(photo.storageKey);
        const queue = [...pyramid.tiles];
        await Promise.all(
          Array.from({ length: WRITES_AT_ONCE }, async () => {
            for (let tile = queue.pop(); tile; tile = queue.pop()) {
              await storage.writeBuffer(`${prefix}${tile.name}`, await readTile(tile), { contentType: 'image/jpeg' });
            }
          }),
        );
        // the descriptor last: a pyramid whose descriptor exists is whole
        await storage.writeBuffer(pyramidKeyOf(photo.storageKey), Buffer.from(JSON.stringify(pyramid.descriptor)), {
          contentType: 'application/json',
        });
        return true;
      } finally {
        await pyramid.release();
      }
    } finally {
      await local.release();
    }
  }

  async function make(photo: Claimed): Promise<void> {
    let outcome: 'ready' | 'failed';
    try {
      outcome = (await writeTiles(photo)) ? 'ready' : 'failed';
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) {
        // storage or decoder trouble, not the image's fault: the claim expires and it is tried again
        log('tile pyramid could not be made; will retry', { photoId: photo.id, error: String(error) });
        return;
      }
      outcome = 'failed';
    }
    const [recorded] = await db
      .update(photos)
      .set({ tiles: outcome, tilesClaimedAt: null })
      .where(and(eq(photos.id, photo.id), eq(photos.tiles, 'working')))
      .returning({ id: photos.id });
    if (!recorded) {
      const [still] = await db.select({ id: photos.id }).from(photos).where(eq(photos.id, photo.id));
      // deleted while being made: its tiles must not outlive it
      if (!still) await storage.deleteByPrefix(tilePrefixOf(photo.storageKey)).catch(() => 0);
    }
  }

  const runner = createJobRunner<Claimed>({
    name: 'tile queue',
    claim: claimNext,
    run: make,
    concurrency,
    pollMs: concurrency > 0 ? POLL_MS : 0,
    log,
    closeWaitMs: null,
  });
  runner.wake();

  return {
    kick() {
      runner.wake();
    },
    async request(storageKey) {
      const [row] = await db
        .update(photos)
        .set({ tilesRequestedAt: sql`now()` })
        .where(
          and(eq(photos.storageKey, storageKey), sql`${photos.tiles} in ('pending', 'working') and ${photos.tilesRequestedAt} is null`),
        )
        .returning({ state: photos.tiles });
      if (row) runner.wake();
      if (row) return row.state as TileState;
      const [current] = await db.select({ state: photos.tiles }).from(photos).where(eq(photos.storageKey, storageKey));
      return current ? (current.state as TileState) : 'missing';
    },
    async idle() {
      await runner.idle();
      // a process without a background loop (concurrency 0: tests, the integrity command) works the queue here
      for (let job = await claimNext(); job; job = await claimNext()) await make(job);
    },
    close: () => runner.close(),
  };
}
