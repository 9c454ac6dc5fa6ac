import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import {
  type Actor,
  can,
  isSafeFileName,
  type Photo,
  type PhotoUploadFields,
  photoUploadFieldsSchema,
  type Turbine,
  yearChoices,
} from '@windscope/contract';
import { recordAudit } from '../audit/record.ts';
import { enqueuePhotosUploaded } from '../webhooks/events.ts';
import type { AppContext } from '../context.ts';
import { photos } from '../db/schema.ts';
import { fileSigner } from '../files/file-holders.ts';
import type { AuthState } from '../http/auth-hook.ts';
import { badRequest, forbidden, isForeignKeyViolation, notFound } from '../http/errors.ts';
import { type MediaKind, nameFitsKind } from '../media/media-types.ts';
import { sniffPhotoKind } from '../media/sniff.ts';
import { getTurbine, heldRoomCount } from '../turbines/service.ts';
import { drain, receiveFile } from '../uploads/receive-file.ts';
import { photoKey, storedFileName } from '../uploads/storage-keys.ts';
import type { UploadForm } from '../uploads/upload-form.ts';
import type { RefusedFile } from '../uploads/upload-outcome.ts';
import { UploadBudget } from '../uploads/upload-quota.ts';
import { isUploadRejection, UploadRejectedError } from '../uploads/upload-rejection.ts';
import { finishPhoto, type PhotoDraft } from './finish-photo.ts';
import { emailVisibility, photoRecordOf, presentPhoto } from './presenter.ts';

export interface PhotoUploadResult {
  photos: Photo[];
  refused: RefusedFile[];
}

/** How each file ended; an unexpected failure is kept as a value (a promise rejecting unobserved would crash Node). */
type FileOutcome = { name: string; draft: PhotoDraft } | { name: string; refused: RefusedFile } | { name: string; failure: unknown };

function parseFields(raw: Record<string, string>, turbine: Turbine, now: Date): PhotoUploadFields {
  const parsed = photoUploadFieldsSchema.safeParse(raw);
  if (!parsed.success) throw badRequest('PHOTO_UPLOAD_FIELDS');
  const fields = parsed.data;
  if ((fields.room === undefined && fields.category === undefined) || !yearChoices(now).includes(fields.year))
    throw badRequest('PHOTO_UPLOAD_FIELDS');
  // a room the turbine does not have would never show in its coverage (issue 24 item 17): the turbine's count is the
  // limit on every upload route (multipart, tus creation and its last byte); a manager raises it on the turbine
  if (fields.room !== undefined && fields.room > turbine.rooms)
    throw badRequest('PHOTO_ROOM_BEYOND_TURBINE', { room: fields.room, rooms: turbine.rooms });
  return fields;
}

async function nameTaken(ctx: AppContext, turbineId: number, lowerName: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.turbineId, turbineId), sql`lower(${photos.originalName}) = ${lowerName}`))
    .limit(1);
  return Boolean(row);
}

async function removeFiles(ctx: AppContext, drafts: PhotoDraft[]) {
  await Promise.allSettled(drafts.flatMap((d) => d.keys.map((key) => ctx.storage.delete(key))));
}

/** Waits for every file still being finished, then removes what they stored. */
async function discardAll(ctx: AppContext, outcomes: Promise<FileOutcome>[]) {
  const results = await Promise.all(outcomes);
  await removeFiles(
    ctx,
    results.flatMap((r) => ('draft' in r ? [r.draft] : [])),
  );
}

/** Rows for the finished photos, in one transaction. A name taken meanwhile by a concurrent upload is refused here. */
async function registerPhotos(
  ctx: AppContext,
  drafts: PhotoDraft[],
  by: { actor: Actor; companyId: number; turbineId: number },
): Promise<{ rows: (typeof photos.$inferSelect)[]; lost: PhotoDraft[] }> {
  try {
    return await ctx.db.transaction(async (tx) => {
      // the room was checked against the turbine's count when the upload began; the count may have been lowered while
      // the bytes arrived: checked again with the turbine's row held, so a lowering waits for these rows or they for it
      const room = Math.max(...drafts.map((d) => d.values.room ?? 0));
      if (room > 0) {
        const rooms = await heldRoomCount(tx, by.turbineId);
        if (rooms !== null && room > rooms) throw badRequest('PHOTO_ROOM_BEYOND_TURBINE', { room, rooms });
      }
      const rows: (typeof photos.$inferSelect)[] = [];
      const lost: PhotoDraft[] = [];
      for (const draft of drafts) {
        const [row] = await tx.insert(photos).values(draft.values).onConflictDoNothing().returning();
        if (!row) {
          lost.push(draft);
          continue;
        }
        rows.push(row);
        await recordAudit(tx, {
          at: row.createdAt,
          actor: by.actor,
          kind: 'photo_created',
          companyId: by.companyId,
          target: { type: 'photo', id: row.id, label: row.originalName },
          details: { turbine_id: row.turbineId },
        });
      }
      // the upload batch's webhook event (DECISIONS §17), committed with the photos: one per batch, not per photo
      await enqueuePhotosUploaded(tx, {
        turbineId: by.turbineId,
        uploaderId: by.actor.id,
        photoIds: rows.map((r) => r.id),
        at: rows[0]?.createdAt ?? ctx.now(),
        quietSeconds: ctx.config.webhooks.batchQuietSeconds,
      });
      return { rows, lost };
    });
  } catch (error) {
    await removeFiles(ctx, drafts);
    // the turbine was deleted while the files arrived: its files went with it, and these go too
    throw isForeignKeyViolation(error) ? notFound('TURBINE_NOT_FOUND') : error;
  }
}

