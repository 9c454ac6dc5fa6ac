import { z } from 'zod';
import { PHOTO_CATEGORIES } from './constants.ts';
import { bladeSchema, photoCategorySchema, photoSchema, reportSchema } from './schemas.ts';
import { isStorableText } from './text-fields.ts';

/** Photo and report uploads, listings and deletions (DECISIONS §6): one schema per payload, for the server and the web app. */

/** Why one file of an upload was refused; each reason has its message code and HTTP status on the server. */
export const UPLOAD_REJECTION_REASONS = [
  'invalid_name',
  'duplicate_name',
  'unsupported_type',
  'too_large',
  'too_many_pixels',
  'damaged',
  'not_pdf',
  'wrong_extension',
] as const;
export type UploadRejectionReason = (typeof UPLOAD_REJECTION_REASONS)[number];

export const uploadRejectionSchema = z.object({
  name: z.string(),
  reason: z.enum(UPLOAD_REJECTION_REASONS),
  message: z.string(),
});
export type UploadRejection = z.infer<typeof uploadRejectionSchema>;

const formInt = (code: string) => z.coerce.number({ error: code }).int({ error: code });

/** Multipart text fields of POST /turbines/{id}/photos; they must come before the files. Room is optional for category photos. */
export const photoUploadFieldsSchema = z.object({
  room: formInt('PHOTO_UPLOAD_FIELDS').min(1, { error: 'PHOTO_UPLOAD_FIELDS' }).max(1000, { error: 'PHOTO_UPLOAD_FIELDS' }).optional(),
  year: formInt('PHOTO_UPLOAD_FIELDS').min(1900, { error: 'PHOTO_UPLOAD_FIELDS' }).max(3000, { error: 'PHOTO_UPLOAD_FIELDS' }),
  blade: bladeSchema,
  category: photoCategorySchema.optional(),
});
export type PhotoUploadFields = z.infer<typeof photoUploadFieldsSchema>;

/** Multipart text fields of POST /turbines/{id}/reports. */
export const reportUploadFieldsSchema = z.object({
  year: formInt('REPORT_UPLOAD_FIELDS').min(1900, { error: 'REPORT_UPLOAD_FIELDS' }).max(3000, { error: 'REPORT_UPLOAD_FIELDS' }),
});

/** Photo "type" filter: a category, or `blade` for the 360° blade photos that have none. */
export const PHOTO_TYPE_FILTERS = [...PHOTO_CATEGORIES, 'blade'] as const;

/** GET /turbines/{id}/photos: the spec's two shapes (`room` + `noCache`; `view=all` + `year`) plus blade and category filters. */
export const photoListQuerySchema = z.object({
  view: z.enum(['all']).optional(),
  room: z.coerce.number().int().min(1).max(1000).optional(),
  year: z.coerce.number().int().min(1900).max(3000).optional(),
  blade: bladeSchema.optional(),
  category: z.enum(PHOTO_TYPE_FILTERS).optional(),
  /** accepted for the spec's clients; answers are always fresh (versioned on the server) */
  noCache: z.string().max(40).optional(),
});
export type PhotoListQuery = z.infer<typeof photoListQuerySchema>;

export const photoDeleteQuerySchema = z.object({
  key: z.string().min(1).max(500).refine(isStorableText, { error: 'TEXT_INVALID_CHARACTERS' }),
});
export const reportListQuerySchema = z.object({ year: z.coerce.number().int().min(1900).max(3000).optional() });
export const reportParamsSchema = z.object({ id: z.string().max(20), reportId: z.string().max(20) });

export const photoUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(photoSchema),
  rejected: z.array(uploadRejectionSchema),
  message: z.string(),
});
export const reportUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(reportSchema),
  rejected: z.array(uploadRejectionSchema),
  message: z.string(),
});
