import {
  type Language,
  TURBINE_ASSET_FIELDS,
  TURBINE_ASSET_LABELS,
  TURBINE_ASSET_NUMBER_FIELDS,
  type TurbineAssetField,
  type TurbineAssetNumberField,
  type TurbineAssets,
} from '@windscope/contract';
import { formatDate, formatNumber } from '../../i18n/format.ts';

/** What the form holds of the asset data: text as typed, numbers as typed (or ''), the date as YYYY-MM-DD or ''. */
export type AssetFormValues = { [K in TurbineAssetField]: K extends TurbineAssetNumberField ? number | '' : string };

const isNumberField = (field: TurbineAssetField): field is TurbineAssetNumberField =>
  (TURBINE_ASSET_NUMBER_FIELDS as readonly string[]).includes(field);

export function emptyAssetForm(): AssetFormValues {
  return assetFormFrom(null);
}

export function assetFormFrom(assets: TurbineAssets | null): AssetFormValues {
  const values: Record<string, string | number> = {};
  for (const field of TURBINE_ASSET_FIELDS) values[field] = assets?.[field] ?? '';
  return values as AssetFormValues;
}

/** The body's asset fields: '' becomes null (none), so an edit can clear a value. */
export type AssetBody = { [K in TurbineAssetField]: K extends TurbineAssetNumberField ? number | null : string | null };
export function assetBody(values: AssetFormValues): AssetBody {
  const body: Record<string, string | number | null> = {};
  for (const field of TURBINE_ASSET_FIELDS) {
    const value = values[field];
    body[field] = typeof value === 'number' ? value : value.trim() === '' ? null : isNumberField(field) ? Number.NaN : value.trim();
  }
  return body as AssetBody;
}

export const assetLabel = (field: TurbineAssetField, language: Language) => TURBINE_ASSET_LABELS[field][language];

/** A value as the page, the list and the card show it; null when unknown. */
export function assetText(assets: TurbineAssets, field: TurbineAssetField, language: Language): string | null {
  const value = assets[field];
  if (value === null || value === '') return null;
  if (typeof value === 'number') return formatNumber(value, language, { maximumFractionDigits: 2 });
  if (field === 'commissioning_date') return formatDate(`${value}T00:00:00Z`, language, { dateStyle: 'medium', timeZone: 'UTC' });
  return value;
}
