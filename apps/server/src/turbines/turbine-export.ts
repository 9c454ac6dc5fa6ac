import writeXlsxFile from 'write-excel-file/node';
import {
  type Actor,
  applyTurbineFilters,
  can,
  indexTurbines,
  type Language,
  seesAllCompanies,
  TURBINE_SHEET_COLUMNS,
  TURBINE_SHEET_LABELS,
  TURBINE_STATUS_LABELS,
  type Turbine,
  type TurbineExportQuery,
  type TurbineSheetColumn,
  todayOf,
  turbineFiltersOfQuery,
} from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { type Cell, csvField, type ExportFile, neutralise } from '../findings/export.ts';
import { forbidden } from '../http/errors.ts';
import { listTurbines } from './service.ts';

/** The turbines the dashboard lists for its filters with their asset data, as CSV (UTF-8 with BOM) or XLSX (issue 27):
 *  the header row, then one row per turbine; TURBINE_SHEET_COLUMNS, which the import reads back. */

function cellOf(turbine: Turbine, column: TurbineSheetColumn, lang: Language): Cell {
  switch (column) {
    case 'status':
      return TURBINE_STATUS_LABELS[turbine.status][lang];
    case 'company':
      return turbine.company_name;
    case 'coordinates':
      return turbine.coordinates ?? turbine.coordinates_unreadable;
    default:
      return turbine[column] ?? null;
  }
}

export function turbineSheetRows(turbines: readonly Turbine[], lang: Language): Cell[][] {
  return turbines.map((turbine) => TURBINE_SHEET_COLUMNS.map((column) => cellOf(turbine, column, lang)));
}

export async function exportTurbines(ctx: AppContext, actor: Actor, query: TurbineExportQuery, lang: Language): Promise<ExportFile> {
  if (!can(actor, 'turbine.read')) throw forbidden();
  const companyId = seesAllCompanies(actor) ? query.filter_company_id : actor.companyId;
  const turbines = applyTurbineFilters(indexTurbines(await listTurbines(ctx, companyId, todayOf(ctx.now()))), turbineFiltersOfQuery(query));
  const header = TURBINE_SHEET_COLUMNS.map((column) => TURBINE_SHEET_LABELS[column][lang]);
  const rows = turbineSheetRows(turbines, lang);
  const filename = `turbines-${todayOf(ctx.now())}.${query.format}`;
  if (query.format === 'csv') {
    const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
    return { bytes: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'), contentType: 'text/csv; charset=utf-8', filename };
  }
  const text = (cell: Cell) => (cell === null ? null : typeof cell === 'number' ? cell : neutralise(cell));
  const bytes = await writeXlsxFile([
    {
      data: [header.map((value) => ({ value, fontWeight: 'bold' as const })), ...rows.map((row) => row.map(text))],
      sheet: lang === 'tr' ? 'Türbinler' : 'Turbines',
    },
  ]).toBuffer();
  return { bytes, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename };
}
