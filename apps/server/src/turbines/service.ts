import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type Actor,
  can,
  type createTurbineBodySchema,
  seesAllCompanies,
  OPEN_FINDING_STATUSES,
  todayOf,
  type Turbine,
  type TurbineAssets,
  type TurbineHealth,
  NO_TURBINE_ASSETS,
  type TurbineStatus,
  type updateTurbineBodySchema,
  normalizeCity,
  turbineDisplayName,
} from '@windscope/contract';
import type { z } from 'zod';
import { recordAudit } from '../audit/record.ts';
import type { AppContext } from '../context.ts';
import type { Database, Executor, Transaction } from '../db/client.ts';
import { companies, findingEscalations, findingObservations, findings, listVersions, photos, turbines } from '../db/schema.ts';
import { etagOf, type PreparedAnswer, preparedAnswer, serializeEnvelope, serializedCache } from '../http/serialized-answers.ts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../http/errors.ts';
import { oncePer } from '../lib/once-per.ts';

type TurbineRow = typeof turbines.$inferSelect;
type CreateInput = z.output<typeof createTurbineBodySchema>;
type UpdateInput = z.output<typeof updateTurbineBodySchema>;

export function presentTurbine(row: TurbineRow, companyName: string | null, health: TurbineHealth): Turbine {
  return {
    id: row.id,
    turbine_name: row.turbineName,
    name: row.name,
    city: row.city,
    code: row.code,
    location: row.location,
    site_name: row.siteName,
    coordinates: row.coordinates,
    coordinates_unreadable: row.coordinatesUnreadable,
    ...presentTurbineAssets(row),
    rooms: row.rooms,
    company_id: row.companyId,
    company_name: companyName,
    status: row.status as TurbineStatus,
    // kept on the row by the photos triggers (migration 0001)
    photo_count: row.photoCount,
    health,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentTurbineAssets(row: TurbineRow): TurbineAssets {
  return {
    manufacturer: row.manufacturer,
    model: row.model,
    rated_power_kw: row.ratedPowerKw,
    hub_height_m: row.hubHeightM,
    rotor_diameter_m: row.rotorDiameterM,
    blade_length_m: row.bladeLengthM,
    blade_type: row.bladeType,
    commissioning_date: row.commissioningDate,
    blade_serial_a: row.bladeSerialA,
    blade_serial_b: row.bladeSerialB,
    blade_serial_c: row.bladeSerialC,
  };
}

/** The asset columns of a create (everything given) or an update (absent = as stored), '' and null = none. */
export function turbineAssetColumns(
  input: Partial<Record<keyof TurbineAssets, string | number | null | undefined>>,
  current: TurbineAssets,
) {
  const text = (key: keyof TurbineAssets) => {
    const value = input[key];
    if (value === undefined) return current[key] as string | null;
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const number = (key: keyof TurbineAssets) => {
    const value = input[key];
    if (value === undefined) return current[key] as number | null;
    return typeof value === 'number' ? value : null;
  };
  return {
    manufacturer: text('manufacturer'),
    model: text('model'),
    ratedPowerKw: number('rated_power_kw'),
    hubHeightM: number('hub_height_m'),
    rotorDiameterM: number('rotor_diameter_m'),
    bladeLengthM: number('blade_length_m'),
    bladeType: text('blade_type'),
    commissioningDate: text('commissioning_date'),
    bladeSerialA: text('blade_serial_a'),
    bladeSerialB: text('blade_serial_b'),
    bladeSerialC: text('blade_serial_c'),
  };
}

/** The list and the detail run on nearly every screen, so they are prepared statements: drizzle builds their SQL
 *  once and PostgreSQL parses and plans them once per connection. The tenant condition is companyScope()'s
 *  `company_id = actor's company`, with the company bound when the statement runs. */
function prepareTurbineReads(db: Database) {
  // turbine health (§12) in the same statement, without reading a finding but the overdue ones: worst open severity
  // and open count from the counts per severity the findings triggers keep on the turbine (migration 0007); the
  // overdue count, which moves with the day, is a range of findings_open_idx (open findings by turbine and due date)
  const open = [turbines.openSeverity1, turbines.openSeverity2, turbines.openSeverity3, turbines.openSeverity4, turbines.openSeverity5];
  // Fixed values are written into these statements, not bound: after five runs on a connection PostgreSQL may plan a
  // prepared statement once for any parameters, and with `status in ($1, $2, $3)` or `kind = $9` that generic plan
  // cannot use the partial indexes made for them (findings_open_idx, finding_escalations_severity_idx): the list of a
  // 2,000-turbine company went from ~25 to ~100 ms from its sixth build on each connection (bench:findings part 2).
  const fixed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
  const overdue = db
    .select({ overdue: sql<number>`count(*)::int`.as('overdue') })
    .from(findings)
    .where(
      and(
        eq(findings.turbineId, turbines.id),
        sql`${findings.status} in (${fixed(OPEN_FINDING_STATUSES)})`,
        sql`${findings.dueDate} < ${sql.placeholder('today')}::date`,
      ),
    )
    .as('overdue');
  // issue 16: the worst severity seen on its photos this year and last year (sightings of findings customers see too:
  // the list is kept per company, not per role), a range of finding_observations_turbine_year_idx
  const year = sql.placeholder('year');
  // a sighting of the finding's last year counts at the finding's severity (an edit corrects the latest assessment)
  const seen = sql`case when ${findingObservations.year} = ${findings.lastSeenYear} then ${findings.severity} else ${findingObservations.severity} end`;
  const trend = db
    .select({
      worstThisYear: sql<number | null>`max(${seen}) filter (where ${findingObservations.year} = ${year}::int)`.as('worst_this_year'),
      worstLastYear: sql<number | null>`max(${seen}) filter (where ${findingObservations.year} = ${year}::int - 1)`.as('worst_last_year'),
    })
    .from(findingObservations)
    .innerJoin(findings, eq(findings.id, findingObservations.findingId))
    .where(
      and(
        eq(findingObservations.turbineId, turbines.id),
        sql`${findingObservations.year} between ${year}::int - 1 and ${year}::int`,
        sql`${findingObservations.kind} = ${fixed(['sighting'])}`,
        sql`${findings.status} not in ('draft', 'rejected')`,
      ),
    )
    .as('trend');
  // findings whose severity went up this year (escalations move the finding, so list_versions.turbines too)
  const escalated = db
    .select({ escalated: sql<number>`count(distinct ${findingEscalations.findingId})::int`.as('escalated') })
    .from(findingEscalations)
    .innerJoin(findings, eq(findings.id, findingEscalations.findingId))
    .where(
      and(
        eq(findingEscalations.turbineId, turbines.id),
        sql`${findingEscalations.kind} = ${fixed(['severity'])}`,
        sql`${findingEscalations.createdAt} >= make_timestamptz(${year}::int, 1, 1, 0, 0, 0, 'UTC')`,
        sql`${findings.status} not in ('draft', 'rejected')`,
      ),
    )
    .as('escalated');
  const base = () =>
    db
      .select({
        turbine: turbines,
        companyName: companies.name,
        health: {
          worst: sql<number | null>`case ${sql.join(
            [5, 4, 3, 2, 1].map((n) => sql`when ${open[n - 1]} > 0 then ${sql.raw(String(n))}`),
            sql` `,
          )} end`,
          open: sql<number>`(${sql.join(open, sql` + `)})::int`,
          overdue: overdue.overdue,
          s1: turbines.openSeverity1,
          s2: turbines.openSeverity2,
          s3: turbines.openSeverity3,
          s4: turbines.openSeverity4,
          s5: turbines.openSeverity5,
          escalated: escalated.escalated,
          worstThisYear: trend.worstThisYear,
          worstLastYear: trend.worstLastYear,
        },
      })
      .from(turbines)
      .leftJoin(companies, eq(companies.id, turbines.companyId))
      .leftJoinLateral(overdue, sql`true`)
      .leftJoinLateral(trend, sql`true`)
      .leftJoinLateral(escalated, sql`true`);
  // the database orders by bytes; listTurbines() puts the rows in Turkish order afterwards
  const order = [asc(turbines.id)];
  const companyId = sql.placeholder('companyId');
  const id = sql.placeholder('id');
  return {
    listAll: base()
      .orderBy(...order)
      .prepare('turbines_list_all'),
    listOfCompany: base()
      .where(eq(turbines.companyId, companyId))
      .orderBy(...order)
      .prepare('turbines_list_of_company'),
    one: base().where(eq(turbines.id, id)).limit(1).prepare('turbines_one'),
    oneOfCompany: base()
      .where(and(eq(turbines.id, id), eq(turbines.companyId, companyId)))
      .limit(1)
      .prepare('turbines_one_of_company'),
  };
}

export const turbineReads = oncePer(prepareTurbineReads);

type TurbineReadRow = {
  turbine: TurbineRow;
  companyName: string | null;
  health: {
    worst: number | null;
    open: number;
    overdue: number;
    s1: number;
    s2: number;
    s3: number;
    s4: number;
    s5: number;
    escalated: number;
    worstThisYear: number | null;
    worstLastYear: number | null;
  } | null;
};
const presentRow = (r: TurbineReadRow) =>
  presentTurbine(r.turbine, r.companyName, {
    worst_open_severity: r.health?.worst ?? null,
    open: r.health?.open ?? 0,
    overdue: r.health?.overdue ?? 0,
    open_by_severity: r.health ? [r.health.s1, r.health.s2, r.health.s3, r.health.s4, r.health.s5] : [0, 0, 0, 0, 0],
    escalated_this_year: r.health?.escalated ?? 0,
    worst_this_year: r.health?.worstThisYear ?? null,
    worst_last_year: r.health?.worstLastYear ?? null,
  });

/** The turbines of one company, or all of them (undefined), read and presented (no cache: turbineListing keeps them). */
export async function listTurbines(ctx: AppContext, companyId: number | undefined, today: string): Promise<Turbine[]> {
  const reads = turbineReads(ctx.db);
  const year = Number(today.slice(0, 4));
  const rows =
    companyId === undefined ? await reads.listAll.execute({ today, year }) : await reads.listOfCompany.execute({ companyId, today, year });
  return rows.map(presentRow).sort(byCityThenCode);
}

/** Turkish alphabetical order ("çanakkale" before "tekirdağ", "ı" before "i"), the same on PGlite and PostgreSQL
 *  whatever collations the database was built with. */
const turkish = new Intl.Collator('tr', { sensitivity: 'base', numeric: true });
export function byCityThenCode(a: Turbine, b: Turbine): number {
  return turkish.compare(a.city, b.city) || turkish.compare(a.code, b.code) || a.id - b.id;
}

/** The unique index turbines_company_code_unique (company, lower(trim(code))) refused the row. */
async function refusingTakenCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('TURBINE_CODE_TAKEN', { code: code.trim() });
    throw error;
  }
}

/** Turbine lists kept serialized per company (or all) and language: a list of a few hundred turbines took ~2.5 ms of
 *  CPU to read, present, validate and serialize, on every dashboard visit. list_versions.turbines moves with every
 *  change to turbines or company names (triggers, migration 0002), so an entry is never stale; each process keeps
 *  its own copy of the current version only. */
const MAX_CACHED_LIST_BYTES = 32 * 1024 * 1024;

/** The list's ETag after one primary-key read, and the list itself on demand, from the cache or built.
 *  Superadmin: all, or one company with filterCompanyId. Everyone else: their own company (any filter is ignored). */
export async function turbineListing(
  ctx: AppContext,
  actor: Actor,
  filterCompanyId: number | undefined,
  message: string,
): Promise<PreparedAnswer> {
  const companyId = seesAllCompanies(actor) ? filterCompanyId : actor.companyId;
  const [row] = await ctx.db.select({ version: listVersions.version }).from(listVersions).where(eq(listVersions.name, 'turbines'));
  // overdue counts change with the day, not only with the rows: the day is part of the slot
  const today = todayOf(ctx.now());
  const slot = JSON.stringify(['turbines', companyId ?? 'all', message, today]);
  const data = () => listTurbines(ctx, companyId, today);
  // without its row (never the case after the migration) nothing can tell a copy is current: build every time
  if (!row) return { etag: etagOf(randomUUID()), build: async () => serializeEnvelope(await data(), message) };
  return preparedAnswer({
    cache: serializedCache(ctx, 'turbines', MAX_CACHED_LIST_BYTES),
    slot,
    version: String(row.version),
    message,
    data,
  });
}

/** The turbine if the actor's company may see it; otherwise "not found", as if it did not exist. */
export async function getTurbine(ctx: AppContext, actor: Actor, id: number): Promise<Turbine> {
  const reads = turbineReads(ctx.db);
  const today = todayOf(ctx.now());
  const year = Number(today.slice(0, 4));
  const [row] = seesAllCompanies(actor)
    ? await reads.one.execute({ id, today, year })
    : await reads.oneOfCompany.execute({ id, companyId: actor.companyId, today, year });
  if (!row) throw notFound('TURBINE_NOT_FOUND');
  return presentRow(row);
}

async function assertPartnerCompany(ctx: AppContext, companyId: number) {
  const [row] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.isInternal, false)))
    .limit(1);
  if (!row) throw badRequest('TURBINE_COMPANY_REQUIRED');
}

