import { z } from 'zod';
import { MAX_ROW_ID } from './constants.ts';
import { FINDING_STATUSES } from './finding-statuses.ts';
import { singleLineText } from './text-fields.ts';

/** DECISIONS §17, issue 26 item 2: share links. A manager (or the superadmin) shares a report revision, or a turbine's
 *  reviewed findings with chosen photos, with someone who has no account. The token is 128 random bits (22 base64url
 *  characters), shown in the link once and kept only as its SHA-256. */
export const SHARE_LINK_KINDS = ['report', 'findings'] as const;
export type ShareLinkKind = (typeof SHARE_LINK_KINDS)[number];
export const SHARE_LINK_DEFAULT_DAYS = 7;
export const SHARE_LINK_MAX_DAYS = 90;
export const SHARE_LINK_LABEL_MAX_LENGTH = 100;
export const SHARE_LINK_PASSWORD_MIN_LENGTH = 6;
export const SHARE_LINK_PASSWORD_MAX_LENGTH = 128;
/** findings and photos one link may show */
export const SHARE_LINK_MAX_FINDINGS = 200;
export const SHARE_LINK_MAX_PHOTOS = 200;
/** the web page's path: `/share/{token}` */
export const SHARE_PAGE_PATH = '/share/';
/** a token's shape: 16 random bytes in base64url */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** statuses a recipient ever sees: never a draft nor a rejected finding ("drafts never") */
export const SHAREABLE_FINDING_STATUSES = FINDING_STATUSES.filter((s) => s !== 'draft' && s !== 'rejected');
export const isShareableFindingStatus = (s: string) => (SHAREABLE_FINDING_STATUSES as readonly string[]).includes(s);

const field = (code: string) => ({ error: code }) as const;
const id = z.number(field('VALIDATION')).int(field('VALIDATION')).positive(field('VALIDATION')).max(MAX_ROW_ID, field('VALIDATION'));

const common = {
  label: singleLineText(
    z
      .string(field('SHARE_LINK_LABEL_REQUIRED'))
      .trim()
      .min(1, field('SHARE_LINK_LABEL_REQUIRED'))
      .max(SHARE_LINK_LABEL_MAX_LENGTH, field('SHARE_LINK_LABEL_TOO_LONG')),
    'SHARE_LINK_LABEL',
  ),
  expires_in_days: z
    .number(field('SHARE_LINK_EXPIRY_INVALID'))
    .int(field('SHARE_LINK_EXPIRY_INVALID'))
    .min(1, field('SHARE_LINK_EXPIRY_INVALID'))
    .max(SHARE_LINK_MAX_DAYS, field('SHARE_LINK_EXPIRY_INVALID'))
    .default(SHARE_LINK_DEFAULT_DAYS),
  /** optional; absent or null: no password */
  password: z
    .string(field('SHARE_LINK_PASSWORD_INVALID'))
    .min(SHARE_LINK_PASSWORD_MIN_LENGTH, field('SHARE_LINK_PASSWORD_INVALID'))
    .max(SHARE_LINK_PASSWORD_MAX_LENGTH, field('SHARE_LINK_PASSWORD_INVALID'))
    .nullish(),
};

/** POST /turbines/{id}/share-links: a report of the turbine, or some of its reviewed findings and photos of their
 *  sightings (the evidence crops of the chosen findings always come with them). */
export const createShareLinkBodySchema = z.strictObject({
  ...common,
  kind: z.enum(SHARE_LINK_KINDS, field('SHARE_LINK_KIND_INVALID')),
  report_id: id.optional(),
  finding_ids: z.array(id, field('VALIDATION')).max(SHARE_LINK_MAX_FINDINGS, field('VALIDATION')).optional(),
  photo_ids: z.array(id, field('VALIDATION')).max(SHARE_LINK_MAX_PHOTOS, field('VALIDATION')).optional(),
});
export type CreateShareLinkBody = z.infer<typeof createShareLinkBodySchema>;

export const shareLinkQuerySchema = z.object({
  turbine_id: z.coerce.number(field('VALIDATION')).int(field('VALIDATION')).positive(field('VALIDATION')).max(MAX_ROW_ID).optional(),
});

export const SHARE_LINK_STATES = ['active', 'expired', 'revoked'] as const;
export type ShareLinkState = (typeof SHARE_LINK_STATES)[number];

