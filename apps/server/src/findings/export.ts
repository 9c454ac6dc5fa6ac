import { and, eq, type SQL } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import {
  type Actor,
  type FindingExportFormat,
  type FindingExportQuery,
  type FleetFindingExportQuery,
  FINDING_STATUS_LABELS,
  FINDING_SURFACE_LABELS,
  FINDING_TYPE_LABELS,
  type FindingStatus,
  type FindingSurface,
  type FindingType,
  isOverdue,
  type Language,
  roomLabel,
  seesAllCompanies,
  SEVERITY_SCALE,
  type Severity,
  todayOf,
} from '@windscope/contract';
import type { AppContext } from '../context.ts';
import { companies, findings, turbines, users } from '../db/schema.ts';
import { turbineFor, visibleStatuses } from './access.ts';
import { FLEET_FINDING_ORDER, fleetFindingConditions } from './fleet.ts';
import { exportWords, type FilterLine, filterSummary, findingFilterLines, fleetFilterLines } from './export-filter-names.ts';
import { findingColumns, type FindingRecord } from './presenter.ts';
import { findingFilter, findingOrder } from './service.ts';

/** CSV (UTF-8 with BOM, so spreadsheet programs read Turkish letters) and XLSX exports of findings (§12), with TR/EN
 *  headers and labels. XLSX by write-excel-file: one dependency (fflate), Node 18+, ~3 MB installed, maintained; exceljs
 *  pulls nine packages (archiver, unzipper, jszip...) for reading and styling we do not need. */

/** A text cell a spreadsheet could take for a formula (= + - @, tab, carriage return at the start) gets a leading
 *  apostrophe: shown as text, never run (OWASP CSV injection). */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export type Cell = string | number | null;
const HEADERS: Record<Language, string[]> = {
  tr: [
    'No',
    'Türbin',
    'Kanat',
    'Yüzey',
    'Oda',
    'Kökten uzaklık (m)',
    'Tür',
    'Önem',
    'Önem adı',
    'Durum',
    'Son tarih',
    'Gecikmiş',
    'İlk görülme',
    'Son görülme',
    'Gözlem',
    'Uzunluk (mm)',
    'Genişlik (mm)',
    'Derinlik sınıfı',
    'Notlar',
    'Kaydeden',
    'Oluşturulma',
    'Güncellenme',
  ],
  en: [
    'No',
    'Turbine',
    'Blade',
    'Surface',
    'Room',
    'Distance from root (m)',
    'Type',
    'Severity',
    'Severity name',
    'Status',
    'Due date',
    'Overdue',
    'First seen',
    'Last seen',
    'Observations',
    'Length (mm)',
    'Width (mm)',
    'Depth class',
    'Notes',
    'Recorded by',
    'Created',
    'Updated',
  ],
};
const YES_NO: Record<Language, [string, string]> = { tr: ['Evet', 'Hayır'], en: ['Yes', 'No'] };

function rowOf(r: FindingRecord & { turbineCode: string }, lang: Language, now: Date): Cell[] {
  const f = r.finding;
  return [
    f.id,
    r.turbineCode,
    f.blade,
    FINDING_SURFACE_LABELS[f.surface as FindingSurface]?.[lang] ?? f.surface,
    f.room === null ? null : roomLabel(f.room, lang === 'tr' ? 'Oda' : 'Room'),
    f.distanceFromRootM,
    FINDING_TYPE_LABELS[f.type as FindingType]?.[lang] ?? f.type,
    f.severity,
    SEVERITY_SCALE[f.severity as Severity]?.[lang] ?? null,
    FINDING_STATUS_LABELS[f.status as FindingStatus]?.[lang] ?? f.status,
    f.dueDate,
    YES_NO[lang][isOverdue({ status: f.status, due_date: f.dueDate }, now) ? 0 : 1],
    f.firstSeenYear,
    f.lastSeenYear,
    f.observationCount,
    f.lengthMm,
    f.widthMm,
    f.depthClass,
    f.notes,
    r.authorName,
    f.createdAt.toISOString(),
    f.updatedAt.toISOString(),
  ];
}

