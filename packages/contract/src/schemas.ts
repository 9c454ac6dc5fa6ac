import { z } from 'zod';
import { ASSIGNABLE_ROLES, roleSchema } from './roles.ts';
import { LANGUAGES } from './messages.ts';
import {
  BLADES,
  COMMENT_MAX_LENGTH,
  DEFAULT_ROOMS,
  MIN_ROOMS,
  PASSWORD_MAX_LENGTH,
  MAX_ROW_ID,
  PASSWORD_MIN_LENGTH,
  PHOTO_CATEGORIES,
  TURBINE_STATUSES,
} from './constants.ts';
import type { TextFieldName } from './text-field-names.ts';
import { isSingleLineText, isStorableText, multiLineText, singleLineText } from './text-fields.ts';
import { normalizeCoordinates } from './geo.ts';
import { turbineAssetBodyFields, turbineAssetSchema } from './turbine-assets.ts';

/** Validation messages are message codes (see messages.ts) so that server and web show them in the user's language. */
const storable = { error: 'TEXT_INVALID_CHARACTERS' } as const;
const text = (max: number, field: TextFieldName) => singleLineText(z.string().trim().max(max, { error: 'VALIDATION' }), field);
const requiredText = (max: number, code: string, field: TextFieldName) =>
  singleLineText(z.string({ error: code }).trim().min(1, { error: code }).max(max, { error: 'VALIDATION' }), field);
const multiLine = (max: number, field: TextFieldName) => multiLineText(z.string().trim().max(max, { error: 'VALIDATION' }), field);
const optionalText = (max: number, field: TextFieldName) => text(max, field).nullish();
/** a row id: the database's integer range */
const id = z.number().int().positive().max(MAX_ROW_ID, { error: 'VALIDATION' });
const timestamp = z.string();

const EMAIL_MAX_LENGTH = 254;
/** Lower-casing can lengthen a string ('İ' becomes two code points): the limit holds for the stored form. */
const fitsLowerCased = (max: number) => (s: string) => s.toLowerCase().length <= max;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Characters that show nothing: Unicode's format controls (zero-width space and joiners, bidi controls, soft hyphen,
 *  BOM) and the Hangul fillers, which render blank. */
const INVISIBLE = /\p{Cf}|\u034F|[\u115F\u1160\u3164\uFFA0]/gu;

/** The one form of an address that is stored, looked up and compared: NFKC (full-width and other compatibility letters
 *  become plain ones), invisible characters removed, trimmed, lower-cased without a locale (Turkish 'İ' and 'I' both
 *  become 'i'; 'ı' stays itself and is caught as a confusable of 'i' by the server). */
export function normalizeEmail(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .trim()
    .replace(/[\u0130I]/g, 'i')
    .toLowerCase()
    .normalize('NFC');
}

/** Bounds the work before normalizing: an address padded past this is refused whatever it hides. */
const EMAIL_RAW_MAX_LENGTH = EMAIL_MAX_LENGTH * 4;

export const emailSchema = z
  .string({ error: 'EMAIL_REQUIRED' })
  .max(EMAIL_RAW_MAX_LENGTH, { error: 'EMAIL_INVALID' })
  .refine(isStorableText, { error: 'EMAIL_INVALID' })
  .refine(isSingleLineText, { error: 'EMAIL_INVALID' })
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, { error: 'EMAIL_REQUIRED' })
      .max(EMAIL_MAX_LENGTH, { error: 'EMAIL_INVALID' })
      .regex(EMAIL_SHAPE, { error: 'EMAIL_INVALID' }),
  );

/** An optional e-mail: empty means none; anything else must be an address (message EMAIL_INVALID, not a union error). */
export const optionalEmailSchema = z
  .string({ error: 'EMAIL_INVALID' })
  .max(EMAIL_RAW_MAX_LENGTH, { error: 'EMAIL_INVALID' })
  .refine(isStorableText, { error: 'EMAIL_INVALID' })
  .refine(isSingleLineText, { error: 'EMAIL_INVALID' })
  .transform(normalizeEmail)
  .refine((s) => s === '' || (s.length <= EMAIL_MAX_LENGTH && EMAIL_SHAPE.test(s)), { error: 'EMAIL_INVALID' })
  .nullish();

