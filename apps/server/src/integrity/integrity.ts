import { createHash } from 'node:crypto';
import type { DataStore } from '@tus/utils';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { findingObservations, photos, reports } from '../db/schema.ts';
import type { DerivativeQueue } from '../photos/derivative-queue.ts';
import { type OperatorLine, operatorLine } from '../lib/operator-messages.ts';
import { MEDIA_KINDS } from '../media/media-types.ts';
import { stagingLeftovers } from '../storage/staging-sweep.ts';
import { removeTusUpload, tusLeftovers } from '../uploads/tus/tus-service.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { cloudKeyOf, previewKeyOf, pyramidKeyOf, thumbnailKeyOf } from '../uploads/storage-keys.ts';

export type ProblemKind =
  /** a photo or report row whose original is not in storage: its bytes are lost (reported, never "repaired" by guessing) */
  | 'row_without_file'
  /** the stored original's size or SHA-256 differs from its row: the bytes changed after upload */
  | 'size_mismatch'
  | 'checksum_mismatch'
  /** a photo whose thumbnail or preview is missing (or still queued with nobody on it): made again */
  | 'missing_derivative'
  /** a large image whose Deep Zoom pyramid (DECISIONS §16) is recorded as made but is not in storage: a note (the
   *  viewer shows the preview meanwhile); repaired by queueing it again */
  | 'missing_tile_pyramid'
  /** an image the decoder refused at derivative time: the original is kept and served, without thumbnail */
  | 'undecodable_image'
  /** a file no row refers to (an upload cut off by a crash between storing and registering): removed once old enough */
  | 'file_without_row'
  /** a temporary object of an upload that never finished: removed once old enough */
  | 'staging_leftover'
  /** a resumable (tus) upload not finished within TUS_EXPIRY_HOURS, or left without its turbine or uploader: its
   *  bytes and row are removed (the server's sweep does it too) */
  | 'expired_upload'
  /** a resumable upload still within its time: noted, left alone */
  | 'upload_in_progress'
  /** bytes of the resumable-upload area (.tus/) no upload row refers to: removed once old enough */
  | 'unregistered_upload_bytes';

export interface Problem {
  kind: ProblemKind;
  key: string;
  /** more about it, put into words by the command (formatOperator) */
  detail?: OperatorLine;
  /** what --repair did about it, if anything */
  repaired: boolean;
  /** true for what is not an error (yet): a young temporary file may still belong to an upload in progress */
  benign: boolean;
}

export interface IntegrityReport {
  photos: number;
  reports: number;
  files: number;
  problems: Problem[];
  /** problems neither repaired nor benign: the command exits non-zero when there are any */
  unrepaired: number;
}

export interface IntegrityOptions {
  db: Database;
  storage: StorageDriver;
  /** makes missing derivatives when repairing */
  derivatives: DerivativeQueue;
  /** local scratch folder (S3 driver's downloads), swept like staging */
  scratchDir?: string;
  repair: boolean;
  /** read every original and compare its SHA-256 (the slow part: reads all bytes) */
  checksums: boolean;
  /** how long a derivative claim lasts (config.derivativeLeaseSeconds): an older one belongs to a process that died */
  leaseSeconds: number;
  /** orphans and temporary files younger than this are left alone: they may belong to an upload in progress */
  orphanAgeMs: number;
  now: Date;
  /** progress, put into words by the command (formatOperator) */
  log?: (line: OperatorLine) => void;
  /** the resumable uploads' store (uploads/tus/): without it, expired uploads are reported but not removed */
  tusStore?: DataStore;
}

