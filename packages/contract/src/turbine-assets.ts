import { z } from 'zod';
import type { TurbineStatus } from './constants.ts';
import type { TextFieldName } from './text-field-names.ts';
import { singleLineText } from './text-fields.ts';

/** A turbine's asset data (DECISIONS §18, issue 27 item 1): all optional. One list of fields, read by the API's schemas,
 *  the form, the turbine page, the dashboard's columns, the turbine export and its import. */

export const TURBINE_ASSET_TEXT_FIELDS = [
  'manufacturer',
  'model',
  'blade_type',
  'blade_serial_a',
  'blade_serial_b',
  'blade_serial_c',
] as const;
export const TURBINE_ASSET_NUMBER_FIELDS = ['rated_power_kw', 'hub_height_m', 'rotor_diameter_m', 'blade_length_m'] as const;
export type TurbineAssetTextField = (typeof TURBINE_ASSET_TEXT_FIELDS)[number];
export type TurbineAssetNumberField = (typeof TURBINE_ASSET_NUMBER_FIELDS)[number];
export type TurbineAssetField = TurbineAssetTextField | TurbineAssetNumberField | 'commissioning_date';

/** In the order the form, the page and the export show them. */
export const TURBINE_ASSET_FIELDS: readonly TurbineAssetField[] = [
  'manufacturer',
  'model',
  'rated_power_kw',
  'hub_height_m',
  'rotor_diameter_m',
  'blade_length_m',
  'blade_type',
  'commissioning_date',
  'blade_serial_a',
  'blade_serial_b',
  'blade_serial_c',
];

export const TURBINE_ASSET_LABELS: Record<TurbineAssetField, { tr: string; en: string }> = {
  manufacturer: { tr: 'Üretici', en: 'Manufacturer' },
  model: { tr: 'Model', en: 'Model' },
  rated_power_kw: { tr: 'Nominal güç (kW)', en: 'Rated power (kW)' },
  hub_height_m: { tr: 'Göbek yüksekliği (m)', en: 'Hub height (m)' },
  rotor_diameter_m: { tr: 'Rotor çapı (m)', en: 'Rotor diameter (m)' },
  blade_length_m: { tr: 'Kanat uzunluğu (m)', en: 'Blade length (m)' },
  blade_type: { tr: 'Kanat tipi', en: 'Blade type' },
  commissioning_date: { tr: 'İşletmeye alma tarihi', en: 'Commissioning date' },
  blade_serial_a: { tr: 'Kanat A seri no', en: 'Blade A serial number' },
  blade_serial_b: { tr: 'Kanat B seri no', en: 'Blade B serial number' },
  blade_serial_c: { tr: 'Kanat C seri no', en: 'Blade C serial number' },
};

/** The turbine statuses' names, for the export and the import (the web app names them in its own catalog too). */
export const TURBINE_STATUS_LABELS: Record<TurbineStatus, { tr: string; en: string }> = {
  active: { tr: 'Aktif', en: 'Active' },
  maintenance: { tr: 'Bakımda', en: 'Maintenance' },
  faulty: { tr: 'Arızalı', en: 'Faulty' },
  offline: { tr: 'Çevrimdışı', en: 'Offline' },
  inactive: { tr: 'Pasif', en: 'Inactive' },
  unknown: { tr: 'Bilinmiyor', en: 'Unknown' },
};

/** Upper bounds a real turbine stays far below (the largest rotors are ~300 m); zero and negatives are refused. */
export const TURBINE_ASSET_LIMITS: Record<TurbineAssetNumberField, { max: number; code: string }> = {
  rated_power_kw: { max: 30_000, code: 'TURBINE_RATED_POWER_INVALID' },
  hub_height_m: { max: 300, code: 'TURBINE_HUB_HEIGHT_INVALID' },
  rotor_diameter_m: { max: 400, code: 'TURBINE_ROTOR_DIAMETER_INVALID' },
  blade_length_m: { max: 200, code: 'TURBINE_BLADE_LENGTH_INVALID' },
};