export const passwordSchema = z
  .string({ error: 'PASSWORD_REQUIRED' })
  .min(1, { error: 'PASSWORD_REQUIRED' })
  .min(PASSWORD_MIN_LENGTH, { error: 'PASSWORD_TOO_SHORT' })
  .max(PASSWORD_MAX_LENGTH, { error: 'PASSWORD_TOO_LONG' })
  .refine(isStorableText, storable);

export const turbineStatusSchema = z.enum(TURBINE_STATUSES);
export const bladeSchema = z.enum(BLADES);
export const photoCategorySchema = z.enum(PHOTO_CATEGORIES);

/** A turbine's position: anything parseCoordinates reads ("38.4237,27.1428", "38,42 K; 27,14 D", "38.42 N 27.14 E"),
 *  stored as plain "latitude,longitude" (normalizeCoordinates); '' means none. */
export const coordinatesSchema = z
  .string({ error: 'TURBINE_COORDINATES_INVALID' })
  .trim()
  .max(64, { error: 'TURBINE_COORDINATES_INVALID' })
  .refine(isSingleLineText, { error: 'TURBINE_COORDINATES_INVALID' })
  .refine((s) => s === '' || normalizeCoordinates(s) !== null, { error: 'TURBINE_COORDINATES_INVALID' })
  .transform((s) => (s === '' ? '' : (normalizeCoordinates(s) ?? '')));

// ---------- entities (what the API answers) ----------

export const companySchema = z.object({
  id,
  name: z.string(),
  contact_email: z.string().nullable(),
  authorized_number: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  user_count: z.number().int(),
  turbine_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Company = z.infer<typeof companySchema>;

export const userSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: roleSchema,
  company_id: id,
  company_name: z.string().nullable(),
  is_active: z.boolean(),
  is_protected: z.boolean(),
  /** an address a manager set that waits for its confirmation link (issue 13); given only to those who may edit the
   *  user, null for everyone else and when nothing waits */
  pending_email: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type User = z.infer<typeof userSchema>;

/** On every turbine (list and detail): the worst severity among its open findings, open and overdue counts (§12),
 *  and the open findings per severity (index 0 = severity 1 .. index 4 = severity 5), which the dashboard adds up. */
export const turbineHealthSchema = z.object({
  worst_open_severity: z.number().int().min(1).max(5).nullable(),
  open: z.number().int(),
  overdue: z.number().int(),
  open_by_severity: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
  /** issue 16: its findings (not drafts or rejected ones) whose severity went up this year */
  escalated_this_year: z.number().int(),
  /** issue 16: the worst severity seen on its photos this year and last year (sightings of findings that are not drafts
   *  or rejected); the dashboard's trend arrow compares them (turbineTrend) */
  worst_this_year: z.number().int().min(1).max(5).nullable(),
  worst_last_year: z.number().int().min(1).max(5).nullable(),
});
export type TurbineHealth = z.infer<typeof turbineHealthSchema>;

export const turbineSchema = z.object({
  id,
  turbine_name: z.string().nullable(),
  name: z.string().nullable(),
  city: z.string(),
  code: z.string(),
  location: z.string(),
  site_name: z.string().nullable(),
  coordinates: z.string().nullable(),
  /** issue 27: coordinates kept from before they were checked that do not read as a position (migration 0019), shown
   *  to be corrected; null once the turbine is saved with readable coordinates or none */
  coordinates_unreadable: z.string().nullable(),
  ...turbineAssetSchema.shape,
  rooms: z.number().int(),
  company_id: id,
  company_name: z.string().nullable(),
  status: turbineStatusSchema,
  photo_count: z.number().int(),
  health: turbineHealthSchema,
  created_at: timestamp,
  updated_at: timestamp,
});
export type Turbine = z.infer<typeof turbineSchema>;

/** thumbnail and preview are null for a file without them (a .pcd point cloud has no picture to make them from);
 *  zoom is the signed base of a large image's Deep Zoom pyramid (DECISIONS §16: `{zoom}pyramid.json` says whether it
 *  is ready, and its size; tiles are `{zoom}{level}/{column}_{row}.jpeg`), null for a photo without one */
export const photoUrlsSchema = z.object({
  thumbnail: z.string().nullable(),
  preview: z.string().nullable(),
  original: z.string(),
  zoom: z.string().nullable(),
  /** a .pcd point cloud's copy decimated to PCD_POINT_BUDGET points (binary; DECISIONS §16), what the viewer downloads
   *  first; 404 until made (older clouds: `npm run integrity -- --repair`). Absent or null for anything else. */
  cloud: z.string().nullable().optional(),
});
export const photoSchema = z.object({
  id,
  key: z.string(),
  url: z.string(),
  urls: photoUrlsSchema,
  originalName: z.string(),
  file_path: z.string(),
  room: z.number().int().nullable(),
  blade: bladeSchema.nullable(),
  category: photoCategorySchema.nullable(),
  year: z.number().int(),
  month: z.number().int(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  mime_type: z.string(),
  sha256: z.string(),
  taken_at: timestamp.nullable(),
  gps: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  upload_date: timestamp,
  createdAt: timestamp,
  lastModified: timestamp,
  uploaded_by: id.nullable(),
  uploader_name: z.string().nullable(),
  uploader_email: z.string().nullable(),
  uploadedBy: z.object({ name: z.string() }).nullable(),
});
export type Photo = z.infer<typeof photoSchema>;

/** `{urls.zoom}pyramid.json` (DECISIONS §16): a Deep Zoom pyramid's size and tiling once it is made; 'pending' (202)
 *  while it is still to be made (asking puts it first in the queue; the viewer shows the preview meanwhile). */
export const zoomPyramidSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('ready'),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    tileSize: z.number().int().positive(),
    overlap: z.number().int().nonnegative(),
    format: z.literal('jpeg'),
  }),
  z.object({ state: z.literal('pending') }),
]);
export type ZoomPyramid = z.infer<typeof zoomPyramidSchema>;

