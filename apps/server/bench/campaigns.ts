/**
 * npm run bench:campaigns — the campaign board (issue 17) on PostgreSQL, figures only (never pass/fail).
 * A campaign of 50 turbines (9 rooms each: 39 coverage cells per turbine over four methods) with 200 photos of the year
 * per turbine (10,000, a few cells left empty), 200 photos of another year, findings (a draft on every other turbine),
 * a report on every fifth and waivers on every third: GET /api/campaigns/:id (the whole board, states derived in five
 * grouped queries) asked one at a time, in process (app.inject), median and 95th percentile, with os.loadavg().
 * Env: TEST_DATABASE_URL (a scratch database is created there), BENCH_REQUESTS (200).
 */
import { loadavg } from 'node:os';
process.env.TEST_DB ??= 'postgres';
const { createTestApp, DEMO } = await import('../test/harness.ts');

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const TURBINES = 50;
const t = await createTestApp();
try {
  const db = t.app.ctx.db;
  const { sql } = await import('drizzle-orm');
  type Query = Parameters<typeof db.execute>[0];
  const rowsOf = async <T>(query: Query) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [ege] = await rowsOf<{ id: number }>(sql`select id from companies where name like 'Ege%' limit 1`);
  const [manager] = await rowsOf<{ id: number }>(sql`select id from users where email = ${DEMO.egeManager}`);
  const companyId = Number(ege?.id);
  const userId = Number(manager?.id);
  await db.execute(sql`
    insert into turbines (city, code, location, rooms, company_id)
    select 'izmir', 'BENCH-' || i, 'Bench site', 9, ${companyId} from generate_series(1, ${TURBINES}) as i`);
  // 200 photos of the year per turbine over every cell but a few (room 9 of every blade and robot C on every fourth turbine)
  await db.execute(sql`
    insert into photos (turbine_id, storage_key, original_name, room, blade, category, year, month, size_bytes, mime_type,
      sha256, derivatives, uploaded_by)
    select t.id, 'bench/' || t.id || '/' || y.year || '/' || i, 'p-' || y.year || '-' || i || '.jpg',
      case when i % 4 = 3 then 1 + (i / 4) % 9 end,
      case when i % 4 = 3 then (array['A','B','C'])[1 + (i / 36) % 3] else (array['A','B','C'])[1 + i % 3] end,
      case i % 4 when 0 then 'drone' when 1 then 'operator' when 2 then case when t.id % 4 = 0 and i % 3 = 2 then 'drone' else 'robot' end end,
      y.year, 6, 1000, 'image/jpeg', repeat('0', 64), 'ready', ${userId}
    from turbines t, generate_series(0, 199) as i, (values (2026), (2025)) as y(year)
    where t.code like 'BENCH-%' and (y.year = 2026 or i < 4)
      and not (t.id % 4 = 0 and i % 4 = 3 and (i / 4) % 9 = 8)`);
  await db.execute(sql`
    insert into findings (turbine_id, blade, surface, type, severity, status, created_by, first_seen_year, last_seen_year)
    select t.id, 'A', 'LE', 'erosion', 2, case when t.id % 2 = 0 and i = 0 then 'draft' else 'confirmed' end, ${userId}, 2026, 2026
    from turbines t, generate_series(0, 9) as i where t.code like 'BENCH-%'`);
  await db.execute(sql`
    insert into reports (turbine_id, storage_key, original_filename, stored_filename, size_bytes, sha256, year, uploaded_by)
    select id, 'bench/r/' || id, 'r.pdf', 'r.pdf', 1000, repeat('0', 64), 2026, ${userId} from turbines
    where code like 'BENCH-%' and id % 5 = 0`);
  const [campaign] = await rowsOf<{ id: number }>(sql`
      insert into campaigns (company_id, name, year, methods, planned_start, planned_end, created_by)
      values (${companyId}, 'Bench', 2026, array['drone','operator','robot','interior'], '2026-04-01', '2026-06-30', ${userId})
      returning id`);
  const campaignId = Number(campaign?.id);
  await db.execute(
    sql`insert into campaign_turbines (campaign_id, turbine_id) select ${campaignId}, id from turbines where code like 'BENCH-%'`,
  );
  await db.execute(sql`
    insert into campaign_waivers (campaign_id, turbine_id, method, blade, room, reason, created_by)
    select ${campaignId}, id, 'interior', 'C', 9, 'bench', ${userId} from turbines where code like 'BENCH-%' and id % 3 = 0`);
  await db.execute(sql`analyze`);

  const token = await t.login(DEMO.egeManager);
  const url = `/api/campaigns/${campaignId}`;
  const first = await t.call(token, { method: 'GET', url });
  if (first.statusCode !== 200) throw new Error(`board answered ${first.statusCode}: ${first.body.slice(0, 200)}`);
  const board = first.json().data as { rows: { state: string }[]; reached: Record<string, number> };
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const res = await t.call(token, { method: 'GET', url });
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`board answered ${res.statusCode}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  const [photoCount] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from photos`);
  console.log(`campaign board: ${board.rows.length} turbines, ${photoCount?.n} photos, reached ${JSON.stringify(board.reached)}`);
  console.log(
    `GET /api/campaigns/:id x${REQUESTS} one at a time (PostgreSQL, in process): median ${at(0.5)} ms, p95 ${at(0.95)} ms  ` +
      `(loadavg ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')})`,
  );
} finally {
  await t.close();
}
