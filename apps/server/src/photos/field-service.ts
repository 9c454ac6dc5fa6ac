import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { type Actor, BLADES, type Blade, type Coverage, can, PHOTO_CATEGORIES, type PhotoCategory } from '@windscope/contract';
import { companyScope } from '../access/scope.ts';
import type { AppContext } from '../context.ts';
import { photos, turbines } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { getTurbine } from '../turbines/service.ts';

/** POST /turbines/{id}/photos/known-hashes: which of these SHA-256 the turbine already holds, each with the name of a
 *  photo that has it (DECISIONS §13: asked before sending, so a file already there is not sent again). Same access as
 *  uploading: the turbine must be visible (another company's is 404) and `photo.upload` allowed. */
export async function knownHashes(
  ctx: AppContext,
  actor: Actor,
  turbineId: number,
  hashes: string[],
): Promise<{ sha256: string; originalName: string }[]> {
  const turbine = await getTurbine(ctx, actor, turbineId);
  if (!can(actor, 'photo.upload', { companyId: turbine.company_id })) throw forbidden();
  const asked = [...new Set(hashes)];
  const rows = await ctx.db
    .select({ sha256: photos.sha256, originalName: photos.originalName })
    .from(photos)
    .where(and(eq(photos.turbineId, turbineId), inArray(photos.sha256, asked)))
    .orderBy(photos.id);
  const first = new Map<string, string>();
  for (const row of rows) if (!first.has(row.sha256)) first.set(row.sha256, row.originalName);
  return [...first].map(([sha256, originalName]) => ({ sha256, originalName }));
}

/** GET /turbines/{id}/coverage?year=: photo counts of the year per blade and source (drone, operator, robot) and per
 *  blade and room (360° blade photos), with the empty cells, in one query (the turbine, scoped to the actor's company,
 *  left-joined with its photos of the year and grouped). Anyone who sees the turbine may ask. */
export async function turbineCoverage(ctx: AppContext, actor: Actor, turbineId: number, year: number): Promise<Coverage> {
  const rows = await ctx.db
    .select({ rooms: turbines.rooms, category: photos.category, blade: photos.blade, room: photos.room, n: count(photos.id) })
    .from(turbines)
    .leftJoin(photos, and(eq(photos.turbineId, turbines.id), eq(photos.year, year)))
    .where(and(eq(turbines.id, turbineId), companyScope(actor, turbines.companyId)))
    .groupBy(turbines.rooms, photos.category, photos.blade, photos.room)
    .orderBy(sql`1`);
  const [first] = rows;
  if (!first) throw notFound('TURBINE_NOT_FOUND');
  return coverageFromCounts(turbineId, year, first.rooms, rows);
}

/** A photo count of one (category, blade, room) group of a turbine's year, as the coverage query groups them. */
export interface CoverageCount {
  category: string | null;
  blade: string | null;
  room: number | null;
  n: number;
}

/** The coverage matrix of a turbine's year from its grouped photo counts: the ONE definition of its cells (a blade of
 *  each source; a blade's room 1..rooms of 360° photos) and of the empty ones, shared by the coverage route and the
 *  campaign board (campaigns/service.ts). */
export function coverageFromCounts(turbineId: number, year: number, rooms: number, rows: readonly CoverageCount[]): Coverage {
  const isBlade = (b: string | null): b is Blade => b !== null && (BLADES as readonly string[]).includes(b);
  const isCategory = (c: string | null): c is PhotoCategory => c !== null && (PHOTO_CATEGORIES as readonly string[]).includes(c);
  const highestRoom = Math.max(rooms, ...rows.map((r) => (r.category === null && isBlade(r.blade) ? (r.room ?? 0) : 0)));
  const perBlade = () => Object.fromEntries(BLADES.map((b) => [b, 0])) as Record<Blade, number>;
  const sources = Object.fromEntries(PHOTO_CATEGORIES.map((c) => [c, perBlade()])) as Coverage['sources'];
  const interior = Object.fromEntries(BLADES.map((b) => [b, Array.from({ length: highestRoom }, () => 0)])) as Coverage['interior'];
  for (const row of rows) {
    if (!isBlade(row.blade) || row.n === 0) continue;
    if (isCategory(row.category)) sources[row.category][row.blade] += row.n;
    else if (row.category === null && row.room !== null && row.room >= 1)
      interior[row.blade][row.room - 1] = (interior[row.blade][row.room - 1] ?? 0) + row.n;
  }
  const empty: Coverage['empty'] = [];
  for (const blade of BLADES) {
    for (const source of PHOTO_CATEGORIES) if (sources[source][blade] === 0) empty.push({ blade, source });
    for (let room = 1; room <= rooms; room++) if ((interior[blade][room - 1] ?? 0) === 0) empty.push({ blade, room });
  }
  return { turbine_id: turbineId, year, rooms, sources, interior, empty };
}
