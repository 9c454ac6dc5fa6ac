import { z } from 'zod';
import { BLADES, MAX_ROW_ID, UPLOAD_ROOM_CHOICES } from './constants.ts';
import { FINDING_STATUSES, type FindingStatus } from './finding-statuses.ts';
import { type Action, type Actor, can, type Resource } from './permissions.ts';
import { bladeSchema, photoCategorySchema } from './schemas.ts';
import { multiLineText } from './text-fields.ts';
import type { TextFieldName } from './text-field-names.ts';

/** Findings (DECISIONS §12): one physical damage at one place on one blade, seen on one or more photos (observations),
 *  reviewed, planned, repaired and verified; every change an event. Shapes and rules for the server and the web app. */

// ---------- vocabularies, with their TR/EN labels ----------

export const FINDING_TYPES = [
  'erosion',
  'crack',
  'delamination',
  'lightning',
  'impact',
  'hole',
  'bond_line',
  'coating_loss',
  'contamination',
  'missing_part',
  'other',
] as const;
export type FindingType = (typeof FINDING_TYPES)[number];
export const FINDING_TYPE_LABELS: Record<FindingType, { tr: string; en: string }> = {
  erosion: { tr: 'Erozyon', en: 'Erosion' },
  crack: { tr: 'Çatlak', en: 'Crack' },
  delamination: { tr: 'Delaminasyon', en: 'Delamination' },
  lightning: { tr: 'Yıldırım hasarı', en: 'Lightning damage' },
  impact: { tr: 'Darbe', en: 'Impact' },
  hole: { tr: 'Delik', en: 'Hole' },
  bond_line: { tr: 'Yapıştırma hattı', en: 'Bond line' },
  coating_loss: { tr: 'Kaplama kaybı', en: 'Coating loss' },
  contamination: { tr: 'Kirlenme', en: 'Contamination' },
  missing_part: { tr: 'Eksik veya gevşek parça', en: 'Missing or loose part' },
  other: { tr: 'Diğer', en: 'Other' },
};

/** Leading edge, trailing edge, pressure side, suction side outside; interior with a room (1..25). */
export const FINDING_SURFACES = ['LE', 'TE', 'PS', 'SS', 'interior'] as const;
export type FindingSurface = (typeof FINDING_SURFACES)[number];
export const FINDING_SURFACE_LABELS: Record<FindingSurface, { tr: string; en: string }> = {
  LE: { tr: 'Hücum kenarı', en: 'Leading edge' },
  TE: { tr: 'Firar kenarı', en: 'Trailing edge' },
  PS: { tr: 'Basınç yüzü', en: 'Pressure side' },
  SS: { tr: 'Emme yüzü', en: 'Suction side' },
  interior: { tr: 'İç yüzey', en: 'Interior' },
};

export { FINDING_STATUS_LABELS, FINDING_STATUSES, type FindingStatus } from './finding-statuses.ts';

/** Open findings make the turbine's health (worst severity, open and overdue counts). */
export const OPEN_FINDING_STATUSES = ['confirmed', 'monitoring', 'repair_planned'] as const satisfies readonly FindingStatus[];
/** Seen only by staff who may create findings; customers and viewers never get them. */
export const STAFF_ONLY_FINDING_STATUSES = ['draft', 'rejected'] as const satisfies readonly FindingStatus[];
export const isOpenFindingStatus = (s: string) => (OPEN_FINDING_STATUSES as readonly string[]).includes(s);

export const SEVERITIES = [1, 2, 3, 4, 5] as const;
export type Severity = (typeof SEVERITIES)[number];
/** The canonical 1..5 scale (GWO blade repair practice); dueDays null: record only; 0: repair now, stop the turbine. */
export const SEVERITY_SCALE: Record<
  Severity,
  { tr: string; en: string; meaning: { tr: string; en: string }; action: { tr: string; en: string }; dueDays: number | null }