const TEXT_FIELD_OF: Record<TurbineAssetTextField, { max: number; name: TextFieldName }> = {
  manufacturer: { max: 120, name: 'MANUFACTURER' },
  model: { max: 120, name: 'MODEL' },
  blade_type: { max: 120, name: 'BLADE_TYPE' },
  blade_serial_a: { max: 80, name: 'BLADE_SERIAL_NUMBER' },
  blade_serial_b: { max: 80, name: 'BLADE_SERIAL_NUMBER' },
  blade_serial_c: { max: 80, name: 'BLADE_SERIAL_NUMBER' },
};
export const turbineAssetTextMax = (field: TurbineAssetTextField) => TEXT_FIELD_OF[field].max;

const assetText = (field: TurbineAssetTextField) =>
  singleLineText(z.string().trim().max(TEXT_FIELD_OF[field].max, { error: 'VALIDATION' }), TEXT_FIELD_OF[field].name).nullish();

const assetNumber = (field: TurbineAssetNumberField) => {
  const { max, code } = TURBINE_ASSET_LIMITS[field];
  return z.number({ error: code }).finite({ error: code }).gt(0, { error: code }).max(max, { error: code }).nullish();
};

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar day "YYYY-MM-DD" between 1950 and 2100 (no 31 February). */
export function isCommissioningDate(text: string): boolean {
  const m = DATE_SHAPE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1950 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
const DATE = { error: 'TURBINE_COMMISSIONING_DATE_INVALID' } as const;
/** '' means none, as in the other optional fields */
const commissioningDate = z
  .string(DATE)
  .trim()
  .max(10, DATE)
  .refine((s) => s === '' || isCommissioningDate(s), DATE)
  .nullish();

/** The asset fields of the create and update bodies: absent = unchanged (update), null or '' = none. */
export const turbineAssetBodyFields = {
  manufacturer: assetText('manufacturer'),
  model: assetText('model'),
  rated_power_kw: assetNumber('rated_power_kw'),
  hub_height_m: assetNumber('hub_height_m'),
  rotor_diameter_m: assetNumber('rotor_diameter_m'),
  blade_length_m: assetNumber('blade_length_m'),
  blade_type: assetText('blade_type'),
  commissioning_date: commissioningDate,
  blade_serial_a: assetText('blade_serial_a'),
  blade_serial_b: assetText('blade_serial_b'),
  blade_serial_c: assetText('blade_serial_c'),
};

/** What the API answers on every turbine. */
export const turbineAssetSchema = z.object({
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  rated_power_kw: z.number().nullable(),
  hub_height_m: z.number().nullable(),
  rotor_diameter_m: z.number().nullable(),
  blade_length_m: z.number().nullable(),
  blade_type: z.string().nullable(),
  commissioning_date: z.string().nullable(),
  blade_serial_a: z.string().nullable(),
  blade_serial_b: z.string().nullable(),
  blade_serial_c: z.string().nullable(),
});
export type TurbineAssets = z.infer<typeof turbineAssetSchema>;

export const NO_TURBINE_ASSETS: TurbineAssets = {
  manufacturer: null,
  model: null,
  rated_power_kw: null,
  hub_height_m: null,
  rotor_diameter_m: null,
  blade_length_m: null,
  blade_type: null,
  commissioning_date: null,
  blade_serial_a: null,
  blade_serial_b: null,
  blade_serial_c: null,
};

/** The strip maps' axis (root to tip) in metres: the blade's length when known, else the furthest finding rounded up;
 *  a finding recorded beyond the stated length (a typing slip in one or the other) still gets a place on it. */
export function stripAxisLength(bladeLengthM: number | null | undefined, findingDistances: readonly (number | null)[]): number {
  const furthest = Math.max(0, ...findingDistances.map((d) => d ?? 0));
  if (bladeLengthM && bladeLengthM > 0) return furthest > bladeLengthM ? Math.ceil(furthest) : bladeLengthM;
  return Math.max(10, Math.ceil((furthest * 1.05) / 10) * 10);
}