export const reportSchema = z.object({
  id,
  original_filename: z.string(),
  stored_filename: z.string(),
  report_url: z.string(),
  file_size_bytes: z.number().int(),
  uploaded_at: timestamp,
  uploaded_by: id.nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  year: z.number().int(),
  /** made by the server from the reviewed findings (issue 17), not uploaded */
  generated: z.boolean(),
  /** generated reports: SHA-256 of everything the document shows but its issue date */
  inputs_hash: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const commentSchema = z.object({
  id,
  turbine_id: id,
  user_id: id.nullable(),
  user_name: z.string(),
  comment: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Comment = z.infer<typeof commentSchema>;

// ---------- request bodies ----------

export const loginBodySchema = z.strictObject({
  email: z
    .string({ error: 'LOGIN_REQUIRED_FIELDS' })
    .trim()
    .min(1, { error: 'LOGIN_REQUIRED_FIELDS' })
    .max(EMAIL_MAX_LENGTH)
    .refine(isStorableText, storable)
    .refine(fitsLowerCased(EMAIL_MAX_LENGTH), { error: 'VALIDATION' })
    .transform(normalizeEmail)
    // NFKC may lengthen it (a ligature becomes two letters): what is looked up and counted stays within the limit
    .refine((email) => email.length <= EMAIL_MAX_LENGTH, { error: 'VALIDATION' }),
  password: z
    .string({ error: 'LOGIN_REQUIRED_FIELDS' })
    .min(1, { error: 'LOGIN_REQUIRED_FIELDS' })
    .max(PASSWORD_MAX_LENGTH)
    .refine(isStorableText, storable),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const passwordResetRequestBodySchema = z.strictObject({ email: emailSchema });
export const passwordResetConfirmBodySchema = z.strictObject({
  // a malformed link is just an invalid link: the spec's message, never the validator's
  token: z
    .string({ error: 'PASSWORD_RESET_TOKEN_INVALID' })
    .min(10, { error: 'PASSWORD_RESET_TOKEN_INVALID' })
    .max(200, { error: 'PASSWORD_RESET_TOKEN_INVALID' }),
  password: passwordSchema,
});
/** The way out of a rate-limited sign-in: a single-use link e-mailed to the account's owner. */
export const signInLinkRequestBodySchema = z.strictObject({ email: emailSchema });
export const signInLinkConfirmBodySchema = z.strictObject({ token: z.string().min(10).max(200) });
/** The link e-mailed to a new address a manager set: a malformed one is just an invalid link. */
export const emailChangeConfirmBodySchema = z.strictObject({
  token: z
    .string({ error: 'EMAIL_CHANGE_LINK_INVALID' })
    .min(10, { error: 'EMAIL_CHANGE_LINK_INVALID' })
    .max(200, { error: 'EMAIL_CHANGE_LINK_INVALID' }),
});

const turbineFields = {
  turbine_name: optionalText(120, 'TURBINE_NAME'),
  name: optionalText(120, 'TURBINE_NAME'),
  city: requiredText(80, 'TURBINE_REQUIRED_FIELDS', 'CITY'),
  code: requiredText(60, 'TURBINE_REQUIRED_FIELDS', 'TURBINE_CODE'),
  location: requiredText(200, 'TURBINE_REQUIRED_FIELDS', 'LOCATION'),
  site_name: optionalText(120, 'SITE_NAME'),
  coordinates: coordinatesSchema.nullish(),
  rooms: z
    .number({ error: 'TURBINE_ROOMS_MIN' })
    .int({ error: 'TURBINE_ROOMS_MIN' })
    .min(MIN_ROOMS, { error: 'TURBINE_ROOMS_MIN' })
    .max(1000, { error: 'VALIDATION' }),
  company_id: id.nullish(),
  ...turbineAssetBodyFields,
};

export const createTurbineBodySchema = z.strictObject({
  ...turbineFields,
  rooms: turbineFields.rooms.default(DEFAULT_ROOMS),
  status: turbineStatusSchema.optional(),
});
export type CreateTurbineBody = z.input<typeof createTurbineBodySchema>;

export const updateTurbineBodySchema = z.strictObject({
  ...turbineFields,
  rooms: turbineFields.rooms.optional(),
  company_id: id.nullish(),
  status: turbineStatusSchema.nullish(),
});
export type UpdateTurbineBody = z.input<typeof updateTurbineBodySchema>;

/** DELETE /turbines/{id}: the spec's client sends user_id, role, company_id; accepted and ignored. */
export const deleteTurbineBodySchema = z
  .strictObject({ user_id: z.unknown().optional(), role: z.unknown().optional(), company_id: z.unknown().optional() })
  .nullish();

export const companyBodySchema = z.strictObject({
  name: requiredText(120, 'COMPANY_NAME_REQUIRED', 'COMPANY_NAME'),
  contact_email: optionalEmailSchema,
  authorized_number: optionalText(120, 'AUTHORIZED_PERSON'),
  phone: optionalText(40, 'PHONE'),
  address: multiLine(300, 'ADDRESS').nullish(),
});
export type CompanyBody = z.input<typeof companyBodySchema>;

const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, { error: 'VALIDATION' });

export const createUserBodySchema = z.strictObject({
  first_name: requiredText(80, 'USER_ALL_FIELDS', 'FIRST_NAME'),
  last_name: requiredText(80, 'USER_ALL_FIELDS', 'LAST_NAME'),
  email: z.string({ error: 'USER_ALL_FIELDS' }).trim().min(1, { error: 'USER_ALL_FIELDS' }).pipe(emailSchema),
  password: z.string({ error: 'USER_ALL_FIELDS' }).min(1, { error: 'USER_ALL_FIELDS' }).pipe(passwordSchema),
  role: assignableRoleSchema.default('operator'),
  company_id: id.nullish().refine((v) => v != null, { error: 'USER_COMPANY_REQUIRED' }),
  is_active: z.boolean().default(true),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

/** First-run setup (DECISIONS §15): the operator company and its protected superadmin, created once on an empty database.
 *  The token is the one the server printed (DATA_DIR/setup-token); a malformed one is just a wrong one. */
export const setupBodySchema = z.strictObject({
  token: z.string({ error: 'SETUP_TOKEN_INVALID' }).min(1, { error: 'SETUP_TOKEN_INVALID' }).max(200, { error: 'SETUP_TOKEN_INVALID' }),
  company_name: requiredText(120, 'COMPANY_NAME_REQUIRED', 'COMPANY_NAME'),
  first_name: requiredText(80, 'USER_ALL_FIELDS', 'FIRST_NAME'),
  last_name: requiredText(80, 'USER_ALL_FIELDS', 'LAST_NAME'),
  email: z.string({ error: 'USER_ALL_FIELDS' }).trim().min(1, { error: 'USER_ALL_FIELDS' }).pipe(emailSchema),
  password: z.string({ error: 'USER_ALL_FIELDS' }).min(1, { error: 'USER_ALL_FIELDS' }).pipe(passwordSchema),
  /** the owner's language for e-mails; the request's language when left out */
  language: z.enum(LANGUAGES, { error: 'VALIDATION' }).optional(),
});
export type SetupBody = z.input<typeof setupBodySchema>;

export const updateUserBodySchema = z.strictObject({
  first_name: requiredText(80, 'USER_EDIT_ALL_FIELDS', 'FIRST_NAME'),
  last_name: requiredText(80, 'USER_EDIT_ALL_FIELDS', 'LAST_NAME'),
  email: z.string({ error: 'USER_EDIT_ALL_FIELDS' }).trim().min(1, { error: 'USER_EDIT_ALL_FIELDS' }).pipe(emailSchema),
  /** superadmin is accepted only when the user already is one (the edit form echoes the role); it is never granted */
  role: roleSchema,
  company_id: id.nullish().refine((v) => v != null, { error: 'USER_COMPANY_REQUIRED' }),
  is_active: z.boolean().default(true),
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

/** current_password: required (and checked) when users change their own password; ignored for someone else's. */
export const changePasswordBodySchema = z.strictObject({
  password: passwordSchema,
  current_password: z
    .string({ error: 'CURRENT_PASSWORD_REQUIRED' })
    .max(PASSWORD_MAX_LENGTH, { error: 'CURRENT_PASSWORD_WRONG' })
    .optional(),
});

export const commentBodySchema = z.strictObject({
  comment: multiLineText(
    z.string().trim().min(1, { error: 'COMMENT_REQUIRED' }).max(COMMENT_MAX_LENGTH, { error: 'COMMENT_TOO_LONG' }),
    'COMMENT',
  ),
});

export const contactBodySchema = z.strictObject({
  name: requiredText(120, 'CONTACT_REQUIRED_FIELDS', 'FULL_NAME'),
  email: optionalEmailSchema,
  phone: optionalText(40, 'PHONE'),
  subject: requiredText(200, 'CONTACT_REQUIRED_FIELDS', 'SUBJECT'),
  message: multiLineText(
    z.string({ error: 'CONTACT_REQUIRED_FIELDS' }).trim().min(1, { error: 'CONTACT_REQUIRED_FIELDS' }).max(5000, { error: 'VALIDATION' }),
    'MESSAGE',
  ),
  /** honeypot: people leave it empty */
  website: z.string().max(500).optional(),
});
export type ContactBody = z.input<typeof contactBodySchema>;

// ---------- query strings ----------

/** Query strings keep unknown keys out of the way (the client adds a timestamp to non-GET calls). */
export const turbineListQuerySchema = z.object({
  filter_company_id: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
  user_id: z.string().optional(),
  role: z.string().optional(),
  company_id: z.string().optional(),
});

export const idParamSchema = z.object({ id: z.string().max(20) });
