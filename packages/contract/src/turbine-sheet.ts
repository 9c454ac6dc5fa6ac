import { z } from 'zod';
import { MAX_ROW_ID } from './constants.ts';
import { TURBINE_ASSET_FIELDS, TURBINE_ASSET_LABELS, type TurbineAssetField } from './turbine-assets.ts';
import { turbineFilterQuerySchema } from './turbine-filters.ts';

/** The turbine export's columns, which its import reads back (issue 27 item 4): one list, so the two cannot drift. */
export type TurbineSheetColumn =
  | 'code'
  | 'turbine_name'
  | 'city'
  | 'location'
  | 'site_name'
  | 'coordinates'
  | 'rooms'
  | 'status'
  | 'company'
  | TurbineAssetField;

export const TURBINE_SHEET_LABELS: Record<TurbineSheetColumn, { tr: string; en: string }> = {
  code: { tr: 'Kod', en: 'Code' },
  turbine_name: { tr: 'Türbin adı', en: 'Turbine name' },
  city: { tr: 'Şehir', en: 'City' },
  location: { tr: 'Konum', en: 'Location' },
  site_name: { tr: 'Saha adı', en: 'Site name' },
  coordinates: { tr: 'Koordinatlar', en: 'Coordinates' },
  rooms: { tr: 'Oda sayısı', en: 'Rooms' },
  status: { tr: 'Durum', en: 'Status' },
  company: { tr: 'Şirket', en: 'Company' },
  ...TURBINE_ASSET_LABELS,
};

export const TURBINE_SHEET_COLUMNS: readonly TurbineSheetColumn[] = [
  'code',
  'turbine_name',
  'city',
  'location',
  'site_name',
  'coordinates',
  'rooms',
  'status',
  'company',
  ...TURBINE_ASSET_FIELDS,
];

const FORMAT = { error: 'FINDING_FILTER_INVALID' } as const;
/** GET /turbines/export: the turbines the dashboard lists for its filters, CSV or XLSX. */
export const turbineExportQuerySchema = turbineFilterQuerySchema.extend({ format: z.enum(['csv', 'xlsx'], FORMAT) });
export type TurbineExportQuery = z.infer<typeof turbineExportQuerySchema>;

/** POST /turbines/import (multipart, one file "file"): dry_run=true checks and answers each row; false applies all or
 *  nothing. company_id: the superadmin's choice of company (everyone else imports into their own). */
export const turbineImportQuerySchema = z.object({
  dry_run: z.enum(['true', 'false'], { error: 'VALIDATION' }).default('true'),
  company_id: z.coerce.number({ error: 'TURBINE_COMPANY_REQUIRED' }).int().positive().max(MAX_ROW_ID).optional(),
});

export const TURBINE_IMPORT_OUTCOMES = ['new', 'changed', 'unchanged', 'refused'] as const;
export type TurbineImportOutcome = (typeof TURBINE_IMPORT_OUTCOMES)[number];

export const turbineImportRowSchema = z.object({
  /** the row's line in the file (the header is line 1) */
  line: z.number().int(),
  code: z.string(),
  outcome: z.enum(TURBINE_IMPORT_OUTCOMES),
  /** changed: the columns whose value changes, named in the request's language */
  changes: z.array(z.string()),
  /** refused: each field named in the request's language, with the reason */
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type TurbineImportRow = z.infer<typeof turbineImportRowSchema>;

export const turbineImportResultSchema = z.object({
  dry_run: z.boolean(),
  applied: z.boolean(),
  counts: z.object({ new: z.number().int(), changed: z.number().int(), unchanged: z.number().int(), refused: z.number().int() }),
  /** headers the import does not know, left out (named as in the file) */
  ignored_columns: z.array(z.string()),
  rows: z.array(turbineImportRowSchema),
});
export type TurbineImportResult = z.infer<typeof turbineImportResultSchema>;

/** The most rows one file may hold. */
export const TURBINE_IMPORT_MAX_ROWS = 10_000;
/** and its size */
export const TURBINE_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