const optional = (v: string | null | undefined) => (v ? v : null);

export async function createTurbine(ctx: AppContext, actor: Actor, input: CreateInput): Promise<Turbine> {
  let companyId: number;
  if (seesAllCompanies(actor)) {
    if (!input.company_id) throw badRequest('TURBINE_COMPANY_REQUIRED');
    companyId = input.company_id;
  } else {
    companyId = input.company_id ?? actor.companyId;
  }
  if (!can(actor, 'turbine.create', { companyId })) throw forbidden();
  await assertPartnerCompany(ctx, companyId);
  const now = ctx.now();
  const [row] = await refusingTakenCode(input.code, () =>
    ctx.db.transaction(async (tx) => {
      const made = await tx
        .insert(turbines)
        .values({
          turbineName: optional(input.turbine_name),
          name: optional(input.name),
          city: normalizeCity(input.city),
          code: input.code,
          location: input.location,
          siteName: optional(input.site_name),
          coordinates: optional(input.coordinates),
          ...turbineAssetColumns(input, NO_TURBINE_ASSETS),
          rooms: input.rooms,
          companyId,
          status: input.status ?? 'active',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: turbines.id });
      const id = (made[0] as { id: number }).id;
      const label = turbineDisplayName({ turbine_name: optional(input.turbine_name), name: optional(input.name), code: input.code });
      await recordAudit(tx, { at: now, actor, kind: 'turbine_created', companyId, target: { type: 'turbine', id, label } });
      return made;
    }),
  );
  return getTurbine(ctx, actor, (row as { id: number }).id);
}