async function sha256Of(storage: StorageDriver, key: string): Promise<string | null> {
  const read = await storage.read(key);
  if (!read) return null;
  const hash = createHash('sha256');
  for await (const chunk of read.stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Compares the database with storage (DECISIONS §6: rows exist only for stored bytes; every photo has a thumbnail and
 *  a preview) and, with `repair`, fixes what it safely can: makes missing derivatives, removes orphans and temporary
 *  objects older than `orphanAgeMs`. It never deletes a row and never touches a file a row refers to. */
export async function checkIntegrity(options: IntegrityOptions): Promise<IntegrityReport> {
  const { db, storage, repair } = options;
  const log = options.log ?? (() => {});
  const problems: Problem[] = [];
  const add = (problem: Omit<Problem, 'repaired' | 'benign'> & Partial<Pick<Problem, 'repaired' | 'benign'>>): Problem => {
    const full = { repaired: false, benign: false, ...problem };
    problems.push(full);
    return full;
  };

  // listed before the rows are read: a file stored after this listing is not seen, so it cannot be taken for an orphan
  const stored = new Set(await storage.list('turbines/'));
  const staging = await stagingLeftovers(storage, options.scratchDir);
  const photoRows = await db
    .select({
      id: photos.id,
      key: photos.storageKey,
      size: photos.sizeBytes,
      sha256: photos.sha256,
      derivatives: photos.derivatives,
      tiles: photos.tiles,
      mime: photos.mimeType,
      claimed: sql<boolean>`(${photos.derivatives} = 'working' and ${photos.derivativesClaimedAt} > now() - make_interval(secs => ${options.leaseSeconds}))`,
    })
    .from(photos);
  const reportRows = await db.select({ key: reports.storageKey, size: reports.sizeBytes, sha256: reports.sha256 }).from(reports);
  log(operatorLine('INTEGRITY_COUNTED', { photos: photoRows.length, reports: reportRows.length, files: stored.size }));

  const known = new Set<string>();
  // evidence crops of findings (DECISIONS §12) are files a row refers to
  for (const row of await db.select({ key: findingObservations.cropKey }).from(findingObservations)) if (row.key) known.add(row.key);
  const checkOriginal = async (row: { key: string; size: number; sha256: string }) => {
    known.add(row.key);
    const info = await storage.stat(row.key);
    if (!info) {
      add({ kind: 'row_without_file', key: row.key });
      return false;
    }
    if (info.size !== row.size) {
      add({
        kind: 'size_mismatch',
        key: row.key,
        detail: operatorLine('INTEGRITY_SIZE_DIFFERS', { actual: info.size, expected: row.size }),
      });
      return false;
    }
    if (options.checksums) {
      const actual = await sha256Of(storage, row.key);
      if (actual && actual !== row.sha256) {
        add({
          kind: 'checksum_mismatch',
          key: row.key,
          detail: operatorLine('INTEGRITY_CHECKSUM_DIFFERS', { actual, expected: row.sha256 }),
        });
        return false;
      }
    }
    return true;
  };

  const remake: Problem[] = [];
  const requeue: Problem[] = [];
  /** photos by key: a tile (`{key}.tiles/…`) belongs to its photo */
  const photoKeys = new Set(photoRows.map((row) => row.key));
  // `known` holds every key a row accounts for, derived images included
  for (const row of photoRows) {
    const thumbnail = thumbnailKeyOf(row.key);
    const preview = previewKeyOf(row.key);
    // a point cloud's decimated copy (DECISIONS §16) is made with its pictures
    const derived = row.mime === MEDIA_KINDS.pcd.mime ? [thumbnail, preview, cloudKeyOf(row.key)] : [thumbnail, preview];
    for (const key of derived) known.add(key);
    const whole = await checkOriginal(row);
    if (whole && row.tiles === 'ready' && !stored.has(pyramidKeyOf(row.key))) {
      requeue.push(add({ kind: 'missing_tile_pyramid', key: row.key, benign: true }));
    }
    if (!whole || row.derivatives === 'none') continue;
    if (row.derivatives === 'failed') {
      add({ kind: 'undecodable_image', key: row.key, benign: true });
      continue;
    }
    if (row.derivatives === 'working' && row.claimed) continue; // a live process is making them
    const missing = derived.filter((key) => !stored.has(key));
    if (row.derivatives === 'ready' && missing.length === 0) continue;
    remake.push(
      row.derivatives === 'ready'
        ? add({
            kind: 'missing_derivative',
            key: row.key,
            detail: operatorLine('INTEGRITY_DERIVATIVES_MISSING', { keys: missing.join(', ') }),
          })
        : // queued: a running server's queue will make them; a claim whose process died is a problem
          add({
            kind: 'missing_derivative',
            key: row.key,
            detail: operatorLine(row.derivatives === 'pending' ? 'INTEGRITY_DERIVATIVES_PENDING' : 'INTEGRITY_DERIVATIVES_WORKING'),
            benign: row.derivatives === 'pending',
          }),
    );
  }
  for (const row of reportRows) await checkOriginal(row);

  if (repair && remake.length > 0) {
    log(operatorLine('INTEGRITY_REMAKING', { count: remake.length }));
    for (const problem of remake) {
      // a 'ready' photo with a file missing goes back to the queue first
      await db.update(photos).set({ derivatives: 'pending', derivativesClaimedAt: null }).where(eq(photos.storageKey, problem.key));
      const state = await options.derivatives.ensure(problem.key);
      if (state === 'ready') problem.repaired = true;
      if (state === 'failed') {
        problem.repaired = true;
        problem.detail = operatorLine('INTEGRITY_UNDECODABLE');
      }
    }
  }

  if (repair) {
    for (const problem of requeue) {
      await db.update(photos).set({ tiles: 'pending', tilesClaimedAt: null }).where(eq(photos.storageKey, problem.key));
      problem.repaired = true;
      problem.detail = operatorLine('INTEGRITY_QUEUED_AGAIN');
    }
  }

  /** An orphan or a temporary: noted while young (an upload in progress may own it), removed when old and repairing. */
  const sweep = async (
    kind: 'file_without_row' | 'staging_leftover' | 'unregistered_upload_bytes',
    key: string,
    modifiedMs: number,
    remove: () => Promise<unknown>,
  ) => {
    const old = options.now.getTime() - modifiedMs >= options.orphanAgeMs;
    // a row may have been registered since the listing: look again right before removing anything
    if (old && repair && kind === 'file_without_row' && (await isReferenced(db, key))) return;
    const problem = add({ kind, key, benign: !old, detail: old ? undefined : operatorLine('INTEGRITY_YOUNG') });
    if (old && repair) {
      await remove();
      problem.repaired = true;
    }
  };
  const tileOwner = (key: string) => (key.includes('.tiles/') ? key.slice(0, key.indexOf('.tiles/')) : null);
  for (const key of [...stored].filter((key) => !known.has(key) && !photoKeys.has(tileOwner(key) ?? ''))) {
    const info = await storage.stat(key);
    if (info) await sweep('file_without_row', key, info.lastModified.getTime(), () => storage.delete(key));
  }
  // temporary objects, and the S3 driver's local copies (for the decoder) in its scratch folder: a crash leaves them
  for (const leftover of staging) await sweep('staging_leftover', leftover.key, leftover.modifiedMs, leftover.remove);

  // resumable uploads (DECISIONS §13): expired or orphaned ones are problems (removed with --repair), live ones notes
  for (const upload of await tusLeftovers(db, storage, options.now, true)) {
    if (upload.kind === 'in_progress') {
      add({ kind: 'upload_in_progress', key: `.tus/${upload.id}`, benign: true });
    } else if (upload.kind === 'unregistered') {
      const keys = upload.keys ?? [];
      await sweep('unregistered_upload_bytes', keys.join(', '), upload.modifiedMs ?? 0, async () => {
        for (const key of keys) await storage.delete(key);
      });
    } else {
      const tusStore = options.tusStore;
      const problem = add({
        kind: 'expired_upload',
        key: `.tus/${upload.id}`,
        detail: operatorLine(upload.kind === 'orphaned' ? 'INTEGRITY_UPLOAD_ORPHANED' : 'INTEGRITY_UPLOAD_LATE'),
      });
      if (repair && tusStore) {
        await removeTusUpload(db, tusStore, upload.id);
        problem.repaired = true;
      }
    }
  }

  return {
    photos: photoRows.length,
    reports: reportRows.length,
    files: stored.size,
    problems,
    unrepaired: problems.filter((p) => !p.repaired && !p.benign).length,
  };
}

async function isReferenced(db: Database, key: string): Promise<boolean> {
  const original = key.includes('.tiles/')
    ? key.slice(0, key.indexOf('.tiles/'))
    : key.replace(/\.(thumb\.webp|preview\.webp|cloud\.pcd)$/, '');
  const [photo] = await db.select({ id: photos.id }).from(photos).where(eq(photos.storageKey, original)).limit(1);
  if (photo) return true;
  const [report] = await db.select({ id: reports.id }).from(reports).where(eq(reports.storageKey, key)).limit(1);
  return Boolean(report);
}