export const csvField = (cell: Cell) => {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : neutralise(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The file: the filters' line first (issue 24 item 2), then the header row and the findings. */
export function toCsv(rows: Cell[][], lang: Language, filters: readonly FilterLine[] = []): Buffer {
  const lines = [[filterSummary(filters, lang)], HEADERS[lang], ...rows].map((row) => row.map(csvField).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The findings sheet, and a second sheet naming the filters and what they picked. */
export async function toXlsx(rows: Cell[][], lang: Language, filters: readonly FilterLine[] = [], scope: readonly FilterLine[] = []) {
  const w = exportWords(lang);
  const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
  const text = (cell: Cell) => (cell === null ? null : typeof cell === 'number' ? cell : neutralise(cell));
  const named = filters.length ? filters : [{ name: w.filters, value: w.none }];
  return writeXlsxFile([
    { data: [HEADERS[lang].map(bold), ...rows.map((row) => row.map(text))], sheet: lang === 'tr' ? 'Bulgular' : 'Findings' },
    { data: [[bold(w.filter), bold(w.value)], ...[...named, ...scope].map((l) => [text(l.name), text(l.value)])], sheet: w.sheet },
  ]).toBuffer();
}

export interface ExportFile {
  bytes: Buffer;
  contentType: string;
  filename: string;
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'turbine';

async function exportFile(
  ctx: AppContext,
  conditions: (SQL | undefined)[],
  order: SQL[],
  name: string,
  named: { filters: FilterLine[]; scope: FilterLine[] },
  format: FindingExportFormat,
  lang: Language,
): Promise<ExportFile> {
  const records = await ctx.db
    .select({ ...findingColumns, turbineCode: turbines.code })
    .from(findings)
    .innerJoin(turbines, eq(turbines.id, findings.turbineId))
    .leftJoin(users, eq(users.id, findings.createdBy))
    .where(and(...conditions))
    .orderBy(...order);
  const now = ctx.now();
  const rows = records.map((r) => rowOf(r, lang, now));
  const filename = `${name}-${todayOf(now)}.${format}`;
  if (format === 'csv') return { bytes: toCsv(rows, lang, named.filters), contentType: 'text/csv; charset=utf-8', filename };
  const scope = [...named.scope, { name: exportWords(lang).findings, value: String(rows.length) }];
  return {
    bytes: await toXlsx(rows, lang, named.filters, scope),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename,
  };
}

/** One turbine's findings as its list shows them: the list route's filters (findingFilter) and order (findingOrder). */
export async function exportTurbineFindings(
  ctx: AppContext,
  actor: Actor,
  turbineId: number,
  query: FindingExportQuery,
  lang: Language,
): Promise<ExportFile> {
  const turbine = await turbineFor(ctx, actor, turbineId, 'finding.read');
  const conditions = [eq(findings.turbineId, turbineId), visibleStatuses(actor), ...findingFilter(query)];
  const named = { filters: findingFilterLines(query, lang), scope: [{ name: exportWords(lang).turbine, value: turbine.code }] };
  return exportFile(ctx, conditions, findingOrder(query), `findings-${safeName(turbine.code)}`, named, query.format, lang);
}

/** The fleet findings list's rows for the same filters (issue 27: fleet.ts's one query and order, no page): the
 *  findings of the turbines the dashboard lists (the contract's applyTurbineFilters over the turbine list the dashboard
 *  loads), in a distance band, of turbines without a model / blade type, of these statuses (none: every status the
 *  actor may see); without filters, of every turbine the actor sees (superadmin: all, or one company). */
export async function exportFleetFindings(ctx: AppContext, actor: Actor, query: FleetFindingExportQuery, lang: Language) {
  const { where, scope } = await fleetFindingConditions(ctx, actor, query);
  const listed: FilterLine[] = scope.listed ? [{ name: exportWords(lang).turbines, value: String(scope.listed.length) }] : [];
  const companyName =
    seesAllCompanies(actor) && query.filter_company_id !== undefined ? await nameOfCompany(ctx, query.filter_company_id) : null;
  const named = { filters: fleetFilterLines(query, companyName, lang), scope: listed };
  return exportFile(ctx, [where], FLEET_FINDING_ORDER, 'findings', named, query.format, lang);
}

async function nameOfCompany(ctx: AppContext, id: number): Promise<string> {
  const [row] = await ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, id)).limit(1);
  return row?.name ?? String(id);
}