/** Where a file goes and who sends it. */
interface PhotoTarget {
  turbineId: number;
  fields: PhotoUploadFields;
  uploadedBy: number;
  now: Date;
}

/** The checks a file's name passes before any of its bytes is read: the name rule, then no photo of the turbine (nor an
 *  earlier file of the same request, `seen`) already has it, whatever the case. */
async function nameRefusal(ctx: AppContext, turbineId: number, name: string, seen?: Set<string>): Promise<RefusedFile['reason'] | null> {
  if (!isSafeFileName(name)) return 'invalid_name';
  const lower = name.toLowerCase();
  if (seen?.has(lower) || (await nameTaken(ctx, turbineId, lower))) return 'duplicate_name';
  seen?.add(lower);
  return null;
}

/** One file's bytes into staged storage while they are sniffed, counted and hashed (refused with UploadRejectedError as
 *  soon as they break a rule); with `expectedSha256` (the SHA-256 the client computed), other bytes are refused as
 *  damaged. Resolves once the bytes are staged, with the rest of the pipeline (pixels, completeness, EXIF, commit) as
 *  a promise: the multipart route receives the next file meanwhile. */
async function receivePhoto(
  ctx: AppContext,
  target: PhotoTarget,
  name: string,
  stream: Readable,
  budget: UploadBudget,
  expectedSha256?: string,
): Promise<{ finished: Promise<PhotoDraft> }> {
  const key = photoKey(target.turbineId, target.fields, storedFileName(target.now, name));
  const limits = {
    maxBytes: ctx.config.limits.photoBytes,
    sniff: sniffPhotoKind,
    unknownReason: 'unsupported_type',
    emptyReason: 'damaged',
    nameFits: (kind: MediaKind) => nameFitsKind(name, kind),
    budget: budget.nextFile(),
  } as const;
  const received = await receiveFile(ctx.storage, key, stream, limits);
  if (expectedSha256 && received.sha256 !== expectedSha256) {
    await received.staged.abort();
    throw new UploadRejectedError('damaged');
  }
  budget.received(received.size);
  const meta = { turbineId: target.turbineId, fields: target.fields, originalName: name, uploadedBy: target.uploadedBy, now: target.now };
  return { finished: finishPhoto(ctx, received, meta) };
}

/** POST /turbines/{id}/photos: stream -> sniff + hash + size -> staged storage -> pixel check -> derivatives -> commit
 *  -> rows. Every file is judged on its own; the answer lists the stored photos and why each other file was refused.
 *  When the client goes away before the answer, nothing of this upload remains. */
