import { and, eq, sql } from 'drizzle-orm';
import {
  type Actor,
  can,
  createTurbineBodySchema,
  foldForSearch,
  formatMessage,
  type Language,
  MESSAGES,
  NO_TURBINE_ASSETS,
  type MessageCode,
  normalizeCity,
  seesAllCompanies,
  TURBINE_ASSET_NUMBER_FIELDS,
  TURBINE_IMPORT_MAX_ROWS,
  TURBINE_SHEET_COLUMNS,
  TURBINE_SHEET_LABELS,
  TURBINE_STATUS_LABELS,
  TURBINE_STATUSES,
  type TurbineImportResult,
  type TurbineImportRow,
  type TurbineSheetColumn,
  type TurbineStatus,
  updateTurbineBodySchema,
} from '@windscope/contract';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { companies, turbines } from '../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation } from '../http/errors.ts';
import { readSheetRows } from './sheet-read.ts';
import { highestRoomsInUse, lockTurbinesForRoomCount, presentTurbineAssets, turbineAssetColumns } from './service.ts';

/** Turbines and their asset data from CSV or XLSX (DECISIONS §18, issue 27 item 4). Each row is checked by the contract's
 *  own create/update schemas; a dry run answers each row's outcome (new, changed, unchanged, refused with the field and
 *  the reason in the request's language); applying re-checks the file and writes every row in one transaction, or none.
 *  A column left out of the file leaves that value as it is; an empty cell clears it. Cells are text: nothing is run. */

type TurbineRow = typeof turbines.$inferSelect;
type Body = Record<string, unknown>;

const HEADER_OF = new Map<string, TurbineSheetColumn>();
for (const column of TURBINE_SHEET_COLUMNS) {
  for (const name of [column, TURBINE_SHEET_LABELS[column].tr, TURBINE_SHEET_LABELS[column].en])
    HEADER_OF.set(foldForSearch(name).trim(), column);
}
const STATUS_OF = new Map<string, TurbineStatus>();
for (const status of TURBINE_STATUSES) {
  for (const name of [status, TURBINE_STATUS_LABELS[status].tr, TURBINE_STATUS_LABELS[status].en])
    STATUS_OF.set(foldForSearch(name), status);
}

/** The export's neutralising apostrophe (findings/export.ts neutralise) comes off again: the data round-trips. */
const cellText = (cell: string | undefined) => {
  const text = (cell ?? '').trim();
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
};