> = {
  1: {
    tr: 'Kozmetik',
    en: 'Cosmetic',
    meaning: {
      tr: 'Yapısal bütünlüğe veya performansa etkisi yok, büyüme riski yok',
      en: 'No effect on integrity or performance, no risk of growing',
    },
    action: { tr: 'Yalnızca kayıt', en: 'Record only' },
    dueDays: null,
  },
  2: {
    tr: 'Düşük',
    en: 'Low',
    meaning: { tr: 'Şimdilik etkisi yok, küçük büyüme riski', en: 'No effect now, small risk of growing' },
    action: { tr: 'Bir sonraki planlı bakımda (365 gün)', en: 'Next scheduled maintenance (365 days)' },
    dueDays: 365,
  },
  3: {
    tr: 'Orta',
    en: 'Medium',
    meaning: { tr: 'Yapısal bütünlük veya performans etkileniyor', en: 'Integrity or performance affected' },
    action: { tr: '180 gün içinde onarım', en: 'Repair within 180 days' },
    dueDays: 180,
  },
  4: {
    tr: 'Yüksek',
    en: 'High',
    meaning: { tr: 'Yapısal bütünlük etkileniyor', en: 'Structural integrity affected' },
    action: { tr: '30 gün içinde onarım', en: 'Repair within 30 days' },
    dueDays: 30,
  },
  5: {
    tr: 'Kritik',
    en: 'Critical',
    meaning: { tr: 'Ciddi yapısal hasar', en: 'Serious structural damage' },
    action: { tr: 'Hemen onarım, türbini durdurun', en: 'Repair now, stop the turbine' },
    dueDays: 0,
  },
};

export const DEPTH_CLASSES = [1, 2, 3, 4] as const;
export const DEPTH_CLASS_LABELS: Record<(typeof DEPTH_CLASSES)[number], { tr: string; en: string }> = {
  1: { tr: 'Kaplama', en: 'Coating' },
  2: { tr: 'Laminat yüzeyi', en: 'Laminate surface' },
  3: { tr: 'Laminat içi', en: 'Into the laminate' },
  4: { tr: 'Tam kalınlık', en: 'Through the thickness' },
};

export const FINDING_NOTES_MAX_LENGTH = 2000;
export const POLYGON_MIN_POINTS = 3;
export const POLYGON_MAX_POINTS = 64;

/** 'YYYY-MM-DD' (UTC) of the day `days` after `from`. */
export function addDays(from: Date, days: number): string {
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days)).toISOString().slice(0, 10);
}
/** The default due date of a finding planned on `from`: null for severity 1 (record only), today for 5. */
export function defaultDueDate(severity: number, from: Date): string | null {
  const days = SEVERITY_SCALE[severity as Severity]?.dueDays;
  return days == null ? null : addDays(from, days);
}
export const todayOf = (now: Date) => now.toISOString().slice(0, 10);
export function isOverdue(finding: { status: string; due_date: string | null }, now: Date): boolean {
  return isOpenFindingStatus(finding.status) && finding.due_date !== null && finding.due_date < todayOf(now);
}

// ---------- status changes ----------

export interface FindingTransition {
  action: Action;
  /** a reason text is required (reject, reopen, repair not accepted) */
  reason: boolean;
}
const step = (action: Action, reason = false): FindingTransition => ({ action, reason });
/** draft -> confirmed | rejected (a reviewer who is not the author); -> monitoring | repair_planned (due date from the
 *  severity, changeable); -> repaired (at least one repair evidence observation); -> verified (not who marked it
 *  repaired) or back to repair_planned (repair not accepted, with a reason); verified -> confirmed and rejected -> draft
 *  are the reopenings, with a reason. */
export const FINDING_TRANSITIONS: Record<FindingStatus, Partial<Record<FindingStatus, FindingTransition>>> = {
  draft: { confirmed: step('finding.review'), rejected: step('finding.review', true) },
  confirmed: { monitoring: step('finding.plan'), repair_planned: step('finding.plan'), repaired: step('finding.markRepaired') },
  monitoring: { repair_planned: step('finding.plan'), repaired: step('finding.markRepaired') },
  repair_planned: { monitoring: step('finding.plan'), repaired: step('finding.markRepaired') },
  repaired: { verified: step('finding.verify'), repair_planned: step('finding.verify', true) },
  verified: { confirmed: step('finding.reopen', true) },
  rejected: { draft: step('finding.reopen', true) },
};