export async function uploadPhotos(
  ctx: AppContext,
  auth: AuthState,
  turbineId: number,
  openForm: () => Promise<UploadForm>,
  signal: AbortSignal,
): Promise<PhotoUploadResult> {
  const turbine = await getTurbine(ctx, auth.actor, turbineId);
  if (!can(auth.actor, 'photo.upload', { companyId: turbine.company_id })) throw forbidden();
  const budget = await UploadBudget.open(ctx, auth.actor.id);
  const form = await openForm();
  const now = ctx.now();
  const fields = parseFields(form.fields, turbine, now);
  const target: PhotoTarget = { turbineId, fields, uploadedBy: auth.actor.id, now };
  const outcomes: Promise<FileOutcome>[] = [];
  const seen = new Set<string>();
  const refuse = (name: string, reason: RefusedFile['reason']) => outcomes.push(Promise.resolve({ name, refused: { name, reason } }));

  try {
    for await (const file of form.files) {
      const name = file.fileName;
      budget.countFile();
      const refusal = await nameRefusal(ctx, turbineId, name, seen);
      if (refusal) {
        drain(file.stream);
        refuse(name, refusal);
        continue;
      }
      try {
        const { finished } = await receivePhoto(ctx, target, name, file.stream, budget);
        // finishing (decode, derive, commit) overlaps with receiving the next file
        outcomes.push(
          finished.then(
            (draft): FileOutcome => ({ name, draft }),
            (error: unknown): FileOutcome =>
              isUploadRejection(error) ? { name, refused: { name, reason: error.reason } } : { name, failure: error },
          ),
        );
      } catch (error) {
        if (!isUploadRejection(error)) throw error;
        refuse(name, error.reason);
      }
    }
  } catch (error) {
    await discardAll(ctx, outcomes);
    throw error;
  }

  const results = await Promise.all(outcomes);
  const failed = results.find((r) => 'failure' in r);
  if (failed || signal.aborted) {
    await discardAll(ctx, outcomes);
    throw failed && 'failure' in failed ? failed.failure : signal.reason;
  }
  const drafts = results.flatMap((r) => ('draft' in r ? [r.draft] : []));
  const { rows, lost } = await registerPhotos(ctx, drafts, { actor: auth.actor, companyId: turbine.company_id, turbineId });
  await removeFiles(ctx, lost);
  ctx.webhooks.wake();
  if (rows.some((row) => row.derivatives === 'pending')) ctx.derivatives.kick();
  if (rows.some((row) => row.tiles === 'pending')) ctx.tiles.kick();
  const lostKeys = new Set(lost.map((d) => d.values.storageKey));
  const refused = results.flatMap((r): RefusedFile[] => {
    if ('refused' in r) return [r.refused];
    return 'draft' in r && lostKeys.has(r.draft.values.storageKey) ? [{ name: r.name, reason: 'duplicate_name' }] : [];
  });
  const signer = fileSigner(ctx);
  const showEmail = emailVisibility(auth.actor);
  return {
    photos: rows.map((row) => presentPhoto(signer, photoRecordOf(row, auth.user), showEmail)),
    refused,
  };
}

/** Checks made before any byte of a resumable upload is sent (tus creation): the turbine is visible (another company's
 *  is 404) and the actor may upload to it, the placement fits the turbine, the hourly quota is not used up, the size
 *  is within the photo limit, the name passes the name rule and no photo of the turbine has it. Throws the same
 *  AppError or UploadRejectedError the multipart route would give for that file. */
export async function checkPhotoBeforeUpload(
  ctx: AppContext,
  auth: AuthState,
  turbineId: number,
  rawFields: Record<string, string>,
  name: string,
  length: number,
): Promise<void> {
  const turbine = await getTurbine(ctx, auth.actor, turbineId);
  if (!can(auth.actor, 'photo.upload', { companyId: turbine.company_id })) throw forbidden();
  parseFields(rawFields, turbine, ctx.now());
  const budget = await UploadBudget.open(ctx, auth.actor.id);
  budget.countFile();
  if (length > ctx.config.limits.photoBytes) throw new UploadRejectedError('too_large');
  if (length > budget.nextFile().bytes) throw budget.nextFile().refuse();
  const refusal = await nameRefusal(ctx, turbineId, name);
  if (refusal) throw new UploadRejectedError(refusal);
}

/** One whole file through the same pipeline as a multipart upload's files (the tus route, once its last byte is in):
 *  the checks of checkPhotoBeforeUpload again (things may have changed meanwhile), sniffing, limits, SHA-256 (and the
 *  client's, when it sent one), completeness, EXIF, atomic commit, then the row; the derivatives are queued. Throws
 *  UploadRejectedError (the file's fault: the multipart route's reasons) or AppError; nothing of a refused file stays. */
export async function uploadOnePhoto(
  ctx: AppContext,
  auth: AuthState,
  turbineId: number,
  rawFields: Record<string, string>,
  file: { name: string; stream: Readable; sha256?: string },
): Promise<Photo> {
  const turbine = await getTurbine(ctx, auth.actor, turbineId);
  if (!can(auth.actor, 'photo.upload', { companyId: turbine.company_id })) throw forbidden();
  const now = ctx.now();
  const fields = parseFields(rawFields, turbine, now);
  const budget = await UploadBudget.open(ctx, auth.actor.id);
  budget.countFile();
  const refusal = await nameRefusal(ctx, turbineId, file.name);
  if (refusal) {
    file.stream.destroy();
    throw new UploadRejectedError(refusal);
  }
  const target: PhotoTarget = { turbineId, fields, uploadedBy: auth.actor.id, now };
  const { finished } = await receivePhoto(ctx, target, file.name, file.stream, budget, file.sha256);
  const draft = await finished;
  const { rows, lost } = await registerPhotos(ctx, [draft], { actor: auth.actor, companyId: turbine.company_id, turbineId });
  await removeFiles(ctx, lost);
  ctx.webhooks.wake();
  const [row] = rows;
  // a photo of the same name registered meanwhile (a concurrent upload)
  if (!row) throw new UploadRejectedError('duplicate_name');
  if (row.derivatives === 'pending') ctx.derivatives.kick();
  if (row.tiles === 'pending') ctx.tiles.kick();
  return presentPhoto(fileSigner(ctx), photoRecordOf(row, auth.user), emailVisibility(auth.actor));
}
