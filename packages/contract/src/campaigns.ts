/**
 * Inspection campaigns (issue 17, item 1): a company's turbines, the methods to capture them with, planned dates and a
 * year; the board derives each turbine's state from the data:
 *   planned -> captured (a photo of the year for each planned method) -> coverage_complete (no empty coverage cell of the
 *   planned methods, or each one waived with a reason) -> reviewed (no draft finding seen in the year) -> report_issued
 *   (a report of the turbine for the campaign's year). The steps are sequential: a turbine is at the last step whose
 *   condition holds together with every earlier one's.
 * A waiver covers one coverage cell (a blade of drone/operator/robot; a blade's room for interior 360°), a blade's every
 * room (interior, no room) or a whole method (no blade): who, why and when are kept; removing one keeps it as history (who removed it, when).
 */
import { z } from 'zod';
import { BLADES, MAX_ROW_ID, UPLOAD_ROOM_CHOICES } from './constants.ts';
import { multiLineText, singleLineText } from './text-fields.ts';

export const CAMPAIGN_METHODS = ['drone', 'operator', 'robot', 'interior'] as const;
export type CampaignMethod = (typeof CAMPAIGN_METHODS)[number];
export const CAMPAIGN_STATES = ['planned', 'captured', 'coverage_complete', 'reviewed', 'report_issued'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const CAMPAIGN_NAME_MAX_LENGTH = 120;
export const CAMPAIGN_WAIVER_REASON_MAX_LENGTH = 500;
export const CAMPAIGN_TURBINES_MAX = 500;
export const CAMPAIGN_YEAR_MIN = 2000;
export const CAMPAIGN_YEAR_MAX = 2100;

const field = (code: string) => ({ error: code }) as const;
const id = z.number(field('VALIDATION')).int(field('VALIDATION')).positive(field('VALIDATION')).max(MAX_ROW_ID, field('VALIDATION'));
const nameSchema = singleLineText(
  z
    .string(field('CAMPAIGN_NAME_REQUIRED'))
    .trim()
    .min(1, field('CAMPAIGN_NAME_REQUIRED'))
    .max(CAMPAIGN_NAME_MAX_LENGTH, field('CAMPAIGN_NAME_TOO_LONG')),
  'CAMPAIGN_NAME',
);
const yearSchema = z
  .number(field('CAMPAIGN_YEAR_INVALID'))
  .int(field('CAMPAIGN_YEAR_INVALID'))
  .min(CAMPAIGN_YEAR_MIN, field('CAMPAIGN_YEAR_INVALID'))
  .max(CAMPAIGN_YEAR_MAX, field('CAMPAIGN_YEAR_INVALID'));
const methodSchema = z.enum(CAMPAIGN_METHODS, field('CAMPAIGN_METHODS_REQUIRED'));
const methodsSchema = z
  .array(methodSchema, field('CAMPAIGN_METHODS_REQUIRED'))
  .min(1, field('CAMPAIGN_METHODS_REQUIRED'))
  .max(CAMPAIGN_METHODS.length, field('CAMPAIGN_METHODS_REQUIRED'))
  .refine((m) => new Set(m).size === m.length, field('CAMPAIGN_METHODS_REQUIRED'));
export const isCalendarDate = (s: string): boolean => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01' && s <= '2100-12-31';
};
const dateSchema = z
  .string(field('CAMPAIGN_DATES_INVALID'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, field('CAMPAIGN_DATES_INVALID'))
  .refine(isCalendarDate, field('CAMPAIGN_DATES_INVALID'));
const turbineIdsSchema = z
  .array(id, field('CAMPAIGN_TURBINES_REQUIRED'))
  .min(1, field('CAMPAIGN_TURBINES_REQUIRED'))
  .max(CAMPAIGN_TURBINES_MAX, field('CAMPAIGN_TURBINES_TOO_MANY'));
const datesInOrder = (b: { planned_start?: string; planned_end?: string }) =>
  b.planned_start === undefined || b.planned_end === undefined || b.planned_start <= b.planned_end;
const DATES_ORDER = { error: 'CAMPAIGN_DATES_ORDER', path: ['planned_end'] };

/** POST /api/campaigns. `company_id`: the superadmin names the company; a manager's campaign is of their own company. */
export const createCampaignBodySchema = z
  .strictObject({
    name: nameSchema,
    company_id: id.optional(),
    year: yearSchema,
    methods: methodsSchema,
    planned_start: dateSchema,
    planned_end: dateSchema,
    turbine_ids: turbineIdsSchema,
  })
  .refine(datesInOrder, DATES_ORDER);
export type CreateCampaignBody = z.input<typeof createCampaignBodySchema>;

/** PUT /api/campaigns/{id}: any of the fields; the company never changes. A turbine taken out keeps its waivers as
 *  history (they count again if it comes back). */
export const updateCampaignBodySchema = z
  .strictObject({
    name: nameSchema.optional(),
    year: yearSchema.optional(),
    methods: methodsSchema.optional(),
    planned_start: dateSchema.optional(),
    planned_end: dateSchema.optional(),
    turbine_ids: turbineIdsSchema.optional(),
  })
  .refine(datesInOrder, DATES_ORDER);
export type UpdateCampaignBody = z.input<typeof updateCampaignBodySchema>;

/** POST /api/campaigns/{id}/waivers: no blade = the whole method; a blade = that blade's cell (drone, operator, robot)
 *  or every room of that blade (interior); a room only for interior, with its blade. */
export const campaignWaiverBodySchema = z
  .strictObject({
    turbine_id: id,
    method: z.enum(CAMPAIGN_METHODS, field('CAMPAIGN_WAIVER_CELL_INVALID')),
    blade: z.enum(BLADES, field('CAMPAIGN_WAIVER_CELL_INVALID')).nullish(),
    room: z
      .number(field('CAMPAIGN_WAIVER_CELL_INVALID'))
      .int(field('CAMPAIGN_WAIVER_CELL_INVALID'))
      .min(1, field('CAMPAIGN_WAIVER_CELL_INVALID'))
      .max(UPLOAD_ROOM_CHOICES, field('CAMPAIGN_WAIVER_CELL_INVALID'))
      .nullish(),
    reason: multiLineText(
      z
        .string(field('CAMPAIGN_WAIVER_REASON_REQUIRED'))
        .trim()
        .min(1, field('CAMPAIGN_WAIVER_REASON_REQUIRED'))
        .max(CAMPAIGN_WAIVER_REASON_MAX_LENGTH, field('CAMPAIGN_WAIVER_REASON_TOO_LONG')),
      'REASON',
    ),
  })
  .refine((w) => w.room == null || (w.method === 'interior' && w.blade != null), { error: 'CAMPAIGN_WAIVER_CELL_INVALID', path: ['room'] });
export type CampaignWaiverBody = z.input<typeof campaignWaiverBodySchema>;

export const campaignListQuerySchema = z.object({
  /** superadmin only (as the turbine list's) */
  filter_company_id: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
});

// ---------- answers ----------

export const campaignSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  year: z.number().int(),
  methods: z.array(z.enum(CAMPAIGN_METHODS)),
  planned_start: z.string(),
  planned_end: z.string(),
  turbine_ids: z.array(z.number().int()),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** One coverage cell: a blade of a source method, a blade's room for interior; neither = the whole method. */
export const campaignCellSchema = z.object({ blade: z.enum(BLADES).nullable(), room: z.number().int().nullable() });
export type CampaignCell = z.infer<typeof campaignCellSchema>;

export const campaignWaiverSchema = z.object({
  id: z.number().int(),
  turbine_id: z.number().int(),
  method: z.enum(CAMPAIGN_METHODS),
  blade: z.enum(BLADES).nullable(),
  room: z.number().int().nullable(),
  reason: z.string(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  removed_by_name: z.string().nullable(),
  removed_at: z.string().nullable(),
});
export type CampaignWaiver = z.infer<typeof campaignWaiverSchema>;

export const campaignMethodStatusSchema = z.object({
  method: z.enum(CAMPAIGN_METHODS),
  /** photos of the year of this method */
  photo_count: z.number().int(),
  /** at least one photo, or the whole method waived */
  captured: z.boolean(),
  /** the whole method is waived */
  waived: z.boolean(),
  /** coverage cells of this method with no photo and no waiver */
  missing: z.array(campaignCellSchema),
  /** empty cells a waiver covers */
  waived_cells: z.number().int(),
});
export type CampaignMethodStatus = z.infer<typeof campaignMethodStatusSchema>;

export const campaignBoardRowSchema = z.object({
  turbine_id: z.number().int(),
  code: z.string(),
  turbine_name: z.string().nullable(),
  name: z.string().nullable(),
  site_name: z.string().nullable(),
  rooms: z.number().int(),
  state: z.enum(CAMPAIGN_STATES),
  methods: z.array(campaignMethodStatusSchema),
  /** missing cells over the planned methods */
  missing_count: z.number().int(),
  /** draft findings seen in the campaign's year; null for who may not see drafts (customers, viewers) */
  drafts: z.number().int().nullable(),
  /** the newest report of the turbine for the campaign's year */
  report: z.object({ id: z.number().int(), name: z.string(), created_at: z.string() }).nullable(),
  /** the findings of the year changed after that report (reviewed, re-rated, planned, repaired, linked, added): it no
   *  longer says what is known, so it does not count as issued (issue 24 item 11); null when it is current or absent */
  report_outdated: z.object({ changed_findings: z.number().int(), last_change_at: z.string() }).nullable(),
});
export type CampaignBoardRow = z.infer<typeof campaignBoardRowSchema>;

export const campaignBoardSchema = z.object({
  campaign: campaignSchema,
  rows: z.array(campaignBoardRowSchema),
  /** turbines that reached each state (a turbine at "reviewed" counts for planned, captured and coverage_complete too) */
  reached: z.object(Object.fromEntries(CAMPAIGN_STATES.map((s) => [s, z.number().int()])) as Record<CampaignState, z.ZodNumber>),
  /** active waivers first, then removed ones (history) */
  waivers: z.array(campaignWaiverSchema),
});
export type CampaignBoard = z.infer<typeof campaignBoardSchema>;

/** The state a turbine is at, from its facts: each step needs every earlier one. */
export function campaignState(facts: {
  captured: boolean;
  coverageComplete: boolean;
  drafts: number;
  reportIssued: boolean;
}): CampaignState {
  if (!facts.captured) return 'planned';
  if (!facts.coverageComplete) return 'captured';
  if (facts.drafts > 0) return 'coverage_complete';
  if (!facts.reportIssued) return 'reviewed';
  return 'report_issued';
}

/** Whether a waiver covers this cell of a method: a whole-method waiver covers every cell. */
export function waiverCovers(
  waiver: { method: CampaignMethod; blade: string | null; room: number | null },
  method: CampaignMethod,
  cell: CampaignCell,
): boolean {
  if (waiver.method !== method) return false;
  if (waiver.blade === null) return true;
  // an interior waiver of a blade without a room covers all of that blade's rooms
  return waiver.blade === cell.blade && (waiver.room === null || waiver.room === cell.room);
}
