import { and, asc, desc, eq } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import {
  type Actor,
  can,
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
import { companyScope } from '../access/scope.ts';
import type { AppContext } from '../context.ts';
import { findings, turbines, users } from '../db/schema.ts';
import { forbidden } from '../http/errors.ts';
import { turbineFor, visibleStatuses } from './access.ts';
import { findingColumns, type FindingRecord } from './presenter.ts';

/** CSV (UTF-8 with BOM, so spreadsheet programs read Turkish letters) and XLSX exports of findings (§12), with TR/EN
 *  headers and labels. XLSX by write-excel-file: one dependency (fflate), Node 18+, ~3 MB installed, maintained; exceljs
 *  pulls nine packages (archiver, unzipper, jszip...) for reading and styling we do not need. */

/** A text cell a spreadsheet could take for a formula (= + - @, tab, carriage return at the start) gets a leading
 *  apostrophe: shown as text, never run (OWASP CSV injection). */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

type Cell = string | number | null;
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

const csvField = (cell: Cell) => {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : neutralise(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function toCsv(rows: Cell[][], lang: Language): Buffer {
  const lines = [HEADERS[lang], ...rows].map((row) => row.map(csvField).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function toXlsx(rows: Cell[][], lang: Language): Promise<Buffer> {
  const header = HEADERS[lang].map((value) => ({ value, fontWeight: 'bold' as const }));
  const body = rows.map((row) => row.map((cell) => (cell === null ? null : typeof cell === 'number' ? cell : neutralise(cell))));
  return writeXlsxFile([header, ...body], { sheet: lang === 'tr' ? 'Bulgular' : 'Findings' }).toBuffer();
}

export interface ExportFile {
  bytes: Buffer;
  contentType: string;
  filename: string;
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'turbine';

/** Findings of one turbine (turbineId) or of every turbine the actor sees (superadmin: all, or one company). */
export async function exportFindings(
  ctx: AppContext,
  actor: Actor,
  scope: { turbineId?: number; filterCompanyId?: number },
  format: 'csv' | 'xlsx',
  lang: Language,
): Promise<ExportFile> {
  let name = 'findings';
  const conditions = [visibleStatuses(actor)];
  if (scope.turbineId !== undefined) {
    const turbine = await turbineFor(ctx, actor, scope.turbineId, 'finding.read');
    conditions.push(eq(findings.turbineId, scope.turbineId));
    name = `findings-${safeName(turbine.code)}`;
  } else {
    if (!can(actor, 'finding.read')) throw forbidden();
    conditions.push(companyScope(actor, turbines.companyId));
    if (seesAllCompanies(actor) && scope.filterCompanyId !== undefined) conditions.push(eq(turbines.companyId, scope.filterCompanyId));
  }
  const records = await ctx.db
    .select({ ...findingColumns, turbineCode: turbines.code })
    .from(findings)
    .innerJoin(turbines, eq(turbines.id, findings.turbineId))
    .leftJoin(users, eq(users.id, findings.createdBy))
    .where(and(...conditions))
    .orderBy(asc(turbines.code), asc(turbines.id), desc(findings.severity), asc(findings.id));
  const now = ctx.now();
  const rows = records.map((r) => rowOf(r, lang, now));
  const filename = `${name}-${todayOf(now)}.${format}`;
  if (format === 'csv') return { bytes: toCsv(rows, lang), contentType: 'text/csv; charset=utf-8', filename };
  return {
    bytes: await toXlsx(rows, lang),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename,
  };
}
