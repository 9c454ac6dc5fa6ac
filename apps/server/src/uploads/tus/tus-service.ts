import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { MetadataValue } from '@tus/s3-store';
import { Server } from '@tus/server';
import { type DataStore, ERRORS, type Upload } from '@tus/utils';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest } from 'srvx/node';
import {
  formatMessage,
  type Language,
  type MessageCode,
  type Photo,
  TUS_FILE_NAME_MAX,
  TUS_PATH,
  type TusOutcome,
  type TusPhotoMetadata,
  tusPhotoMetadataSchema,
  type UploadRejectionReason,
} from '@windscope/contract';
import type { AppConfig } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { photos, tusUploads, users } from '../../db/schema.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { fileSigner } from '../../files/file-holders.ts';
import type { AuthState } from '../../http/auth-hook.ts';
import { requestLanguage } from '../../http/error-handler.ts';
import { AppError } from '../../http/errors.ts';
import { photoRecordColumns, emailVisibility, presentPhoto } from '../../photos/presenter.ts';
import { checkPhotoBeforeUpload, uploadOnePhoto } from '../../photos/upload-service.ts';
import { photoWording } from '../../photos/wording.ts';
import { isStorageUnavailable, type StorageDriver } from '../../storage/storage-driver.ts';
import { describeRejections, REJECTION_STATUS } from '../upload-outcome.ts';
import { isUploadRejection } from '../upload-rejection.ts';
import { PrefixedS3Store, TUS_PREFIX } from './tus-s3-store.ts';
import { registerOpenUpload } from './open-uploads.ts';
import { RowLocker, rowInfoStore } from './tus-state.ts';

type TusRow = typeof tusUploads.$inferSelect;

/** Both stores read a whole upload back (not part of tus' DataStore type). */
export type TusDatastore = DataStore & { read(id: string): Readable | Promise<Readable> };

/** An upload id as tus makes them (16 random bytes, hex). Anything else is not an upload of ours: 404. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** A final PATCH that lost the race to another one waits this long for the winner's pipeline, then answers its outcome. */
const LOSER_WAIT_MS = 30_000;
/** The protocol version spoken here (tus 1.0.0): another one in Tus-Resumable is refused with 412 and Tus-Version. */
const TUS_VERSION = '1.0.0';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Bytes of the tus area with no row (a crash between the store and the row): removed once this old. */
const ORPHAN_AGE_MS = 60 * 60_000;

/** How a finished upload ended, as kept in its row (messages are worded when read, in the reader's language). */
type KeptOutcome =
  | { state: 'stored'; photoId: number }
  | {
      state: 'refused';
      status: number;
      code: MessageCode;
      name: string;
      reason?: UploadRejectionReason;
      params?: Record<string, string | number>;
    };

/** The tus store of the configured storage driver, its state in the database (rows of tus_uploads). */
export function createTusDatastore(config: AppConfig, db: Database): TusDatastore {
  const expirationPeriodInMilliseconds = config.tusExpiryMs;
  if (config.storage.driver === 's3' && config.storage.s3) {
    return new PrefixedS3Store({ ...config.storage.s3, cache: rowInfoStore<MetadataValue>(db), expirationPeriodInMilliseconds });
  }
  return new FileStore({
    directory: path.join(config.storage.root, TUS_PREFIX.replace(/\/$/, '')),
    configstore: rowInfoStore<Upload>(db),
    expirationPeriodInMilliseconds,
  });
}

/** Removes an upload's bytes (whatever the store still has of them) and its row. */
export async function removeTusUpload(db: Database, datastore: DataStore, id: string): Promise<void> {
  await datastore.remove(id).catch((error: unknown) => {
    // already gone (finished and cleaned, or never created) is fine; a store that does not answer is not
    if (error !== ERRORS.FILE_NOT_FOUND && (error as { status_code?: number })?.status_code !== 404) throw error;
  });
  await db.delete(tusUploads).where(eq(tusUploads.id, id));
}

export interface TusLeftover {
  id: string;
  /** expired: not finished in time; orphaned: its turbine or uploader was deleted; unregistered: bytes with no row */
  kind: 'expired' | 'orphaned' | 'unregistered' | 'in_progress';
  /** storage keys of bytes without a row (unregistered) */
  keys?: string[];
  modifiedMs?: number;
}