/** The highest room each turbine's photos or findings are in (turbines with none are absent): a turbine's room count
 *  may not go below it, on every route that sets it (the form, the import), or those photos would leave the coverage
 *  matrix and those findings the room list. */
export async function highestRoomsInUse(db: Executor, of: { turbineId: number } | { companyId: number }): Promise<Map<number, number>> {
  const ids =
    'turbineId' in of
      ? sql`${of.turbineId}::int`
      : sql`select ${turbines.id} from ${turbines} where ${turbines.companyId} = ${of.companyId}`;
  const result = await db.execute(sql`
    select turbine_id, max(room) as room from (
      select turbine_id, room from ${photos} where turbine_id in (${ids}) and room is not null
      union all
      select turbine_id, room from ${findings} where turbine_id in (${ids}) and room is not null
    ) as used group by turbine_id`);
  const rows = (result as unknown as { rows: { turbine_id: number; room: number }[] }).rows;
  return new Map(rows.map((row) => [Number(row.turbine_id), Number(row.room)]));
}

/** The room rule made atomic. A count is lowered only with the turbine's row locked (FOR UPDATE) and the rooms in use
 *  read after the lock (a statement of its own: under READ COMMITTED it sees what committed while it waited); a photo
 *  or finding is stored in a room only with the row held (FOR SHARE) and the count read under that hold. Either waits
 *  for the other, so a photo that arrives while a manager lowers the count cannot end up beyond it. */