/** "67.8", "67,8" (decimal comma): a number; anything else NaN, which the schema refuses with the field's message. */
function numberOf(text: string): number {
  return /^[+-]?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

/** YYYY-MM-DD, or the day as Turkish (14.09.2021) or English (14/09/2021) writes it; else the text, which the schema refuses. */
function dateOf(text: string): string {
  const m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  return m ? `${m[3]}-${m[2]?.padStart(2, '0')}-${m[1]?.padStart(2, '0')}` : text;
}

const isNumberColumn = (column: TurbineSheetColumn) => (TURBINE_ASSET_NUMBER_FIELDS as readonly string[]).includes(column);

const isMessageCode = (code: string): code is MessageCode => Object.hasOwn(MESSAGES, code);
function messageOf(code: string, lang: Language, params: Record<string, string | number> = {}): string {
  return formatMessage(isMessageCode(code) ? code : 'VALIDATION', lang, params);
}

interface Checked {
  row: TurbineImportRow;
  /** the create or update body the contract accepted */
  body: Body | null;
  existing: TurbineRow | undefined;
}

/** The values a row holds in the body's terms, for the columns the file has. */
function bodyOfRow(cells: Partial<Record<TurbineSheetColumn, string>>): { body: Body; statusText: string | null } {
  const body: Body = {};
  let statusText: string | null = null;
  for (const [column, text] of Object.entries(cells) as [TurbineSheetColumn, string][]) {
    if (column === 'company') continue;
    if (column === 'status') {
      if (text !== '') statusText = text;
      continue;
    }
    if (column === 'rooms') {
      if (text !== '') body.rooms = /^\d+$/.test(text) ? Number(text) : Number.NaN;
      continue;
    }
    if (isNumberColumn(column)) body[column] = text === '' ? null : numberOf(text);
    else if (column === 'commissioning_date') body[column] = text === '' ? null : dateOf(text);
    else if (column === 'city' || column === 'code' || column === 'location') body[column] = text;
    else body[column] = text === '' ? null : text;
  }
  return { body, statusText };
}

/** What the stored row says, in the body's terms, for a comparison and an update's columns left out of the file. */
function bodyOfStored(row: TurbineRow): Body {
  return {
    code: row.code,
    turbine_name: row.turbineName,
    city: row.city,
    location: row.location,
    site_name: row.siteName,
    coordinates: row.coordinates,
    rooms: row.rooms,
    status: row.status,
    ...presentTurbineAssets(row),
  };
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || (a === '' && b === null) || (a === null && b === '');

export async function importTurbines(
  ctx: AppContext,
  actor: Actor,
  bytes: Buffer,
  options: { dryRun: boolean; companyId: number | undefined },
  lang: Language,
): Promise<TurbineImportResult> {
  // as POST /turbines: a company other than one's own is refused by can() (403)
  const companyId = seesAllCompanies(actor) ? options.companyId : (options.companyId ?? actor.companyId);
  if (companyId === undefined) throw badRequest('TURBINE_COMPANY_REQUIRED');
  if (!can(actor, 'turbine.create', { companyId })) throw forbidden();
  const [company] = await ctx.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.isInternal, false)))
    .limit(1);
  if (!company) throw badRequest('TURBINE_COMPANY_REQUIRED');
  const mayUpdate = can(actor, 'turbine.update', { companyId });

  const sheet = await readSheetRows(bytes);
  const [header = [], ...body] = sheet;
  const columns = header.map((name) => HEADER_OF.get(foldForSearch(cellText(name)).trim()) ?? null);
  const ignored = header.filter((name, i) => columns[i] === null && cellText(name) !== '').map(cellText);
  if (!columns.includes('code')) throw badRequest('TURBINE_IMPORT_NO_CODE_COLUMN');
  const dataRows = body.map((cells, i) => ({ cells, line: i + 2 })).filter(({ cells }) => cells.some((cell) => cellText(cell) !== ''));
  if (dataRows.length === 0) throw badRequest('TURBINE_IMPORT_EMPTY');
  if (dataRows.length > TURBINE_IMPORT_MAX_ROWS) throw badRequest('TURBINE_IMPORT_TOO_MANY_ROWS', { max: TURBINE_IMPORT_MAX_ROWS });

  const stored = await ctx.db.select().from(turbines).where(eq(turbines.companyId, companyId));
  const roomsInUse = await highestRoomsInUse(ctx.db, { companyId });
  const byCode = new Map(stored.map((row) => [row.code.trim().toLowerCase(), row]));
  const codeKey = (cells: string[]) => cellText(cells[columns.indexOf('code')]).toLowerCase();
  const linesOfCode = new Map<string, number[]>();
  for (const { cells, line } of dataRows) {
    const key = codeKey(cells);
    if (key) linesOfCode.set(key, [...(linesOfCode.get(key) ?? []), line]);
  }
  const label = (field: string) => TURBINE_SHEET_LABELS[field as TurbineSheetColumn]?.[lang] ?? field;
  const statusNames = TURBINE_STATUSES.map((s) => TURBINE_STATUS_LABELS[s][lang]).join(', ');

  const checked: Checked[] = dataRows.map(({ cells, line }) => {
    const values: Partial<Record<TurbineSheetColumn, string>> = {};
    columns.forEach((column, i) => {
      if (column !== null && values[column] === undefined) values[column] = cellText(cells[i]);
    });
    const code = values.code ?? '';
    const errors: TurbineImportRow['errors'] = [];
    const refuse = (field: string, code: MessageCode | string, params: Record<string, string | number> = {}) =>
      errors.push({ field: label(field), message: messageOf(code, lang, params) });
    const lines = linesOfCode.get(code.toLowerCase()) ?? [];
    if (lines.length > 1) refuse('code', 'TURBINE_IMPORT_DUPLICATE_CODE', { lines: lines.join(', ') });
    if (values.company && foldForSearch(values.company) !== foldForSearch(company.name))
      refuse('company', 'TURBINE_IMPORT_OTHER_COMPANY', { company: company.name });
    const { body: fromFile, statusText } = bodyOfRow(values);
    if (statusText !== null) {
      const status = STATUS_OF.get(foldForSearch(statusText));
      if (status) fromFile.status = status;
      else refuse('status', 'TURBINE_IMPORT_STATUS_UNKNOWN', { value: statusText, statuses: statusNames });
    }
    const existing = code ? byCode.get(code.toLowerCase()) : undefined;
    const schema: z.ZodType = existing ? updateTurbineBodySchema : createTurbineBodySchema;
    const candidate = existing ? { ...bodyOfStored(existing), ...fromFile } : fromFile;
    const parsed = schema.safeParse(candidate);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'code');
        if (seen.has(field)) continue;
        seen.add(field);
        refuse(field, issue.message);
      }
    }
    const accepted = parsed.success ? (parsed.data as Body) : null;
    // as the form: a room count below a room that has photos or findings is refused
    const usedRoom = existing ? (roomsInUse.get(existing.id) ?? 0) : 0;
    if (accepted && existing && Number(accepted.rooms ?? existing.rooms) < usedRoom)
      refuse('rooms', 'TURBINE_ROOMS_BELOW_USED', { room: usedRoom, rooms: Number(accepted.rooms) });
    let outcome: TurbineImportRow['outcome'] = errors.length ? 'refused' : existing ? 'unchanged' : 'new';
    const changes: string[] = [];
    if (existing && accepted && outcome !== 'refused') {
      const before = bodyOfStored(existing);
      for (const key of Object.keys(fromFile)) {
        const after = key === 'city' ? normalizeCity(String(accepted.city)) : accepted[key];
        if (!same(after, before[key])) changes.push(label(key));
      }
      if (changes.length) {
        outcome = 'changed';
        if (!mayUpdate) {
          refuse('code', 'TURBINE_IMPORT_UPDATE_FORBIDDEN');
          outcome = 'refused';
        }
      }
    }
    return {
      row: { line, code, outcome, changes: outcome === 'changed' ? changes : [], errors },
      body: outcome === 'refused' ? null : accepted,
      existing,
    };
  });

  const rows = checked.map((c) => c.row);
  const count = (outcome: TurbineImportRow['outcome']) => rows.filter((r) => r.outcome === outcome).length;
  const result: TurbineImportResult = {
    dry_run: options.dryRun,
    applied: false,
    counts: { new: count('new'), changed: count('changed'), unchanged: count('unchanged'), refused: count('refused') },
    ignored_columns: ignored,
    rows,
  };
  if (options.dryRun) return result;
  if (result.counts.refused > 0) throw new AppError(422, 'TURBINE_IMPORT_REFUSED_ROWS', { count: result.counts.refused }, { data: result });
  await applyImport(ctx, companyId, checked);
  return { ...result, applied: true };
}