/** What can() judges a finding on: the company, the author, who marked it repaired, the status. */
export function findingResource(
  companyId: number,
  finding: { created_by: number | null; repaired_by: number | null; status: string },
): Resource {
  return { companyId, ownerId: finding.created_by, repairedBy: finding.repaired_by, findingStatus: finding.status };
}

/** The statuses the actor may move this finding to now (the web shows these buttons; the server allows exactly these). */
export function allowedTransitions(actor: Actor | null | undefined, resource: Resource, now: Date = new Date()): FindingStatus[] {
  const from = resource.findingStatus as FindingStatus | undefined;
  if (!from || !FINDING_TRANSITIONS[from]) return [];
  return (Object.entries(FINDING_TRANSITIONS[from]) as [FindingStatus, FindingTransition][])
    .filter(([, t]) => can(actor, t.action, resource, now))
    .map(([to]) => to);
}

// ---------- geometry (viewer-independent) ----------

const GEOMETRY = { error: 'FINDING_GEOMETRY_INVALID' } as const;
const unit = z.number(GEOMETRY).min(0, GEOMETRY).max(1, GEOMETRY);
const flatPoint = z.tuple([unit, unit], GEOMETRY);
/** yaw 0..2π from the equirectangular image's left edge, growing to the right; pitch -π/2 (down) .. π/2 (up). Photo Sphere
 *  Viewer counts yaw from the image's centre: the web turns it (features/findings/sphere-shapes.ts). */
const yaw = z
  .number(GEOMETRY)
  .min(0, GEOMETRY)
  .max(2 * Math.PI, GEOMETRY);
const pitch = z
  .number(GEOMETRY)
  .min(-Math.PI / 2, GEOMETRY)
  .max(Math.PI / 2, GEOMETRY);
const spherePoint = z.tuple([yaw, pitch], GEOMETRY);
const flatBox = z.array(flatPoint, GEOMETRY).length(2, GEOMETRY);
const hasArea = (g: { points: number[][] }) => g.points[0]?.[0] !== g.points[1]?.[0] && g.points[0]?.[1] !== g.points[1]?.[1];

/** On a flat photo: points normalised to 0..1 of the original's width and height (rectangle and ellipse: two opposite
 *  corners of the box). */
export const flatGeometrySchema = z.discriminatedUnion(
  'shape',
  [
    z.strictObject({ space: z.literal('flat'), shape: z.literal('rectangle'), points: flatBox }).refine(hasArea, GEOMETRY),
    z.strictObject({ space: z.literal('flat'), shape: z.literal('ellipse'), points: flatBox }).refine(hasArea, GEOMETRY),
    z.strictObject({
      space: z.literal('flat'),
      shape: z.literal('polygon'),
      points: z.array(flatPoint, GEOMETRY).min(POLYGON_MIN_POINTS, GEOMETRY).max(POLYGON_MAX_POINTS, GEOMETRY),
    }),
    z.strictObject({ space: z.literal('flat'), shape: z.literal('point'), points: z.array(flatPoint, GEOMETRY).length(1, GEOMETRY) }),
  ],
  GEOMETRY,
);
/** On a 360° panorama (equirectangular): [yaw, pitch] radians. */
export const panoramaGeometrySchema = z.discriminatedUnion(
  'shape',
  [
    z.strictObject({
      space: z.literal('panorama'),
      shape: z.literal('polygon'),
      points: z.array(spherePoint, GEOMETRY).min(POLYGON_MIN_POINTS, GEOMETRY).max(POLYGON_MAX_POINTS, GEOMETRY),
    }),
    z.strictObject({ space: z.literal('panorama'), shape: z.literal('point'), points: z.array(spherePoint, GEOMETRY).length(1, GEOMETRY) }),
  ],
  GEOMETRY,
);
export const geometrySchema = z.discriminatedUnion('space', [flatGeometrySchema, panoramaGeometrySchema], GEOMETRY);
export type Geometry = z.infer<typeof geometrySchema>;
export type FlatGeometry = z.infer<typeof flatGeometrySchema>;
export type PanoramaGeometry = z.infer<typeof panoramaGeometrySchema>;