/** Uploads to clean: rows expired or left without turbine or uploader, and bytes under the tus area with no row; with
 *  `includeLive`, the uploads still within their time too (the integrity report lists them). Reads only the rows it
 *  needs: expired and orphaned ones by the expiry index, and the rows of the ids found in storage. */
export async function tusLeftovers(db: Database, storage: StorageDriver, now: Date, includeLive = false): Promise<TusLeftover[]> {
  const found: TusLeftover[] = [];
  const stale = or(lt(tusUploads.expiresAt, now), isNull(tusUploads.turbineId), isNull(tusUploads.userId));
  const rows = await db
    .select({
      id: tusUploads.id,
      expiresAt: tusUploads.expiresAt,
      turbineId: tusUploads.turbineId,
      userId: tusUploads.userId,
      state: tusUploads.state,
    })
    .from(tusUploads)
    .where(includeLive ? undefined : stale);
  for (const row of rows) {
    if (row.turbineId === null || row.userId === null) found.push({ id: row.id, kind: 'orphaned' });
    else if (row.expiresAt.getTime() < now.getTime()) found.push({ id: row.id, kind: 'expired' });
    // in progress = still expecting bytes; a finished upload (bytes removed, outcome kept for the client) or one the
    // pipeline is finishing is no upload in progress
    else if (row.state === 'receiving') found.push({ id: row.id, kind: 'in_progress' });
  }
  const byId = new Map<string, string[]>();
  for (const key of await storage.list(TUS_PREFIX)) {
    const id = /^\.tus\/([0-9a-f]{32})(\.info|\.part)?$/.exec(key)?.[1] ?? key;
    byId.set(id, [...(byId.get(id) ?? []), key]);
  }
  const ids = [...byId.keys()];
  const registered = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const page = await db
      .select({ id: tusUploads.id })
      .from(tusUploads)
      .where(inArray(tusUploads.id, ids.slice(i, i + 1000)));
    for (const row of page) registered.add(row.id);
  }
  for (const [id, keys] of byId) {
    if (registered.has(id)) continue;
    let modifiedMs = 0;
    for (const key of keys) modifiedMs = Math.max(modifiedMs, (await storage.stat(key))?.lastModified.getTime() ?? 0);
    found.push({ id, kind: 'unregistered', keys, modifiedMs });
  }
  return found;
}

interface RequestScope {
  request: FastifyRequest;
  auth: AuthState;
  /** the upload this request created (removed again when the creation fails after the row was made) */
  created?: string;
  /** the upload this request finished: its bytes are removed once the answer is out */
  finished?: string;
}

/** A refusal tus passes on as it is (status and our JSON envelope). */
interface TusAnswer {
  status_code: number;
  body: string;
  ours: true;
}

const isOurs = (value: unknown): value is TusAnswer => (value as TusAnswer | null)?.ours === true;

export interface TusUploads {
  datastore: TusDatastore;
  /** answers a tus request (POST, HEAD, PATCH, DELETE, OPTIONS) of a signed-in user */
  handle(request: FastifyRequest, reply: FastifyReply, auth: AuthState | null): Promise<FastifyReply>;
  /** GET /api/uploads/{id}/outcome */
  outcome(request: FastifyRequest, auth: AuthState, id: string): Promise<TusOutcome>;
  /** removes expired and orphaned uploads (bytes and rows) and unregistered bytes; answers how many */
  sweep(): Promise<number>;
  stop(): void;
}

/**
 * Resumable photo uploads (DECISIONS §13) with @tus/server inside Fastify: the routes (uploads/tus/routes.ts) run after
 * the auth hook, check that the upload is the caller's, then hand the request to tus, whose answer goes out through
 * Fastify with every refusal turned into the localized error envelope. Creation checks the photo before any byte is
 * sent (checkPhotoBeforeUpload); the last byte sends the file through the multipart route's pipeline (uploadOnePhoto),
 * whose outcome is the final PATCH's answer and is kept in the row for `GET /api/uploads/{id}/outcome`.
 */