const optional = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** Every new and changed row in one transaction: a failure (a code taken meanwhile) leaves nothing written. */
async function applyImport(ctx: AppContext, companyId: number, checked: Checked[]) {
  const now = ctx.now();
  const inserts = checked.filter((c) => c.row.outcome === 'new' && c.body).map((c) => c.body as Body);
  const updates = checked.filter((c) => c.row.outcome === 'changed' && c.body && c.existing);
  try {
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < inserts.length; i += 500) {
        await tx.insert(turbines).values(
          inserts.slice(i, i + 500).map((b) => ({
            code: String(b.code),
            city: normalizeCity(String(b.city)),
            location: String(b.location),
            turbineName: optional(b.turbine_name),
            siteName: optional(b.site_name),
            coordinates: optional(b.coordinates),
            rooms: Number(b.rooms),
            status: (b.status as string | undefined) ?? 'active',
            companyId,
            ...turbineAssetColumns(b, NO_TURBINE_ASSETS),
            createdAt: now,
            updatedAt: now,
          })),
        );
      }
      // the room rule once more under lock: a photo or finding stored in a high room since the dry run is seen here
      const lowering = updates.filter(({ body, existing }) => existing && Number((body as Body).rooms ?? existing.rooms) < existing.rooms);
      if (lowering.length > 0) {
        await lockTurbinesForRoomCount(
          tx,
          lowering.map(({ existing }) => (existing as TurbineRow).id),
        );
        const inUse = await highestRoomsInUse(tx, { companyId });
        for (const { body, existing } of lowering) {
          const rooms = Number((body as Body).rooms);
          const used = inUse.get((existing as TurbineRow).id) ?? 0;
          if (used > rooms) throw badRequest('TURBINE_ROOMS_BELOW_USED', { room: used, rooms });
        }
      }
      // one statement per 500 changed rows (UPDATE ... FROM VALUES): row by row took 17 s for 2,500 on PGlite
      for (let i = 0; i < updates.length; i += 500) {
        const values = updates.slice(i, i + 500).map(({ body, existing }) => {
          const b = body as Body;
          const row = existing as TurbineRow;
          const assets = turbineAssetColumns(b, presentTurbineAssets(row));
          return sql`(${row.id}::int, ${String(b.code)}::varchar, ${normalizeCity(String(b.city))}::varchar, ${String(b.location)}::varchar,
            ${optional(b.turbine_name)}::varchar, ${optional(b.site_name)}::varchar, ${optional(b.coordinates)}::varchar,
            ${b.coordinates === row.coordinates ? row.coordinatesUnreadable : null}::varchar, ${Number(b.rooms ?? row.rooms)}::int,
            ${(b.status as string | undefined) ?? row.status}::varchar, ${assets.manufacturer}::varchar, ${assets.model}::varchar,
            ${assets.ratedPowerKw}::float8, ${assets.hubHeightM}::float8, ${assets.rotorDiameterM}::float8, ${assets.bladeLengthM}::float8,
            ${assets.bladeType}::varchar, ${assets.commissioningDate}::date, ${assets.bladeSerialA}::varchar, ${assets.bladeSerialB}::varchar,
            ${assets.bladeSerialC}::varchar)`;
        });
        await tx.execute(sql`update turbines as t set code = v.code, city = v.city, location = v.location, turbine_name = v.turbine_name,
          site_name = v.site_name, coordinates = v.coordinates, coordinates_unreadable = v.coordinates_unreadable, rooms = v.rooms,
          status = v.status, manufacturer = v.manufacturer, model = v.model, rated_power_kw = v.rated_power_kw,
          hub_height_m = v.hub_height_m, rotor_diameter_m = v.rotor_diameter_m, blade_length_m = v.blade_length_m,
          blade_type = v.blade_type, commissioning_date = v.commissioning_date, blade_serial_a = v.blade_serial_a,
          blade_serial_b = v.blade_serial_b, blade_serial_c = v.blade_serial_c, updated_at = ${now}
          from (values ${sql.join(values, sql`, `)}) as v(id, code, city, location, turbine_name, site_name, coordinates,
            coordinates_unreadable, rooms, status, manufacturer, model, rated_power_kw, hub_height_m, rotor_diameter_m,
            blade_length_m, blade_type, commissioning_date, blade_serial_a, blade_serial_b, blade_serial_c)
          where t.id = v.id and t.company_id = ${companyId}`);
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('TURBINE_CODE_TAKEN', { code: '' });
    throw error;
  }
}