// ---------- request bodies ----------

const id = z.number().int().positive().max(MAX_ROW_ID, { error: 'VALIDATION' });
const field = (code: string) => ({ error: code }) as const;
const severitySchema = z
  .number(field('FINDING_SEVERITY_INVALID'))
  .int(field('FINDING_SEVERITY_INVALID'))
  .min(1, field('FINDING_SEVERITY_INVALID'))
  .max(5, field('FINDING_SEVERITY_INVALID'));
const measure = (max: number) =>
  z.number(field('FINDING_FIELD_INVALID')).min(0, field('FINDING_FIELD_INVALID')).max(max, field('FINDING_FIELD_INVALID'));
const notesSchema = (name: TextFieldName) =>
  multiLineText(z.string(field('FINDING_NOTES_TOO_LONG')).trim().max(FINDING_NOTES_MAX_LENGTH, field('FINDING_NOTES_TOO_LONG')), name);
const dateSchema = z
  .string(field('FINDING_DUE_DATE_INVALID'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, field('FINDING_DUE_DATE_INVALID'))
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01' && s <= '2100-12-31';
  }, field('FINDING_DUE_DATE_INVALID'));

const findingFields = {
  blade: z.enum(BLADES, field('FINDING_BLADE_INVALID')),
  surface: z.enum(FINDING_SURFACES, field('FINDING_SURFACE_INVALID')),
  /** interior only (required there); ignored on outside surfaces */
  room: z
    .number(field('FINDING_ROOM_REQUIRED'))
    .int(field('FINDING_ROOM_REQUIRED'))
    .min(1, field('FINDING_ROOM_REQUIRED'))
    .max(UPLOAD_ROOM_CHOICES, field('FINDING_ROOM_REQUIRED'))
    .nullish(),
  distance_from_root_m: measure(200).nullish(),
  type: z.enum(FINDING_TYPES, field('FINDING_TYPE_INVALID')),
  severity: severitySchema,
  depth_class: z
    .number(field('FINDING_FIELD_INVALID'))
    .int(field('FINDING_FIELD_INVALID'))
    .min(1, field('FINDING_FIELD_INVALID'))
    .max(4, field('FINDING_FIELD_INVALID'))
    .nullish(),
  length_mm: measure(100_000).nullish(),
  width_mm: measure(100_000).nullish(),
  notes: notesSchema('NOTES').nullish(),
};
const interiorHasRoom = (f: { surface?: string; room?: number | null }) => f.surface !== 'interior' || f.room != null;
const ROOM_REQUIRED = { error: 'FINDING_ROOM_REQUIRED', path: ['room'] };

export const OBSERVATION_KINDS = ['sighting', 'repair'] as const;
export type ObservationKind = (typeof OBSERVATION_KINDS)[number];

/** One sighting on one photo of the same turbine; `repair` marks repair evidence (needed before "repaired"). Severity
 *  and sizes default to the finding's. */
export const observationBodySchema = z.strictObject({
  photo_id: id,
  geometry: geometrySchema,
  kind: z.enum(OBSERVATION_KINDS, { error: 'VALIDATION' }).default('sighting'),
  severity: severitySchema.optional(),
  length_mm: measure(100_000).nullish(),
  width_mm: measure(100_000).nullish(),
  notes: notesSchema('NOTES').nullish(),
});
export type ObservationBody = z.input<typeof observationBodySchema>;

/** POST /turbines/{id}/findings: the finding and its first observation. */
export const createFindingBodySchema = z
  .strictObject({ ...findingFields, observation: observationBodySchema })
  .refine(interiorHasRoom, ROOM_REQUIRED);
export type CreateFindingBody = z.input<typeof createFindingBodySchema>;