export async function lockTurbinesForRoomCount(tx: Transaction, turbineIds: number[]): Promise<void> {
  if (turbineIds.length === 0) return;
  await tx.execute(
    sql`select ${turbines.id} from ${turbines} where ${inArray(turbines.id, turbineIds)} order by ${turbines.id} for update`,
  );
}

/** The turbine's room count, its row held (FOR SHARE) until the caller's transaction ends; null when it is gone. */
export async function heldRoomCount(tx: Transaction, turbineId: number): Promise<number | null> {
  const result = await tx.execute(sql`select ${turbines.rooms} as rooms from ${turbines} where ${turbines.id} = ${turbineId} for share`);
  const [row] = (result as unknown as { rows: { rooms: number }[] }).rows;
  return row ? Number(row.rooms) : null;
}

export async function updateTurbine(ctx: AppContext, actor: Actor, id: number, input: UpdateInput): Promise<Turbine> {
  const current = await getTurbine(ctx, actor, id);
  if (!can(actor, 'turbine.update', { companyId: current.company_id })) throw forbidden();
  const lowersRooms = input.rooms !== undefined && input.rooms < current.rooms;
  const companyId = input.company_id ?? current.company_id;
  if (companyId !== current.company_id) {
    if (!can(actor, 'turbine.changeCompany')) throw forbidden();
    await assertPartnerCompany(ctx, companyId);
  }
  await refusingTakenCode(input.code, () =>
    ctx.db.transaction(async (tx) => {
      if (lowersRooms && input.rooms !== undefined) {
        await lockTurbinesForRoomCount(tx, [id]);
        const used = (await highestRoomsInUse(tx, { turbineId: id })).get(id) ?? 0;
        if (used > input.rooms) throw badRequest('TURBINE_ROOMS_BELOW_USED', { room: used, rooms: input.rooms });
      }
      await tx
        .update(turbines)
        .set({
          turbineName: input.turbine_name === undefined ? current.turbine_name : optional(input.turbine_name),
          name: input.name === undefined ? current.name : optional(input.name),
          city: normalizeCity(input.city),
          code: input.code,
          location: input.location,
          siteName: input.site_name === undefined ? current.site_name : optional(input.site_name),
          coordinates: input.coordinates === undefined ? current.coordinates : optional(input.coordinates),
          // the unreadable older text stays until the coordinates are saved (readable, or cleared)
          coordinatesUnreadable: input.coordinates === undefined ? current.coordinates_unreadable : null,
          ...turbineAssetColumns(input, current),
          // rooms and status are carried over when the form does not send them
          rooms: input.rooms ?? current.rooms,
          status: input.status ?? current.status ?? 'active',
          companyId,
          updatedAt: ctx.now(),
        })
        .where(eq(turbines.id, id));
    }),
  );
  return getTurbine(ctx, actor, id);
}

export type TurbineDeletionHook = (turbineId: number) => Promise<void>;

/** Deletes the turbine and everything it owns: rows cascade in the database; files go through the hooks. */
export async function deleteTurbine(ctx: AppContext, actor: Actor, id: number, afterDelete: TurbineDeletionHook[] = []) {
  const current = await getTurbine(ctx, actor, id);
  if (!can(actor, 'turbine.delete', { companyId: current.company_id })) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(turbines).where(eq(turbines.id, id));
    await recordAudit(tx, {
      at: ctx.now(),
      actor,
      kind: 'turbine_deleted',
      companyId: current.company_id,
      target: { type: 'turbine', id, label: turbineDisplayName(current) },
    });
  });
  for (const hook of afterDelete) await hook(id);
}