/** A link as its company's managers see it (never the token nor its hash). */
export const shareLinkSchema = z.object({
  id: z.number().int(),
  turbine_id: z.number().int(),
  turbine_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  kind: z.enum(SHARE_LINK_KINDS),
  label: z.string(),
  report_id: z.number().int().nullable(),
  report_name: z.string().nullable(),
  finding_ids: z.array(z.number().int()),
  photo_ids: z.array(z.number().int()),
  has_password: z.boolean(),
  state: z.enum(SHARE_LINK_STATES),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  created_by_name: z.string().nullable(),
  openings: z.number().int(),
  last_opened_at: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** Rows per page of the company-wide list (issue 26 item 1). */
export const SHARE_LINK_PAGE_SIZE = 25;
const pageInvalid = field('VALIDATION');
/** GET /share-links/page: filters (all optional). `company_id` is honoured for the superadmin only (a manager always
 *  reads their own company); another company's turbine is "not found". */
export const shareLinkPageQuerySchema = z.object({
  state: z.enum(SHARE_LINK_STATES, pageInvalid).optional(),
  turbine_id: z.coerce.number(pageInvalid).int(pageInvalid).positive(pageInvalid).max(MAX_ROW_ID, pageInvalid).optional(),
  company_id: z.coerce.number(pageInvalid).int(pageInvalid).positive(pageInvalid).max(MAX_ROW_ID, pageInvalid).optional(),
  page: z.coerce.number(pageInvalid).int(pageInvalid).min(1, pageInvalid).max(100_000, pageInvalid).default(1),
});
export type ShareLinkPageQuery = z.infer<typeof shareLinkPageQuerySchema>;
/** One page of links, newest first, with every turbine that has a link in scope (the turbine filter's choices). */
export const shareLinkPageSchema = z.object({
  items: z.array(shareLinkSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  turbines: z.array(z.object({ id: z.number().int(), name: z.string(), company_id: z.number().int() })),
});
export type ShareLinkPage = z.infer<typeof shareLinkPageSchema>;
/** The answer to a creation: the only time the token is ever shown (inside `path`). */
export const createdShareLinkSchema = shareLinkSchema.extend({ token: z.string(), path: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

export const shareLinkOpeningSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type ShareLinkOpening = z.infer<typeof shareLinkOpeningSchema>;

/** POST /share/open and POST /share/refresh (public): the token, and the password when the link has one. */
export const openShareLinkBodySchema = z.strictObject({
  token: z.string(field('SHARE_LINK_INVALID')).max(64, field('SHARE_LINK_INVALID')),
  password: z.string(field('SHARE_LINK_PASSWORD_WRONG')).max(SHARE_LINK_PASSWORD_MAX_LENGTH, field('SHARE_LINK_PASSWORD_WRONG')).optional(),
});
export type OpenShareLinkBody = z.infer<typeof openShareLinkBodySchema>;

const sharedObservation = z.object({
  year: z.number().int(),
  kind: z.string(),
  severity: z.number().int(),
  length_mm: z.number().nullable(),
  width_mm: z.number().nullable(),
  crop_url: z.string().nullable(),
});
const sharedFinding = z.object({
  id: z.number().int(),
  blade: z.string(),
  surface: z.string(),
  room: z.number().int().nullable(),
  distance_from_root_m: z.number().nullable(),
  type: z.string(),
  severity: z.number().int(),
  length_mm: z.number().nullable(),
  width_mm: z.number().nullable(),
  status: z.enum(FINDING_STATUSES),
  due_date: z.string().nullable(),
  notes: z.string().nullable(),
  first_seen_year: z.number().int(),
  last_seen_year: z.number().int(),
  observations: z.array(sharedObservation),
});
const sharedPhoto = z.object({
  id: z.number().int(),
  name: z.string(),
  year: z.number().int(),
  blade: z.string().nullable(),
  finding_ids: z.array(z.number().int()),
  preview_url: z.string(),
  download_url: z.string(),
});
/** What a recipient sees: no uploader names or e-mails, never a draft. File URLs are signed for this link and checked
 *  against it on every request (a revoked link's files stop at once). */
export const sharedContentSchema = z.object({
  kind: z.enum(SHARE_LINK_KINDS),
  label: z.string(),
  company_name: z.string(),
  turbine: z.object({ code: z.string(), name: z.string(), city: z.string().nullable() }),
  expires_at: z.string(),
  /** when the file URLs of this answer end, and in how many seconds from the answer (free of the reader's clock): the
   *  page asks POST /share/refresh for new ones before then */
  urls_expire_at: z.string(),
  urls_valid_seconds: z.number().int(),
  report: z
    .object({
      name: z.string(),
      year: z.number().int(),
      size_bytes: z.number().int(),
      created_at: z.string(),
      generated: z.boolean(),
      download_url: z.string(),
    })
    .nullable(),
  findings: z.array(sharedFinding),
  photos: z.array(sharedPhoto),
});
export type SharedContent = z.infer<typeof sharedContentSchema>;
export type SharedFinding = z.infer<typeof sharedFinding>;