/** PUT /turbines/{id}/findings/{findingId}: the fields to change and the version the edit started from. */
export const updateFindingBodySchema = z
  .strictObject({
    version: z
      .number({ error: 'VALIDATION' })
      .int({ error: 'VALIDATION' })
      .min(1, { error: 'VALIDATION' })
      .max(MAX_ROW_ID, { error: 'VALIDATION' }),
    blade: findingFields.blade.optional(),
    surface: findingFields.surface.optional(),
    room: findingFields.room,
    distance_from_root_m: findingFields.distance_from_root_m,
    type: findingFields.type.optional(),
    severity: severitySchema.optional(),
    depth_class: findingFields.depth_class,
    length_mm: findingFields.length_mm,
    width_mm: findingFields.width_mm,
    notes: findingFields.notes,
    /** planners only (superadmin, managers) */
    due_date: dateSchema.nullish(),
  })
  .refine((f) => f.surface === undefined || interiorHasRoom(f), ROOM_REQUIRED);
export type UpdateFindingBody = z.input<typeof updateFindingBodySchema>;

/** POST /turbines/{id}/findings/{findingId}/status */
export const findingStatusBodySchema = z.strictObject({
  to: z.enum(FINDING_STATUSES, field('FINDING_STATUS_INVALID')),
  version: updateFindingBodySchema.shape.version,
  /** monitoring / repair_planned: the due date; left out, it comes from the severity */
  due_date: dateSchema.nullish(),
  reason: notesSchema('REASON').nullish(),
});
export type FindingStatusBody = z.input<typeof findingStatusBodySchema>;

/** DELETE of an observation may carry the version (a stale one is 409). */
export const findingVersionQuerySchema = z.object({ version: z.coerce.number().int().min(1).max(MAX_ROW_ID).optional() });

// ---------- list filters ----------

export const FINDING_SORTS = ['severity', 'due_date', 'updated_at', 'created_at', 'distance', 'status', 'last_seen', 'blade'] as const;
/** a comma list of statuses, 'open' standing for confirmed, monitoring and repair_planned */
export const findingStatusListSchema = z
  .string(field('FINDING_FILTER_INVALID'))
  .max(200, field('FINDING_FILTER_INVALID'))
  .refine(
    (s) => s.split(',').every((x) => x === 'open' || (FINDING_STATUSES as readonly string[]).includes(x)),
    field('FINDING_FILTER_INVALID'),
  );
const filterInt = (min: number, max: number) =>
  z.coerce
    .number(field('FINDING_FILTER_INVALID'))
    .int(field('FINDING_FILTER_INVALID'))
    .min(min, field('FINDING_FILTER_INVALID'))
    .max(max, field('FINDING_FILTER_INVALID'));
/** GET /turbines/{id}/findings: status is a comma list ('open' = confirmed, monitoring, repair_planned). */
export const findingListQuerySchema = z.object({
  status: findingStatusListSchema.optional(),
  severity: filterInt(1, 5).optional(),
  min_severity: filterInt(1, 5).optional(),
  blade: z.enum(BLADES, field('FINDING_FILTER_INVALID')).optional(),
  surface: z.enum(FINDING_SURFACES, field('FINDING_FILTER_INVALID')).optional(),
  type: z.enum(FINDING_TYPES, field('FINDING_FILTER_INVALID')).optional(),
  /** seen that year: one of its observations is on a photo of that year */
  year: filterInt(1900, 3000).optional(),
  sort: z.enum(FINDING_SORTS, field('FINDING_FILTER_INVALID')).default('severity'),
  order: z.enum(['asc', 'desc'], field('FINDING_FILTER_INVALID')).optional(),
});
export type FindingListQuery = z.infer<typeof findingListQuerySchema>;

export const FINDING_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type FindingExportFormat = (typeof FINDING_EXPORT_FORMATS)[number];
export const findingExportFormatSchema = z.enum(FINDING_EXPORT_FORMATS, field('FINDING_FILTER_INVALID')).default('csv');
/** GET /turbines/{id}/findings/export: the list's own filters and sort (issue 24 item 2: the file holds what the list
 *  shows, in its order); none: every finding of the turbine. */
export const findingExportQuerySchema = findingListQuerySchema.extend({ format: findingExportFormatSchema });
export type FindingExportQuery = z.infer<typeof findingExportQuerySchema>;
// GET /findings/export (the fleet's findings, with the fleet list's filters): fleet-findings.ts

