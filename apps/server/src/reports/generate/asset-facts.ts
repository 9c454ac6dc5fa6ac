import { type Language, TURBINE_ASSET_FIELDS, TURBINE_ASSET_LABELS, type TurbineAssets } from '@windscope/contract';
import { reportDate, reportNumber } from './strings.ts';

/** The turbine data table's asset rows (issue 27): only the facts that are known, each in the report's language. */
export function assetFacts(assets: TurbineAssets, language: Language): [string, string][] {
  const rows: [string, string][] = [];
  for (const field of TURBINE_ASSET_FIELDS) {
    const value = assets[field];
    if (value === null || value === '') continue;
    const shown =
      typeof value === 'number' ? reportNumber(language, value, 2) : field === 'commissioning_date' ? reportDate(language, value) : value;
    rows.push([TURBINE_ASSET_LABELS[field][language], shown]);
  }
  return rows;
}
