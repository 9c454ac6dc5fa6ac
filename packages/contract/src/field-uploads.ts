import { z } from 'zod';
import { BLADES, PHOTO_CATEGORIES } from './constants.ts';
import { bladeSchema, photoCategorySchema, photoSchema } from './schemas.ts';

/**
 * Uploads from the field (DECISIONS §13): the tus resumable protocol beside the spec's multipart POST, duplicate
 * detection by content, and the coverage of a turbine's year. One contract for the server and the web app.
 */

/** The tus endpoint (tus 1.0.0: POST creates, HEAD tells the offset, PATCH appends, DELETE terminates). */
export const TUS_PATH = '/api/uploads';
/** Bytes per PATCH the web app sends: a dropped link costs at most this much. */
export const TUS_CHUNK_BYTES = 8 * 1024 * 1024;
/** An upload that has not been finished within this many hours is removed (config `TUS_EXPIRY_HOURS`). */
export const TUS_DEFAULT_EXPIRY_HOURS = 24;
/** Files the web app sends at the same time. */
export const UPLOAD_CONCURRENCY = 3;

/** The longest file name a resumable upload may carry. */
export const TUS_FILE_NAME_MAX = 255;

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, { error: 'PHOTO_UPLOAD_FIELDS' });
const metaInt = z.coerce.number({ error: 'PHOTO_UPLOAD_FIELDS' }).int({ error: 'PHOTO_UPLOAD_FIELDS' });

/**
 * The tus `Upload-Metadata` of a photo upload (each value base64 in the header, decoded to these strings). Same placement
 * fields as the multipart route's form (room only for 360° blade photos, category for drone/operator/robot), plus the
 * turbine, the file's name and, optionally, the SHA-256 the browser computed (the server computes its own and refuses a
 * mismatch as damaged).
 */
export const tusPhotoMetadataSchema = z.object({
  filename: z.string().min(1).max(TUS_FILE_NAME_MAX),
  turbine_id: metaInt.positive({ error: 'PHOTO_UPLOAD_FIELDS' }),
  year: metaInt.min(1900, { error: 'PHOTO_UPLOAD_FIELDS' }).max(3000, { error: 'PHOTO_UPLOAD_FIELDS' }),
  blade: bladeSchema,
  room: metaInt.min(1, { error: 'PHOTO_UPLOAD_FIELDS' }).max(1000, { error: 'PHOTO_UPLOAD_FIELDS' }).optional(),
  category: photoCategorySchema.optional(),
  sha256: sha256Schema.optional(),
});
export type TusPhotoMetadata = z.infer<typeof tusPhotoMetadataSchema>;

/**
 * How a finished tus upload ended. The final PATCH answers it as its JSON body (200 with `Upload-Offset`, or the error
 * envelope `{ success: false, code, message }` with the pipeline's status: 400 bad name, 409 duplicate name, 413 too
 * large, 415 type, 422 damaged). Because that answer can be lost on a dropping link, the same outcome is kept for the
 * upload's lifetime and read with `GET /api/uploads/{id}/outcome` (the uploader only; another user's upload is 404).
 */
export const tusOutcomeSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('stored'), photo: photoSchema }),
  z.object({ state: z.literal('refused'), code: z.string(), message: z.string() }),
  /** bytes still missing, or the pipeline still working on the last one: then `finishing_ms` says how long its claim
   *  holds without being renewed (its process renews it while it works; once it runs out, asking again finishes it) */
  z.object({
    state: z.literal('incomplete'),
    offset: z.number().int(),
    length: z.number().int().nullable(),
    finishing_ms: z.number().int().nonnegative().optional(),
  }),
]);
export type TusOutcome = z.infer<typeof tusOutcomeSchema>;
/** The file limits this server applies (MAX_PHOTO_MB, MAX_REPORT_MB, MAX_MEGAPIXELS): the upload manager flags a file
 *  over them before sending it, with the server's own figures rather than the defaults (FILE_LIMITS). */
export const uploadLimitsSchema = z.object({
  photo_bytes: z.number().int().positive(),
  report_bytes: z.number().int().positive(),
  max_megapixels: z.number().positive(),
});
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;

export const tusOutcomeResponseSchema = z.object({ success: z.literal(true), data: tusOutcomeSchema, message: z.string() });

/** POST /api/turbines/{id}/photos/known-hashes: which of these SHA-256 the turbine already holds (asked before sending). */
export const KNOWN_HASHES_MAX = 2000;
// strict, as every body of the API: an unknown field is refused (400), not ignored
export const knownHashesBodySchema = z.strictObject({
  sha256: z.array(sha256Schema).min(1).max(KNOWN_HASHES_MAX),
});
export const knownHashesResponseSchema = z.object({
  success: z.literal(true),
  /** the asked hashes the turbine holds, each with the name of the photo that has it */
  data: z.array(z.object({ sha256: z.string(), originalName: z.string() })),
  message: z.string(),
});

/** GET /api/turbines/{id}/coverage?year=: photo counts per blade and source, and per blade and room for 360° photos. */
export const coverageQuerySchema = z.object({
  year: z.coerce.number().int().min(1900).max(3000),
});
const perBlade = z.object(Object.fromEntries(BLADES.map((b) => [b, z.number().int()])) as Record<(typeof BLADES)[number], z.ZodNumber>);
export const coverageSchema = z.object({
  turbine_id: z.number().int(),
  year: z.number().int(),
  /** rooms of the turbine's blades (the turbine's `rooms`) */
  rooms: z.number().int(),
  /** drone / operator / robot photos of each blade */
  sources: z.object(
    Object.fromEntries(PHOTO_CATEGORIES.map((c) => [c, perBlade])) as Record<(typeof PHOTO_CATEGORIES)[number], typeof perBlade>,
  ),
  /** 360° blade photos per blade and room: `interior.A[room - 1]` is room `room`'s count */
  interior: z.object(
    Object.fromEntries(BLADES.map((b) => [b, z.array(z.number().int())])) as Record<(typeof BLADES)[number], z.ZodArray<z.ZodNumber>>,
  ),
  /** cells with no photo: `{ blade, source }` or `{ blade, room }` */
  empty: z.array(z.object({ blade: bladeSchema, source: photoCategorySchema.optional(), room: z.number().int().optional() })),
});
export type Coverage = z.infer<typeof coverageSchema>;
export const coverageResponseSchema = z.object({ success: z.literal(true), data: coverageSchema, message: z.string() });