// ---------- answers ----------

const timestamp = z.string();
export const findingSchema = z.object({
  id,
  turbine_id: id,
  blade: bladeSchema,
  surface: z.enum(FINDING_SURFACES),
  room: z.number().int().nullable(),
  distance_from_root_m: z.number().nullable(),
  type: z.enum(FINDING_TYPES),
  severity: z.number().int().min(1).max(5),
  depth_class: z.number().int().nullable(),
  length_mm: z.number().nullable(),
  width_mm: z.number().nullable(),
  notes: z.string().nullable(),
  status: z.enum(FINDING_STATUSES),
  due_date: z.string().nullable(),
  overdue: z.boolean(),
  created_by: id.nullable(),
  created_by_name: z.string().nullable(),
  repaired_by: id.nullable(),
  version: z.number().int(),
  first_seen_year: z.number().int(),
  last_seen_year: z.number().int(),
  observation_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Finding = z.infer<typeof findingSchema>;

export const observationSchema = z.object({
  id,
  finding_id: id,
  photo_id: id,
  kind: z.enum(OBSERVATION_KINDS),
  geometry: geometrySchema,
  severity: z.number().int(),
  length_mm: z.number().nullable(),
  width_mm: z.number().nullable(),
  notes: z.string().nullable(),
  year: z.number().int(),
  photo: z.object({
    key: z.string(),
    original_name: z.string(),
    category: photoCategorySchema.nullable(),
    blade: bladeSchema.nullable(),
    room: z.number().int().nullable(),
    year: z.number().int(),
  }),
  /** the evidence crop (WebP), a signed URL; null when the photo could not be cut */
  crop_url: z.string().nullable(),
  created_by: id.nullable(),
  created_by_name: z.string().nullable(),
  created_at: timestamp,
});
export type Observation = z.infer<typeof observationSchema>;

/** linked: the sightings of a later finding moved into this earlier one (the later one removed, its history kept in
 *  the event); link_dismissed: a suggested earlier finding refused (never offered again for this pair). */
export const FINDING_EVENT_KINDS = [
  'created',
  'updated',
  'status',
  'observation_added',
  'observation_removed',
  'linked',
  'link_dismissed',
] as const;
export const findingEventSchema = z.object({
  id,
  kind: z.enum(FINDING_EVENT_KINDS),
  actor_id: id.nullable(),
  actor_name: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  created_at: timestamp,
});
export type FindingEvent = z.infer<typeof findingEventSchema>;

export const findingDetailSchema = findingSchema.extend({
  observations: z.array(observationSchema),
  events: z.array(findingEventSchema),
  /** the statuses the signed-in user may move it to now */
  transitions: z.array(z.enum(FINDING_STATUSES)),
});
export type FindingDetail = z.infer<typeof findingDetailSchema>;

/** GET /turbines/{id}/photos/{photoId}/findings: the shapes drawn on one photo, for overlays. */
export const photoFindingSchema = z.object({
  observation_id: id,
  finding_id: id,
  kind: z.enum(OBSERVATION_KINDS),
  geometry: geometrySchema,
  observation_severity: z.number().int(),
  type: z.enum(FINDING_TYPES),
  severity: z.number().int(),
  status: z.enum(FINDING_STATUSES),
});
export type PhotoFinding = z.infer<typeof photoFindingSchema>;

export const findingParamsSchema = z.object({ id: z.string().max(20), findingId: z.string().max(20) });
export const observationParamsSchema = z.object({
  id: z.string().max(20),
  findingId: z.string().max(20),
  observationId: z.string().max(20),
});
export const photoFindingsParamsSchema = z.object({ id: z.string().max(20), photoId: z.string().max(20) });

// ---------- linking sightings across years (issue 16) ----------

/** An earlier finding is suggested for a later sighting within this many metres of distance from the root. */
export const LINK_DISTANCE_TOLERANCE_M = 1;
export const LINK_SUGGESTIONS_MAX = 10;

const LINK = field('FINDING_LINK_INVALID');
/** POST /turbines/{id}/findings/suggestions: the placement being drawn (the mark form). */
export const linkPlacementBodySchema = z
  .strictObject({
    blade: z.enum(BLADES, LINK),
    surface: z.enum(FINDING_SURFACES, LINK),
    room: z.number(LINK).int(LINK).min(1, LINK).max(UPLOAD_ROOM_CHOICES, LINK).nullish(),
    distance_from_root_m: z.number(LINK).min(0, LINK).max(200, LINK),
    type: z.enum(FINDING_TYPES, LINK),
    year: z.number(LINK).int(LINK).min(1900, LINK).max(3000, LINK),
  })
  .refine(interiorHasRoom, { error: 'FINDING_LINK_INVALID', path: ['room'] });
export type LinkPlacement = z.input<typeof linkPlacementBodySchema>;

/** POST /turbines/{id}/findings/{findingId}/link: move this finding's sightings into the earlier `target_id` (same
 *  blade and surface, same room inside; neither rejected). A reviewer's step unless it is the caller's own draft
 *  (can 'finding.link' on this finding); the target keeps its status and due date. */
export const linkFindingBodySchema = z.strictObject({
  target_id: id,
  /** the version of this (the later) finding the user saw, always: a stale one is 409 */
  version: updateFindingBodySchema.shape.version,
});
export type LinkFindingBody = z.input<typeof linkFindingBodySchema>;

export const linkSuggestionSchema = z.object({
  finding: findingSchema,
  /** |target distance - placement distance| in metres */
  distance_delta_m: z.number(),
  same_type: z.boolean(),
  /** the evidence crop of its latest sighting, a signed URL */
  crop_url: z.string().nullable(),
});
export type LinkSuggestion = z.infer<typeof linkSuggestionSchema>;

export const linkDismissParamsSchema = z.object({ id: z.string().max(20), findingId: z.string().max(20), targetId: z.string().max(20) });
export const linkReviewQuerySchema = z.object({ year: filterInt(1900, 3000) });
/** GET /turbines/{id}/findings/link-review?year=: every unlinked finding first seen that year with its suggestions. */
export const linkReviewItemSchema = z.object({ finding: findingSchema, suggestions: z.array(linkSuggestionSchema) });
export type LinkReviewItem = z.infer<typeof linkReviewItemSchema>;

/** Order of suggestions: the same type first, then the nearest (distance difference), then the most recently seen. */
export function compareLinkSuggestions(
  a: { same_type: boolean; distance_delta_m: number; last_seen_year: number; id: number },
  b: { same_type: boolean; distance_delta_m: number; last_seen_year: number; id: number },
): number {
  if (a.same_type !== b.same_type) return a.same_type ? -1 : 1;
  if (a.distance_delta_m !== b.distance_delta_m) return a.distance_delta_m - b.distance_delta_m;
  if (a.last_seen_year !== b.last_seen_year) return b.last_seen_year - a.last_seen_year;
  return b.id - a.id;
}

// ---------- growth ----------

export interface FindingGrowth {
  first_year: number;
  last_year: number;
  first_length_mm: number;
  last_length_mm: number;
  /** (last length - first length) / years between them; null when both sizes are of the same year */
  mm_per_year: number | null;
}

/** Growth from the first and the last sighting with a length (by photo year, then the order given): null with fewer
 *  than one sized sighting. Repair evidence does not count. */
export function findingGrowth(observations: readonly { year: number; length_mm: number | null; kind?: string }[]): FindingGrowth | null {
  const sized = observations
    .map((o, i) => ({ o, i }))
    .filter(({ o }) => o.length_mm != null && Number.isFinite(o.length_mm) && (o.kind ?? 'sighting') === 'sighting')
    .sort((a, b) => a.o.year - b.o.year || a.i - b.i);
  const first = sized[0]?.o;
  const last = sized[sized.length - 1]?.o;
  if (!first || !last || first.length_mm == null || last.length_mm == null) return null;
  const years = last.year - first.year;
  return {
    first_year: first.year,
    last_year: last.year,
    first_length_mm: first.length_mm,
    last_length_mm: last.length_mm,
    mm_per_year: years > 0 ? (last.length_mm - first.length_mm) / years : null,
  };
}