export function createTusUploads(ctx: AppContext, log: (message: string, details: Record<string, unknown>) => void): TusUploads {
  const { db } = ctx;
  const datastore = createTusDatastore(ctx.config, db);
  // an upload's size is checked against the photo limit and the user's open bytes when it is created: a deferred
  // length (creation-defer-length) is refused, so it is not advertised
  datastore.extensions = datastore.extensions.filter((extension) => extension !== 'creation-defer-length');
  const scopes = new WeakMap<IncomingMessage, RequestScope>();
  const scopeOf = (req: unknown): RequestScope => {
    const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const scope = node ? scopes.get(node) : undefined;
    if (!scope) throw new Error('tus request without its Fastify request');
    return scope;
  };
  const languageOf = (scope: RequestScope): Language => requestLanguage(scope.request);
  const envelope = (language: Language, code: MessageCode, params?: Record<string, string | number>, message?: string) => ({
    success: false as const,
    code,
    message: message ?? formatMessage(code, language, params),
    ...(params && Object.keys(params).length > 0 ? { params } : {}),
  });
  const answer = (status: number, body: unknown): TusAnswer => ({ status_code: status, body: JSON.stringify(body), ours: true });

  /** What an error becomes: our refusals as they are, tus' own (English text) as a localized envelope. */
  function toAnswer(error: unknown, language: Language, request: FastifyRequest | null): TusAnswer {
    if (isOurs(error)) return error;
    if (error instanceof AppError) return answer(error.status, envelope(language, error.code, error.params));
    if (isStorageUnavailable(error)) return answer(503, envelope(language, 'STORAGE_UNAVAILABLE'));
    if (isDatabaseUnavailable(error)) return answer(503, envelope(language, 'SERVICE_UNAVAILABLE'));
    const tus: [unknown, number, MessageCode][] = [
      [ERRORS.FILE_NOT_FOUND, 404, 'TUS_UPLOAD_NOT_FOUND'],
      [ERRORS.FILE_NO_LONGER_EXISTS, 410, 'TUS_UPLOAD_EXPIRED'],
      [ERRORS.INVALID_OFFSET, 409, 'TUS_OFFSET_MISMATCH'],
      [ERRORS.ERR_LOCK_TIMEOUT, 423, 'TUS_UPLOAD_BUSY'],
      [ERRORS.ABORTED, 423, 'TUS_UPLOAD_BUSY'],
      [ERRORS.ERR_SIZE_EXCEEDED, 413, 'TUS_BODY_TOO_LARGE'],
      [ERRORS.INVALID_CONTENT_TYPE, 415, 'TUS_CONTENT_TYPE'],
      [ERRORS.INVALID_LENGTH, 400, 'TUS_LENGTH_REQUIRED'],
      // creation-defer-length is not offered (the size is checked against the photo limit at creation)
      [ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION, 400, 'TUS_LENGTH_REQUIRED'],
      [ERRORS.INVALID_METADATA, 400, 'TUS_BAD_REQUEST'],
      [ERRORS.MISSING_OFFSET, 400, 'TUS_BAD_REQUEST'],
    ];
    const known = tus.find(([e]) => e === error);
    if (known) return answer(known[1], envelope(language, known[2]));
    const status = (error as { status_code?: number } | null)?.status_code;
    if (typeof status === 'number' && status >= 400 && status < 500) return answer(400, envelope(language, 'TUS_BAD_REQUEST'));
    request?.log.error({ err: error }, 'resumable upload failed');
    return answer(500, envelope(language, 'INTERNAL'));
  }

  /** The answer tus wrote itself without an error object (412 without Tus-Resumable, 400 for a bad header), localized. */
  function byStatus(status: number, language: Language): TusAnswer {
    const codes: Record<number, MessageCode> = {
      404: 'TUS_UPLOAD_NOT_FOUND',
      409: 'TUS_OFFSET_MISMATCH',
      410: 'TUS_UPLOAD_EXPIRED',
      413: 'TUS_BODY_TOO_LARGE',
      415: 'TUS_CONTENT_TYPE',
      423: 'TUS_UPLOAD_BUSY',
    };
    const code = codes[status] ?? (status >= 500 ? 'INTERNAL' : 'TUS_BAD_REQUEST');
    return answer(status, envelope(language, code));
  }

  const expiresFrom = (date: Date) => new Date(date.getTime() + ctx.config.tusExpiryMs);
  /** The 'finishing' claim is a lease, as an upload slot is (the same UPLOAD_SLOT_LEASE_SECONDS, 30 s): its process
   *  renews it every third of it while the pipeline runs, so a claim not renewed for a lease belongs to a process that
   *  died (kill -9, a stop mid-pipeline) and the next request for the upload (its outcome, a HEAD's retry) finishes it. */
  const finishLeaseMs = ctx.config.uploadQuota.slotLeaseMs;
  /** the pipelines this process is running, by upload: a final PATCH that arrives while one of them runs (the second of
   *  two sent at once, read after the first one's claim) waits for it here, instead of a 423 it would have to retry */
  const finishingHere = new Map<string, Promise<unknown>>();
  /** How long the claim of a 'finishing' row still holds (0: its process is gone, the upload may be taken over). */
  const finishLeaseLeft = (row: TusRow) =>
    row.state === 'finishing' ? Math.max(0, (row.finishingAt?.getTime() ?? 0) + finishLeaseMs - ctx.now().getTime()) : 0;

  async function onUploadCreate(req: unknown, upload: Upload) {
    const scope = scopeOf(req);
    const language = languageOf(scope);
    const parsed = tusPhotoMetadataSchema.safeParse(upload.metadata ?? {});
    if (!parsed.success) throw answer(400, metadataRefusal(language, parsed.error.issues));
    if (upload.size === undefined) throw answer(400, envelope(language, 'TUS_LENGTH_REQUIRED'));
    const meta = parsed.data;
    try {
      await checkPhotoBeforeUpload(ctx, scope.auth, meta.turbine_id, placementFields(meta), meta.filename, upload.size);
    } catch (error) {
      if (isUploadRejection(error)) throw answer(REJECTION_STATUS[error.reason], refusalBody(language, meta.filename, error.reason));
      // the multipart form's wording ("sent before the files") does not fit metadata
      if (error instanceof AppError && error.code === 'PHOTO_UPLOAD_FIELDS') throw answer(400, envelope(language, 'TUS_PLACEMENT_INVALID'));
      throw toAnswer(error, language, scope.request);
    }
    const now = ctx.now();
    const row = {
      id: upload.id,
      userId: scope.auth.actor.id,
      turbineId: meta.turbine_id,
      metadata: meta,
      length: upload.size,
      createdAt: now,
      expiresAt: expiresFrom(now),
    };
    await registerOpenUpload(db, ctx.config.uploadQuota, row).catch((error: unknown) => {
      throw toAnswer(error, language, scope.request);
    });
    scope.created = upload.id;
    return { metadata: upload.metadata };
  }

  /** Metadata the contract refuses, named by its first wrong field in the reader's language (a name too long says the
   *  limit). */
  function metadataRefusal(language: Language, issues: readonly { path: PropertyKey[]; code: string }[]) {
    const [first] = issues;
    const field = String(first?.path[0] ?? 'filename');
    if (field === 'filename' && first?.code === 'too_big') return envelope(language, 'TUS_FILENAME_TOO_LONG', { limit: TUS_FILE_NAME_MAX });
    return envelope(language, 'TUS_METADATA_FIELD', { field });
  }

  function refusalBody(language: Language, name: string, reason: UploadRejectionReason) {
    const wording = photoWording(ctx);
    const code = wording.codes[reason];
    const { message } = describeRejections([{ name, reason }], wording, language);
    return envelope(language, code, undefined, message);
  }

  /** The kept outcome, worded for this reader: the stored photo (fresh signed URLs) or the refusal. */
  async function presentOutcome(
    kept: KeptOutcome,
    auth: AuthState,
    language: Language,
  ): Promise<{ status: number; body: unknown; outcome: TusOutcome }> {
    if (kept.state === 'refused') {
      const body = kept.reason !== undefined ? refusalBody(language, kept.name, kept.reason) : envelope(language, kept.code, kept.params);
      return { status: kept.status, body, outcome: { state: 'refused', code: body.code, message: body.message } };
    }
    const photo = await loadPhoto(kept.photoId, auth);
    if (!photo) {
      const body = envelope(language, 'PHOTO_NOT_FOUND');
      return { status: 404, body, outcome: { state: 'refused', code: body.code, message: body.message } };
    }
    return {
      status: 200,
      body: { success: true, data: photo, message: formatMessage('PHOTOS_UPLOADED', language, { n: 1 }) },
      outcome: { state: 'stored', photo },
    };
  }

  async function loadPhoto(id: number, auth: AuthState): Promise<Photo | null> {
    const [record] = await db
      .select(photoRecordColumns)
      .from(photos)
      .leftJoin(users, eq(users.id, photos.uploadedBy))
      .where(eq(photos.id, id));
    return record ? presentPhoto(fileSigner(ctx), record, emailVisibility(auth.actor)) : null;
  }

  /**
   * The last byte is in: the file goes through the photo pipeline once (the row is claimed 'finishing' first, so a
   * repeated final PATCH or an outcome read does not run it twice), and how it ended is kept. A failure that is
   * nobody's fault (storage or database away) keeps the upload as it was, to be finished by the next try. The claim is
   * renewed while the pipeline runs; a claim that ran out was a dead process's, taken over here.
   */
  async function finish(
    id: string,
    auth: AuthState,
    request: FastifyRequest,
  ): Promise<{ status: number; body: unknown; outcome: TusOutcome }> {
    const language = requestLanguage(request);
    const now = ctx.now();
    const [claimed] = await db
      .update(tusUploads)
      .set({ state: 'finishing', finishingAt: now })
      .where(
        and(
          eq(tusUploads.id, id),
          or(
            eq(tusUploads.state, 'receiving'),
            and(eq(tusUploads.state, 'finishing'), lt(tusUploads.finishingAt, new Date(now.getTime() - finishLeaseMs))),
          ),
        ),
      )
      .returning();
    if (!claimed) {
      const [row] = await db.select().from(tusUploads).where(eq(tusUploads.id, id));
      if (row?.state === 'done' && row.outcome) return presentOutcome(row.outcome as KeptOutcome, auth, language);
      // 423 (locked), as tus clients retry it: the retry's HEAD finds every byte in, and the outcome tells the rest
      const body = envelope(language, 'TUS_UPLOAD_FINISHING');
      const length = row?.length ?? 0;
      return { status: 423, body, outcome: { state: 'incomplete', offset: length, length, finishing_ms: row ? finishLeaseLeft(row) : 0 } };
    }
    // renewed as long as this process works on it; `heldAt` is this claim's mark (a renewal never takes over another's)
    let heldAt = now;
    const renewal = setInterval(() => {
      const at = ctx.now();
      void db
        .update(tusUploads)
        .set({ finishingAt: at })
        .where(and(eq(tusUploads.id, id), eq(tusUploads.state, 'finishing'), eq(tusUploads.finishingAt, heldAt)))
        .returning({ id: tusUploads.id })
        .then((rows) => {
          if (rows.length > 0) heldAt = at;
        })
        // a database that does not answer now: the next renewal tries again (the lease is three renewals long)
        .catch(() => {});
    }, finishLeaseMs / 3);
    renewal.unref();
    const running = runFinish(id, auth, request, claimed, () => heldAt);
    finishingHere.set(id, running);
    try {
      return await running;
    } finally {
      finishingHere.delete(id);
      clearInterval(renewal);
    }
  }

  async function runFinish(
    id: string,
    auth: AuthState,
    request: FastifyRequest,
    claimed: TusRow,
    heldAt: () => Date,
  ): Promise<{ status: number; body: unknown; outcome: TusOutcome }> {
    const language = requestLanguage(request);
    const meta = claimed.metadata as TusPhotoMetadata;
    let kept: KeptOutcome;
    try {
      const stream = await datastore.read(id);
      // the pipeline may stop reading early (a refused file): the rest is not read, and the file is closed
      stream.on('error', () => {});
      const photo = await uploadOnePhoto(ctx, auth, claimed.turbineId ?? meta.turbine_id, placementFields(meta), {
        name: meta.filename,
        stream,
        sha256: meta.sha256,
      }).finally(() => stream.destroy());
      kept = { state: 'stored', photoId: photo.id };
    } catch (error) {
      if (isUploadRejection(error)) {
        kept = {
          state: 'refused',
          status: REJECTION_STATUS[error.reason],
          code: photoWording(ctx).codes[error.reason],
          name: meta.filename,
          reason: error.reason,
        };
      } else if (error instanceof AppError && error.status < 500) {
        kept = { state: 'refused', status: error.status, code: error.code, name: meta.filename, params: error.params };
      } else {
        await db
          .update(tusUploads)
          .set({ state: 'receiving', finishingAt: null })
          .where(and(eq(tusUploads.id, id), eq(tusUploads.state, 'finishing'), eq(tusUploads.finishingAt, heldAt())));
        const failed = toAnswer(error, language, request);
        const body = JSON.parse(failed.body) as unknown;
        return { status: failed.status_code, body, outcome: { state: 'incomplete', offset: claimed.length, length: claimed.length } };
      }
    }
    // the first outcome kept stays (a claim that ran out while this process was slow: the other one may have ended first)
    const [written] = await db
      .update(tusUploads)
      .set({ state: 'done', outcome: kept, expiresAt: expiresFrom(ctx.now()) })
      .where(and(eq(tusUploads.id, id), eq(tusUploads.state, 'finishing')))
      .returning({ outcome: tusUploads.outcome });
    if (!written) {
      const [row] = await db.select({ outcome: tusUploads.outcome }).from(tusUploads).where(eq(tusUploads.id, id));
      if (row?.outcome) kept = row.outcome as KeptOutcome;
    }
    return presentOutcome(kept, auth, language);
  }

  async function onUploadFinish(req: unknown, upload: Upload) {
    const scope = scopeOf(req);
    const result = await finish(upload.id, scope.auth, scope.request);
    const finished = result.outcome.state !== 'incomplete';
    if (finished) scope.finished = upload.id;
    // a whole file sent with its creation (creation-with-upload): created (201) with its Location, refused or not, so a
    // client whose answer was lost can ask the outcome later
    const creation = scope.request.method === 'POST';
    return {
      status_code: creation && result.status === 200 ? 201 : result.status,
      body: JSON.stringify(result.body),
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        ...(creation && finished ? { Location: `${TUS_PATH}/${upload.id}` } : {}),
      },
    };
  }

  const server = new Server({
    path: TUS_PATH,
    datastore,
    locker: new RowLocker(db),
    relativeLocation: true,
    // Tus-Max-Size (OPTIONS) is the photo limit. tus would refuse a larger Upload-Length itself before the creation
    // hook, without the file's name: creation leaves it to checkPhotoBeforeUpload, worded as the multipart route words it
    maxSize: (req) => (req.method === 'OPTIONS' ? ctx.config.limits.photoBytes : 0),
    // same origin only: no CORS headers
    allowedOrigins: [],
    // the id is the last path segment; anything else (a query string) is not part of it
    getFileIdFromRequest: (req) => {
      const last = new URL(req.url).pathname.split('/').pop() ?? '';
      return UPLOAD_ID.test(last) ? last : undefined;
    },
    onUploadCreate,
    onUploadFinish,
    onResponseError: (req, error) => {
      const scope = scopeOf(req);
      const mapped = toAnswer(error, languageOf(scope), scope.request);
      return { status_code: mapped.status_code, body: mapped.body };
    },
  });

  async function sendTusResponse(request: FastifyRequest, reply: FastifyReply, response: Response) {
    const language = requestLanguage(request);
    let text = response.body ? await response.text() : '';
    let status = response.status;
    let json = false;
    if (status >= 400) {
      const ours = (() => {
        try {
          return (JSON.parse(text) as { success?: unknown }).success === false;
        } catch {
          return false;
        }
      })();
      if (!ours) {
        const mapped = byStatus(status, language);
        status = mapped.status_code;
        text = mapped.body;
      }
      json = true;
    } else if (text.startsWith('{')) json = true;
    // a quota refusal says when to try again, as the error handler does for every other route
    if (status === 429)
      reply.header('retry-after', /UPLOAD_HOURLY_QUOTA/.test(text) ? '600' : /UPLOADS_OPEN_TOO_MANY/.test(text) ? '60' : '5');
    for (const [name, value] of response.headers) {
      if (['content-length', 'content-type', 'connection'].includes(name)) continue;
      reply.header(name, value);
    }
    reply.status(status);
    if (json) return reply.type('application/json; charset=utf-8').send(text);
    return reply.send(text || undefined);
  }

  const ownRow = async (id: string, auth: AuthState): Promise<TusRow | null> => {
    if (!UPLOAD_ID.test(id)) return null;
    const [row] = await db.select().from(tusUploads).where(eq(tusUploads.id, id));
    if (!row || row.userId !== auth.actor.id || row.turbineId === null) return null;
    return row;
  };
  const fail = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    code: MessageCode,
    params?: Record<string, string | number>,
  ) =>
    reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send(envelope(requestLanguage(request), code, params));

  /** A HEAD answered here: every byte is in (the pipeline has it, or had it). */
  const wholeHead = (reply: FastifyReply, row: TusRow) =>
    reply
      .status(200)
      .header('tus-resumable', TUS_VERSION)
      .header('upload-offset', String(row.length))
      .header('upload-length', String(row.length))
      .header('cache-control', 'no-store')
      .send();

  /** The outcome of an upload another request has finished, or is finishing, as that request answered it: a final
   *  PATCH sent again after its answer was lost, or the second of two simultaneous ones (which waits up to `waitMs` for
   *  the first one's pipeline; 423 after that, which tus clients retry). */
  async function answerFinished(request: FastifyRequest, reply: FastifyReply, auth: AuthState, row: TusRow, waitMs: number) {
    const deadline = Date.now() + waitMs;
    let result = await finish(row.id, auth, request);
    while (result.status === 423 && Date.now() < deadline) {
      await sleep(200);
      result = await finish(row.id, auth, request);
    }
    if (result.status === 200) reply.header('upload-offset', String(row.length)).header('tus-resumable', TUS_VERSION);
    return reply.status(result.status).type('application/json; charset=utf-8').send(result.body);
  }

  /** After tus refused a PATCH (offset moved, bytes gone): the row when another request took the last bytes meanwhile
   *  ('finishing' or 'done'; every byte in but not yet claimed waits a moment for that request's claim), else null. */
  async function finishedMeanwhile(id: string): Promise<TusRow | null> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const [row] = await db.select().from(tusUploads).where(eq(tusUploads.id, id));
      if (!row) return null;
      if (row.state !== 'receiving') return row;
      const offset = await datastore
        .getUpload(id)
        .then((upload) => upload.offset)
        .catch(() => -1);
      if (offset !== row.length) return null;
      await sleep(100);
    }
    return null;
  }

  async function handle(request: FastifyRequest, reply: FastifyReply, auth: AuthState | null): Promise<FastifyReply> {
    const method = request.method;
    if (method !== 'OPTIONS') {
      if (!auth) return fail(request, reply, 401, 'UNAUTHORIZED');
      if (request.headers['tus-resumable'] !== TUS_VERSION) {
        reply.header('tus-version', TUS_VERSION);
        return fail(request, reply, 412, 'TUS_VERSION_UNSUPPORTED', { version: TUS_VERSION });
      }
    }
    if (auth && method !== 'OPTIONS' && method !== 'POST') {
      const id = (request.params as { id?: string }).id ?? '';
      const row = await ownRow(id, auth);
      if (!row) return fail(request, reply, 404, 'TUS_UPLOAD_NOT_FOUND');
      if (method === 'DELETE' && row.state !== 'receiving') {
        await removeTusUpload(db, datastore, id);
        return reply.status(204).header('tus-resumable', TUS_VERSION).send();
      }
      if (row.state === 'done' || row.state === 'finishing') {
        if (method === 'HEAD') return wholeHead(reply, row);
        // the second of two final PATCHes sent at once, read after the first one's claim in this process: its outcome,
        // once the pipeline ends (another process's pipeline: 423 at once, which tus clients retry)
        await finishingHere.get(id)?.catch(() => {});
        // a final PATCH whose answer was lost, sent again: the same answer
        return answerFinished(request, reply, auth, row, 0);
      }
      if (row.expiresAt.getTime() < ctx.now().getTime()) return fail(request, reply, 410, 'TUS_UPLOAD_EXPIRED');
    }
    const scope: RequestScope = { request, auth: auth as AuthState };
    scopes.set(request.raw, scope);
    const run = async () => {
      const response = await server.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
      // a creation refused (its row goes); one that carried the whole file keeps its row for the outcome
      if (scope.created && !scope.finished && response.status >= 400) {
        await removeTusUpload(db, datastore, scope.created).catch(() => {});
      }
      // terminated by its creator: the row goes with the bytes
      if (method === 'DELETE' && response.status === 204) {
        await db.delete(tusUploads).where(eq(tusUploads.id, (request.params as { id: string }).id));
      }
      return response;
    };
    const response =
      method === 'PATCH' || method === 'POST'
        ? await ctx.uploadSlots.run((auth as AuthState).actor.id, () => ctx.derivatives.whileUploading(run))
        : await run();
    if (method === 'PATCH' && !scope.finished && [404, 409, 410].includes(response.status)) {
      // two final PATCHes at once: the other one took the last bytes; this one answers its outcome, not 409/404/410
      const row = await finishedMeanwhile((request.params as { id: string }).id);
      if (row) return answerFinished(request, reply, auth as AuthState, row, LOSER_WAIT_MS);
    }
    if (scope.finished) {
      // the photo has its bytes now; the upload's copy goes before the answer (the row stays, with the outcome, until
      // it expires)
      await datastore
        .remove(scope.finished)
        .catch((error: unknown) => request.log.warn({ err: String(error) }, 'could not remove a finished upload'));
      await db.update(tusUploads).set({ info: null }).where(eq(tusUploads.id, scope.finished));
    }
    return sendTusResponse(request, reply, response);
  }

  async function outcome(request: FastifyRequest, auth: AuthState, id: string): Promise<TusOutcome> {
    const row = await ownRow(id, auth);
    if (!row) throw new AppError(404, 'TUS_UPLOAD_NOT_FOUND');
    const language = requestLanguage(request);
    if (row.state === 'done' && row.outcome) return (await presentOutcome(row.outcome as KeptOutcome, auth, language)).outcome;
    // another request runs the pipeline now (the client waits as long as its lease says); a claim that ran out was its
    // process dying: the pipeline runs again here
    const leaseLeft = finishLeaseLeft(row);
    if (leaseLeft > 0) return { state: 'incomplete', offset: row.length, length: row.length, finishing_ms: leaseLeft };
    const offset = await datastore
      .getUpload(id)
      .then((upload) => upload.offset)
      .catch(() => 0);
    if (offset < row.length) return { state: 'incomplete', offset, length: row.length };
    // every byte is in but the pipeline has not run (its request died, or storage was away): run it now
    const result = await finish(id, auth, request);
    if (result.outcome.state !== 'incomplete') {
      await datastore.remove(id).catch(() => {});
      await db.update(tusUploads).set({ info: null }).where(eq(tusUploads.id, id));
    }
    return result.outcome;
  }

  async function sweep(): Promise<number> {
    let removed = 0;
    for (const leftover of await tusLeftovers(db, ctx.storage, ctx.now())) {
      if (leftover.kind === 'unregistered') {
        if (ctx.now().getTime() - (leftover.modifiedMs ?? 0) < ORPHAN_AGE_MS) continue;
        for (const key of leftover.keys ?? []) await ctx.storage.delete(key);
      } else {
        await removeTusUpload(db, datastore, leftover.id);
      }
      removed++;
    }
    return removed;
  }

  let running: Promise<number> | null = null;
  const sweepOnce = () => {
    running ??= sweep()
      .catch((error: unknown) => {
        // storage or database out of reach: the next round tries again
        log('could not sweep expired uploads', { err: String(error) });
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void sweepOnce(), ctx.config.stagingSweep.intervalMs);
  timer.unref();
  // in the background: start-up does not wait for a slow object store
  void sweepOnce();

  return { datastore, handle, outcome, sweep: sweepOnce, stop: () => clearInterval(timer) };
}

/** The placement fields of the metadata, as the multipart route's form fields (strings). */
function placementFields(meta: TusPhotoMetadata): Record<string, string> {
  const fields: Record<string, string> = { year: String(meta.year), blade: meta.blade };
  if (meta.room !== undefined) fields.room = String(meta.room);
  if (meta.category !== undefined) fields.category = meta.category;
  return fields;
}

/** Uploads of a turbine being deleted (rows left without it): bytes and rows removed. */
export async function removeOrphanedUploads(db: Database, datastore: DataStore): Promise<number> {
  const rows = await db
    .select({ id: tusUploads.id })
    .from(tusUploads)
    .where(or(isNull(tusUploads.turbineId), isNull(tusUploads.userId)));
  for (const row of rows) await removeTusUpload(db, datastore, row.id);
  return rows.length;
}
