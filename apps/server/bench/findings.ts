/**
 * npm run bench:findings — findings on PostgreSQL, figures only (never pass/fail):
 *  1. One turbine with 5,000 findings and 20,000 observations (on 1,000 photo rows): GET .../findings (the whole list,
 *     as the turbine page asks it) and GET .../photos/:photoId/findings (the overlay of one photo) at 20 connections.
 *  2. The turbine list with health: 2,000 turbines of one company with 100,000 findings beside 2,000 turbines of
 *     another company with none, in the same database and server, measured alternately (A B B A ...): GET /api/turbines
 *     as served (the kept copy) and the same list built on every request (a cache miss: what every change of findings
 *     causes; one request at a time), and the list's statement alone in PostgreSQL.
 *  3. Link suggestions (issue 16) on the turbine of part 1: GET .../findings/:findingId/link-suggestions of a 2026
 *     finding among its 5,000 (earlier findings of the same blade, surface and ±1 m) at 1 and 20 connections, and
 *     POST .../findings/suggestions (a placement being drawn) one at a time.
 *  4. The audit log's cost (issue 26): parts 1 and 2's lists while changes that write audit rows come, the server writing
 *     audit rows or not, switched between rounds; and the changes alone (auditPart).
 * The rows are written with SQL (generate_series) into the real schema; the server runs in its own process.
 * Env: BENCH_PG_URL (admin URL where a scratch database may be created; default postgres://postgres@127.0.0.1:5432/test),
 * BENCH_SECONDS (10: each measured run of part 1), BENCH_ROUND_SECONDS (5) and BENCH_ROUNDS (4: of part 2), BENCH_AUDIT_ROUNDS (8: of part 4),
 * BENCH_PARTS=photo,health,links,audit (all), BENCH_CHANGES_PER_SECOND (2: part 4), BENCH_KEEP_DB=1 (keep the database to look at).
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../src/auth/passwords.ts';
import { type BenchServer, startBenchServer } from './bench-process.ts';
import { cpuSeconds, type HammerResult, hammer, postgresCpuSeconds } from './http-hammer.ts';

const ADMIN_URL = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
/** part 4's rounds: its rounds' CPU ratios swing ±15-30% either way, and four were too few to see 5% */
const AUDIT_ROUNDS = Number(process.env.BENCH_AUDIT_ROUNDS ?? 8);
const PARTS = (process.env.BENCH_PARTS ?? 'photo,health,links,audit').split(',');
/** part 4: changes a second while the lists are read (each writes one audit row when the log is on). Two a second on
 *  one turbine is a busy review; at ten, every list read waits for a rebuild after a change and the rebuilds' CPU is
 *  most of what is measured, so the audit row's share drowns in their noise */
const CHANGES_PER_SECOND = Number(process.env.BENCH_CHANGES_PER_SECOND ?? 2);
const CONNECTIONS = 20;
const PASSWORD = 'bench-findings-1';
const BIG_FINDINGS = 5_000;
const OBSERVATIONS_PER_FINDING = 4;
const BIG_PHOTOS = 1_000;
const HEALTH_TURBINES = 2_000;
const HEALTH_FINDINGS = 100_000;

const uptime = () => execSync('uptime').toString().trim();
const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10);

/** Statuses by i % 10: 1 draft, 1 rejected, 2 confirmed, 2 monitoring, 2 repair planned, 1 repaired, 1 verified
 *  (6 in 10 open). Open ones have due dates from 100 days ago to 300 days ahead (a quarter overdue). */
const findingRows = (turbineExpr: string, userId: number) => `
  insert into findings (turbine_id, blade, surface, room, distance_from_root_m, type, severity, depth_class, length_mm,
    width_mm, notes, status, due_date, created_by, version, first_seen_year, last_seen_year, observation_count,
    created_at, updated_at)
  select ${turbineExpr},
    (array['A','B','C'])[1 + i % 3],
    (array['LE','TE','PS','SS','interior'])[1 + i % 5],
    case when i % 5 = 4 then 1 + i % 25 end,
    round(((i * 7) % 600)::numeric / 10, 1),
    (array['erosion','crack','delamination','lightning','impact','hole','bond_line','coating_loss','contamination','missing_part','other'])[1 + i % 11],
    1 + (i / 10) % 5,
    1 + i % 4,
    10 + i % 300, 2 + i % 40,
    case when i % 3 = 0 then 'Kanat kökünden ' || (i % 60) || ' m, hücum kenarında aşınma; bir sonraki muayenede ölçülecek.' end,
    (array['draft','rejected','confirmed','confirmed','monitoring','monitoring','repair_planned','repair_planned','repaired','verified'])[1 + i % 10],
    case when i % 10 between 4 and 7 then current_date + (i % 400 - 100) end,
    ${userId}, 1 + i % 4, 2023 + i % 2, 2024 + i % 3, ${OBSERVATIONS_PER_FINDING},
    now() - (i % 900) * interval '1 day', now() - (i % 90) * interval '1 day'
  from generate_series(0, $1::int - 1) as i`;

async function seed(db: pg.Client) {
  const hash = await hashPassword(PASSWORD);
  const company = async (name: string) =>
    (
      await db.query<{ id: number }>('insert into companies (name, contact_email) values ($1, $2) returning id', [
        name,
        'info@bench.example',
      ])
    ).rows[0]?.id ?? 0;
  const manager = async (companyId: number, email: string, role = 'company_manager') =>
    (
      await db.query<{ id: number }>(
        `insert into users (first_name, last_name, email, password_hash, role, company_id)
         values ('Bench', 'Yönetici', $1, $2, $4, $3) returning id`,
        [email, hash, companyId, role],
      )
    ).rows[0]?.id ?? 0;
  const turbinesOf = async (companyId: number, prefix: string, count: number) =>
    db.query(
      `insert into turbines (turbine_name, name, city, code, location, site_name, coordinates, rooms, company_id, status)
       select 'RES ' || $2 || '-' || i, 'T-' || i, (array['izmir','manisa','aydın','muğla','balıkesir','çanakkale','tekirdağ'])[1 + i % 7],
         $2 || '-' || lpad(i::text, 4, '0'), 'Saha ' || (i / 20) || ', Yamaç ' || i, 'Bench RES ' || (i / 50),
         (38 + (i % 100) / 100.0)::text || ',' || (27 + (i % 10) / 10.0)::text, 3 + i % 7, $1,
         (array['active','maintenance','faulty','offline','inactive','unknown'])[1 + i % 6]
       from generate_series(1, $3::int) as i`,
      [companyId, prefix, count],
    );

  // 1. one turbine with 5,000 findings, 20,000 observations on 1,000 photos (800 panoramas, 200 drone photos)
  const bigCompany = await company('Bench Bulgu Enerji');
  const bigManager = await manager(bigCompany, 'manager@findings.bench.example');
  await turbinesOf(bigCompany, 'BIG', 1);
  const bigTurbine = (await db.query<{ id: number }>('select id from turbines where company_id = $1', [bigCompany])).rows[0]?.id ?? 0;
  await db.query(
    `insert into photos (turbine_id, storage_key, original_name, room, blade, category, year, month, size_bytes, mime_type,
       sha256, width, height, thumbnail_key, preview_key, derivatives, uploaded_by)
     select $1::int, k, 'IMG_' || i || '.jpg', case when i < 800 then 1 + i % 25 end, (array['A','B','C'])[1 + i % 3],
       case when i < 800 then null else 'drone' end, 2023 + i % 4, 1 + i % 12, 10000000 + i, 'image/jpeg',
       lpad(to_hex(i), 64, '0'), case when i < 800 then 8192 else 6000 end, case when i < 800 then 4096 else 4000 end,
       k || '.thumb.webp', k || '.preview.webp', 'ready', $2::int
     from generate_series(0, $3::int - 1) as i,
       lateral (select 'turbines/' || $1::int || '/bench/' || i || '-IMG_' || i || '.jpg' as k) key`,
    [bigTurbine, bigManager, BIG_PHOTOS],
  );
  await db.query(findingRows(String(bigTurbine), bigManager), [BIG_FINDINGS]);
  // observation j of finding n is on photo (n * 4 + j) % 1000 of the turbine: 20 shapes on every photo
  await db.query(
    `with f as (select id, row_number() over (order by id) - 1 as n, severity from findings where turbine_id = $1::int),
          p as (select id, row_number() over (order by id) - 1 as n, category, year from photos where turbine_id = $1::int)
     insert into finding_observations (finding_id, turbine_id, photo_id, kind, geometry, severity, length_mm, width_mm, year, crop_key, created_by)
     select f.id, $1::int, p.id, case when j = 3 and f.n % 10 >= 8 then 'repair' else 'sighting' end,
       case when p.category is null then jsonb_build_object('space', 'panorama', 'shape', 'polygon', 'points',
              jsonb_build_array(jsonb_build_array(y, q), jsonb_build_array(y + 0.05, q), jsonb_build_array(y + 0.05, q + 0.04), jsonb_build_array(y, q + 0.04)))
            else jsonb_build_object('space', 'flat', 'shape', 'rectangle', 'points',
              jsonb_build_array(jsonb_build_array(x, x / 2), jsonb_build_array(x + 0.1, x / 2 + 0.08))) end,
       f.severity, 10 + f.n % 300, 2 + f.n % 40, p.year, 'turbines/' || $1::int || '/findings/' || f.id || '-' || j || '.crop.webp', $2::int
     from f cross join generate_series(0, $3::int - 1) as j
       join p on p.n = (f.n * $3 + j) % $4,
       lateral (select ((f.n * 13 + j) % 600) / 100.0 as y, ((f.n * 7 + j) % 200) / 200.0 - 0.6 as q,
                       ((f.n * 11 + j) % 80) / 100.0 as x) v`,
    [bigTurbine, bigManager, OBSERVATIONS_PER_FINDING, BIG_PHOTOS],
  );
  await db.query(
    `insert into finding_events (finding_id, kind, actor_id, actor_name, after, created_at)
     select id, 'created', $2, 'Bench Yönetici', jsonb_build_object('status', 'draft', 'severity', severity), created_at
     from findings where turbine_id = $1`,
    [bigTurbine, bigManager],
  );
  // the sighting to link: unlinked (seen in 2026 only), blade A, leading edge, 30 m, among the 5,000
  const linkFinding =
    (
      await db.query<{ id: number }>(
        `insert into findings (turbine_id, blade, surface, distance_from_root_m, type, severity, status, created_by,
           first_seen_year, last_seen_year, observation_count)
         values ($1, 'A', 'LE', 30, 'crack', 3, 'draft', $2, 2026, 2026, 0) returning id`,
        [bigTurbine, bigManager],
      )
    ).rows[0]?.id ?? 0;
  const overlayPhoto =
    (await db.query<{ id: number }>('select min(id) as id from photos where turbine_id = $1', [bigTurbine])).rows[0]?.id ?? 0;

  // 2. 2,000 turbines with 100,000 findings (50 each), and 2,000 turbines without any
  const withCompany = await company('Bench Sağlık Enerji');
  const withManager = await manager(withCompany, 'manager@health.bench.example');
  await turbinesOf(withCompany, 'HLT', HEALTH_TURBINES);
  const withoutCompany = await company('Bench Temiz Enerji');
  await manager(withoutCompany, 'manager@plain.bench.example');
  await turbinesOf(withoutCompany, 'CLN', HEALTH_TURBINES);
  const first =
    (await db.query<{ id: number }>('select min(id) as id from turbines where company_id = $1', [withCompany])).rows[0]?.id ?? 0;
  await db.query(findingRows(`${first} + i % ${HEALTH_TURBINES}`, withManager), [HEALTH_FINDINGS]);

  // 4. the superadmin who adds and removes turbines (only a superadmin may delete one)
  const internal =
    (
      await db.query<{ id: number }>(
        `insert into companies (name, contact_email, is_internal) values ('Bench İç', 'info@bench.example', true) returning id`,
      )
    ).rows[0]?.id ?? 0;
  await manager(internal, 'superadmin@audit.bench.example', 'superadmin');

  await db.query('vacuum analyze');
  return { bigTurbine, overlayPhoto, withCompany, withoutCompany, linkFinding };
}

async function login(server: BenchServer, email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`login failed: ${res.status}`);
  return body.token;
}

/** One measured run after a 2 s warm-up: the figures, with the CPU both sides used. */
async function measure(
  server: BenchServer,
  url: string,
  headers: Record<string, string>,
  seconds: number,
  warmup = 2,
  connections = CONNECTIONS,
) {
  if (warmup) await hammer(url, headers, connections, warmup);
  const serverBefore = cpuSeconds(server.pid);
  const clientBefore = process.cpuUsage();
  const result = await hammer(url, headers, connections, seconds);
  const client = process.cpuUsage(clientBefore);
  return { result, serverCpu: cpuSeconds(server.pid) - serverBefore, clientCpu: (client.user + client.system) / 1e6 };
}

const header = () =>
  `   ${'request'.padEnd(44)} ${'req/s'.padStart(7)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'max'.padStart(10)} ${'failed'.padStart(6)}`;
const line = (label: string, r: Pick<HammerResult, 'perSecond' | 'p50' | 'p99' | 'max' | 'failures'>) =>
  `   ${label.padEnd(44)} ${r.perSecond.toFixed(0).padStart(7)} ${ms(r.p50)} ${ms(r.p99)} ${ms(r.max)} ${String(r.failures).padStart(6)}`;

async function photoPart(server: BenchServer, ids: Awaited<ReturnType<typeof seed>>) {
  console.log(
    `\n1. one turbine: ${BIG_FINDINGS} findings, ${BIG_FINDINGS * OBSERVATIONS_PER_FINDING} observations on ${BIG_PHOTOS} photos; ${CONNECTIONS} connections, ${SECONDS} s each`,
  );
  const token = await login(server, 'manager@findings.bench.example');
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
  const base = `http://127.0.0.1:${server.port}/api/turbines/${ids.bigTurbine}`;
  const listUrl = `${base}/findings`;
  const overlayUrl = `${base}/photos/${ids.overlayPhoto}/findings`;
  const list = await fetch(listUrl, { headers });
  const listBody = (await list.json()) as { data: unknown[] };
  const overlay = await fetch(overlayUrl, { headers });
  const overlayBody = (await overlay.json()) as { data: unknown[] };
  console.log(
    `   list: ${list.status}, ${listBody.data.length} findings, ${(JSON.stringify(listBody).length / 1024 / 1024).toFixed(1)} MB of JSON` +
      ` (content-encoding: ${list.headers.get('content-encoding') ?? 'none'}); overlay: ${overlay.status}, ${overlayBody.data.length} shapes`,
  );
  console.log(`   ${uptime()}`);
  console.log(header());
  const targets = [
    ['GET findings (all, by severity), < 50 ms', listUrl, 50],
    ['GET photos/:photoId/findings, < 20 ms', overlayUrl, 20],
  ] as const;
  for (const [label, url, target] of targets) {
    const { result, serverCpu, clientCpu } = await measure(server, url, headers, SECONDS);
    console.log(line(label, result));
    console.log(
      `      p99 ${result.p99.toFixed(1)} ms against < ${target} ms: ${result.p99 < target ? 'met' : 'MISSED'}; ` +
        `CPU in ${SECONDS} s: server ${serverCpu.toFixed(1)} s, load generator ${clientCpu.toFixed(1)} s; ${uptime()}`,
    );
  }
}

/** Link suggestions for one sighting among the turbine's 5,000 findings (p99 < 30 ms). */
async function linksPart(server: BenchServer, ids: Awaited<ReturnType<typeof seed>>, dbUrl: string) {
  console.log(`\n3. link suggestions for one sighting among the ${BIG_FINDINGS} findings of one turbine; ${SECONDS} s each`);
  const token = await login(server, 'manager@findings.bench.example');
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
  const base = `http://127.0.0.1:${server.port}/api/turbines/${ids.bigTurbine}/findings`;
  const url = `${base}/${ids.linkFinding}/link-suggestions`;
  const first = await fetch(url, { headers });
  const body = (await first.json()) as { data: { distance_delta_m: number; same_type: boolean }[] };
  console.log(
    `   ${first.status}: ${body.data.length} suggestions (${body.data.filter((s) => s.same_type).length} of the same type), ` +
      `distance differences ${body.data.map((s) => s.distance_delta_m).join(', ')} m`,
  );
  console.log(header());
  for (const connections of [1, CONNECTIONS]) {
    const { result, serverCpu } = await measure(server, url, headers, SECONDS, 2, connections);
    console.log(line(`GET link-suggestions, ${connections} conn., < 30 ms`, result));
    console.log(
      `      p99 ${result.p99.toFixed(1)} ms against < 30 ms: ${result.p99 < 30 ? 'met' : 'MISSED'}; server CPU ` +
        `${((serverCpu / result.requests) * 1000).toFixed(2)} ms/request; ${uptime()}`,
    );
  }
  // the suggestion statement alone in PostgreSQL (as links.ts builds it): its plan and execution time
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const text = `select f.*, (select o.crop_key from finding_observations o where o.finding_id = f.id and o.kind = 'sighting'
        order by o.year desc, o.id desc limit 1) as crop
      from findings f left join users u on u.id = f.created_by
      where f.turbine_id = $1 and f.blade = 'A' and f.surface = 'LE' and f.distance_from_root_m between 29 and 31
        and f.last_seen_year < 2026 and f.status <> 'rejected' and f.id <> $2
        and not exists (select 1 from finding_link_dismissals d where d.finding_id = $2 and d.target_id = f.id)
      order by (f.type = 'crack') desc, abs(f.distance_from_root_m - 30) asc, f.last_seen_year desc, f.id desc limit 10`;
    const times: number[] = [];
    let plan = '';
    for (let i = 0; i < 60; i++) {
      const r = await db.query<{ 'QUERY PLAN': [{ 'Execution Time': number; Plan: { Plans?: { 'Index Name'?: string }[] } }] }>({
        text: `explain (analyze, timing off, format json) ${text}`,
        values: [ids.bigTurbine, ids.linkFinding],
      });
      const top = r.rows[0]?.['QUERY PLAN'][0];
      if (i >= 10) times.push(top?.['Execution Time'] ?? 0);
      plan =
        JSON.stringify(top?.Plan)
          .match(/"Index Name":"([^"]+)"/g)
          ?.join(', ') ?? '';
    }
    times.sort((a, b) => a - b);
    console.log(
      `   the statement alone in PostgreSQL (50 runs): median ${(times[25] ?? 0).toFixed(2)} ms, p99 ${(times[49] ?? 0).toFixed(2)} ms; indexes: ${plan}`,
    );
  } finally {
    await db.end();
  }
  // a placement being drawn: POST, one at a time
  const placement = JSON.stringify({ blade: 'B', surface: 'TE', distance_from_root_m: 41.3, type: 'erosion', year: 2027 });
  const post = () =>
    fetch(`${base}/suggestions`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: placement });
  const probe = (await (await post()).json()) as { data: unknown[] };
  for (let i = 0; i < 100; i++) await (await post()).arrayBuffer();
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const res = await post();
    await res.arrayBuffer();
    if (res.status !== 200) failures++;
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const result = { perSecond: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? 0, failures };
  console.log(line(`POST suggestions (placement), 1 conn.`, result));
  console.log(
    `      ${probe.data.length} suggestions; p99 ${result.p99.toFixed(1)} ms against < 30 ms: ${result.p99 < 30 ? 'met' : 'MISSED'}; ${uptime()}`,
  );
}

const pooled = (runs: HammerResult[]) => {
  const all = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const at = (q: number) => all[Math.min(all.length - 1, Math.floor(q * all.length))] ?? 0;
  const seconds = runs.length * ROUND_SECONDS;
  return {
    perSecond: all.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: all.at(-1) ?? 0,
    failures: runs.reduce((n, r) => n + r.failures, 0),
  };
};

/** The list's statement alone in PostgreSQL (as turbines_list_of_company, with its health columns and overdue join), run one
 *  at a time for each company alternately: the health join's own cost, without the HTTP and JavaScript around it
 *  (the execution time PostgreSQL reports). */
async function databaseTime(dbUrl: string, ids: Awaited<ReturnType<typeof seed>>) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  // the app's sessions run without JIT (db/client.ts)
  await db.query('set jit = off');
  const open = 't.open_severity_1 + t.open_severity_2 + t.open_severity_3 + t.open_severity_4 + t.open_severity_5';
  // as turbines/service.ts prepares it: overdue count, the worst severity seen this year and last (issue 16), escalated this year
  const text = `select t.*, c.name,
      case when t.open_severity_5 > 0 then 5 when t.open_severity_4 > 0 then 4 when t.open_severity_3 > 0 then 3
        when t.open_severity_2 > 0 then 2 when t.open_severity_1 > 0 then 1 end as worst, (${open})::int as open, o.overdue,
      tr.worst_this_year, tr.worst_last_year, e.escalated
    from turbines t left join companies c on c.id = t.company_id
    left join lateral (select count(*)::int as overdue from findings
      where turbine_id = t.id and status in ('confirmed', 'monitoring', 'repair_planned') and due_date < $2::date) o on true
    left join lateral (select
        max(case when fo.year = f.last_seen_year then f.severity else fo.severity end) filter (where fo.year = $3::int) as worst_this_year,
        max(case when fo.year = f.last_seen_year then f.severity else fo.severity end) filter (where fo.year = $3::int - 1) as worst_last_year
      from finding_observations fo join findings f on f.id = fo.finding_id
      where fo.turbine_id = t.id and fo.year between $3::int - 1 and $3::int and fo.kind = 'sighting'
        and f.status not in ('draft', 'rejected')) tr on true
    left join lateral (select count(distinct fe.finding_id)::int as escalated from finding_escalations fe
      join findings f on f.id = fe.finding_id
      where fe.turbine_id = t.id and fe.kind = 'severity' and fe.created_at >= make_timestamptz($3::int, 1, 1, 0, 0, 0, 'UTC')
        and f.status not in ('draft', 'rejected')) e on true
    where t.company_id = $1 order by t.id`;
  const times: Record<'with' | 'without', number[]> = { with: [], without: [] };
  try {
    for (let i = 0; i < 60; i++) {
      for (const [key, company] of [
        ['with', ids.withCompany],
        ['without', ids.withoutCompany],
      ] as const) {
        // PostgreSQL's own execution time (no transfer, no parsing in Node): EXPLAIN ANALYZE without per-node timing
        const plan = await db.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>({
          text: `explain (analyze, timing off, format json) ${text}`,
          values: [company, new Date().toISOString().slice(0, 10), new Date().getUTCFullYear()],
        });
        if (i >= 10) times[key].push(plan.rows[0]?.['QUERY PLAN'][0]['Execution Time'] ?? 0);
      }
    }
  } finally {
    await db.end();
  }
  const stats = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return `median ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1)} ms, p90 ${(sorted[Math.floor(sorted.length * 0.9)] ?? 0).toFixed(1)} ms`;
  };
  console.log(
    `   the list statement alone, PostgreSQL's execution time (50 runs each, alternating): with findings ${stats(times.with)}; without ${stats(times.without)}; ${uptime()}`,
  );
}

async function healthPart(server: BenchServer, ids: Awaited<ReturnType<typeof seed>>, dbUrl: string) {
  console.log(
    `\n2. turbine list with health: ${HEALTH_TURBINES} turbines with ${HEALTH_FINDINGS} findings beside ${HEALTH_TURBINES} without;` +
      ` ${ROUNDS} rounds of ${ROUND_SECONDS} s per variant, alternating; served at ${CONNECTIONS} connections, built at 1`,
  );
  const withToken = await login(server, 'manager@health.bench.example');
  const withoutToken = await login(server, 'manager@plain.bench.example');
  const gzip = { 'accept-encoding': 'gzip, deflate, br' };
  const api = `http://127.0.0.1:${server.port}`;
  const variants = {
    'served, with findings': {
      url: `${api}/api/turbines`,
      headers: { ...gzip, authorization: `Bearer ${withToken}` },
      connections: CONNECTIONS,
    },
    'served, without findings': {
      url: `${api}/api/turbines`,
      headers: { ...gzip, authorization: `Bearer ${withoutToken}` },
      connections: CONNECTIONS,
    },
    // one at a time: at 20 connections every build waits for the 19 before it (the event loop is the bottleneck),
    // and the database's share, which runs beside it on the other core, hardly shows; alone, a build's latency is
    // the database's time plus the JavaScript's, one after the other
    'built each time, with findings': { url: `${api}/bench/turbine-list-built/${ids.withCompany}`, headers: gzip, connections: 1 },
    'built each time, without findings': { url: `${api}/bench/turbine-list-built/${ids.withoutCompany}`, headers: gzip, connections: 1 },
  };
  // the lists are what they should be: 2,000 each, health only on the first
  for (const [name, v] of Object.entries(variants)) {
    const res = await fetch(v.url, { headers: v.headers });
    const body = (await res.json()) as { data: { health: { open: number; overdue: number; worst_open_severity: number | null } }[] };
    const open = body.data.reduce((n, t) => n + t.health.open, 0);
    const overdue = body.data.reduce((n, t) => n + t.health.overdue, 0);
    console.log(`   ${name}: ${res.status}, ${body.data.length} turbines, ${open} open findings, ${overdue} overdue`);
    await hammer(v.url, v.headers, v.connections, 2); // warm-up
  }
  console.log(`   ${uptime()}`);
  const runs = new Map<string, HammerResult[]>(Object.keys(variants).map((k) => [k, []]));
  const cpu = new Map<string, number>(Object.keys(variants).map((k) => [k, 0]));
  const pairs = [
    ['served, with findings', 'served, without findings'],
    ['built each time, with findings', 'built each time, without findings'],
  ] as const;
  for (let round = 0; round < ROUNDS; round++) {
    for (const pair of pairs) {
      // A B, then B A: neither side always goes first
      const order = round % 2 === 0 ? pair : ([pair[1], pair[0]] as const);
      for (const name of order) {
        const v = variants[name];
        const { result, serverCpu } = await measure(server, v.url, v.headers, ROUND_SECONDS, 0, v.connections);
        runs.get(name)?.push(result);
        cpu.set(name, (cpu.get(name) ?? 0) + serverCpu);
      }
    }
    console.log(`   round ${round + 1}/${ROUNDS} done; ${uptime()}`);
  }
  console.log(header());
  await databaseTime(dbUrl, ids);
  for (const [name] of runs) {
    const r = pooled(runs.get(name) ?? []);
    const perRequest = ((cpu.get(name) ?? 0) / (r.perSecond * ROUNDS * ROUND_SECONDS)) * 1000;
    console.log(`${line(name, r)}   server CPU ${perRequest.toFixed(2)} ms/request`);
  }
  for (const [withName, withoutName] of pairs) {
    const a = pooled(runs.get(withName) ?? []);
    const b = pooled(runs.get(withoutName) ?? []);
    const ratio = a.p99 / b.p99;
    console.log(
      `   ${withName.split(',')[0]}: p99 with findings ${a.p99.toFixed(1)} ms, without ${b.p99.toFixed(1)} ms: ` +
        `${((ratio - 1) * 100).toFixed(1)}% (target within 10%: ${ratio <= 1.1 ? 'met' : 'MISSED'}); ` +
        `per round: ${(runs.get(withName) ?? []).map((r, i) => `${r.p99.toFixed(0)}/${(runs.get(withoutName) ?? [])[i]?.p99.toFixed(0)}`).join(' ')} ms`,
    );
  }
}

interface SteadyChanges {
  changes: number;
  failures: number;
  latencies: number[];
}

/** `change` started `rate` times a second for `seconds` (the next one waits while one is under way): a team's steady edits. */
async function steadyChanges(rate: number, seconds: number, change: () => Promise<boolean>): Promise<SteadyChanges> {
  const latencies: number[] = [];
  let failures = 0;
  const began = performance.now();
  for (let n = 0; ; n++) {
    const due = began + (n * 1000) / rate;
    if (due >= began + seconds * 1000) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const started = performance.now();
    if (!(await change())) failures++;
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { changes: latencies.length, failures, latencies };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Issue 26: what the audit log costs. One server process, writing audit rows or not (PUT /bench/audit/on|off of
 *  findings-server.ts, switched between rounds: A B, then B A), so both sides share one process's warm code, caches and
 *  connections. a. The two lists (the findings of the 5,000-finding turbine; the 2,000-turbine list of a company) read at
 *  20 connections while changes that each write an audit row come CHANGES_PER_SECOND times a second (status changes of
 *  that turbine's findings; a turbine added to and removed from that company): the lists' latency, and the CPU the server
 *  and PostgreSQL spent per list read (the changes' work included). b. The changes alone, one at a time: CPU per change.
 *  The audit rows written are counted in the database, so the side that should write none is seen to write none. */
async function auditPart(server: BenchServer, ids: Awaited<ReturnType<typeof seed>>, dbUrl: string) {
  console.log(
    `\n4. the audit log's cost: one server writing audit rows or not, switched between ${AUDIT_ROUNDS} rounds of ` +
      `${ROUND_SECONDS} s (A B, B A); lists at ${CONNECTIONS} connections while ${CHANGES_PER_SECOND} changes a second come`,
  );
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const auditRows = async () => Number((await db.query<{ n: string }>('select count(*) as n from audit_log')).rows[0]?.n ?? 0);
  const api = `http://127.0.0.1:${server.port}/api`;
  const gzip = { 'accept-encoding': 'gzip, deflate, br' };
  const sides = ['with', 'without'] as const;
  type Side = (typeof sides)[number];
  /** CPU seconds the server and PostgreSQL spend from now until the returned function is called */
  const cpuMeter = () => {
    const server0 = cpuSeconds(server.pid);
    const pg0 = postgresCpuSeconds();
    return () => ({ serverCpu: cpuSeconds(server.pid) - server0, pgCpu: postgresCpuSeconds() - pg0 });
  };
  const switchTo = async (side: Side) => {
    const res = await fetch(`http://127.0.0.1:${server.port}/bench/audit/${side === 'with' ? 'on' : 'off'}`, { method: 'PUT' });
    if (res.status !== 200) throw new Error(`switching the audit log ${side}: ${res.status}`);
  };
  const tokens = {
    big: await login(server, 'manager@findings.bench.example'),
    health: await login(server, 'manager@health.bench.example'),
    admin: await login(server, 'superadmin@audit.bench.example'),
  };
  // what a refused change answered (status: count), printed with the figures
  const refused = new Map<string, number>();
  const refuse = (res: Response) => {
    refused.set(String(res.status), (refused.get(String(res.status)) ?? 0) + 1);
    return false;
  };
  // findings of the big turbine moved between monitoring and repair planned (severity 1-3: no escalation mail involved)
  const pool = (
    await db.query<{ id: number; version: number; status: string }>(
      `select id, version, status from findings where turbine_id = $1 and status in ('monitoring', 'repair_planned')
         and severity <= 3 order by id limit 400`,
      [ids.bigTurbine],
    )
  ).rows;
  let nextFinding = 0;
  const changeFinding = async () => {
    const finding = pool[nextFinding++ % pool.length];
    if (!finding) return false;
    const res = await fetch(`${api}/turbines/${ids.bigTurbine}/findings/${finding.id}/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.big}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: finding.status === 'monitoring' ? 'repair_planned' : 'monitoring', version: finding.version }),
    });
    const body = (await res.json()) as { data?: { version: number; status: string } };
    if (res.status !== 200 || !body.data) return refuse(res);
    finding.version = body.data.version;
    finding.status = body.data.status;
    return true;
  };
  let added: number | null = null;
  let code = 0;
  const changeTurbine = async () => {
    const authorization = `Bearer ${tokens.admin}`;
    if (added === null) {
      const res = await fetch(`${api}/turbines`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          city: 'izmir',
          code: `AUDIT-${process.pid}-${code++}`,
          location: 'Bench, yamaç',
          company_id: ids.withCompany,
        }),
      });
      const body = (await res.json()) as { data?: { id: number } };
      added = body.data?.id ?? null;
      return res.status === 201 || refuse(res);
    }
    const res = await fetch(`${api}/turbines/${added}`, { method: 'DELETE', headers: { authorization } });
    await res.arrayBuffer();
    added = null;
    return res.status === 200 || refuse(res);
  };
  const workloads = {
    'findings list (5,000), statuses change': {
      url: `${api}/turbines/${ids.bigTurbine}/findings`,
      token: tokens.big,
      change: changeFinding,
    },
    'turbine list (2,000), turbines come and go': { url: `${api}/turbines`, token: tokens.health, change: changeTurbine },
  };
  // each side's figures per round: a. reads and steady changes, b. the changes alone
  type Round = { reads: HammerResult; writes: SteadyChanges; serverCpu: number; pgCpu: number; rows: number };
  type Alone = { changes: number; latencies: number[]; serverCpu: number; pgCpu: number; rows: number };
  const rounds = new Map<string, Round[]>();
  const alone = new Map<string, Alone[]>();
  try {
    for (const w of Object.values(workloads)) {
      for (const side of sides) {
        await switchTo(side);
        await Promise.all([
          hammer(w.url, { ...gzip, authorization: `Bearer ${w.token}` }, CONNECTIONS, 2),
          steadyChanges(CHANGES_PER_SECOND, 2, w.change),
        ]);
      }
    }
    if (added !== null) await changeTurbine();
    console.log(`   ${uptime()}`);
    for (let round = 0; round < AUDIT_ROUNDS; round++) {
      for (const [name, w] of Object.entries(workloads)) {
        for (const side of round % 2 === 0 ? sides : ([...sides].reverse() as Side[])) {
          await switchTo(side);
          const key = `${name}|${side}`;
          const rowsBefore = await auditRows();
          const spent = cpuMeter();
          const [reads, writes] = await Promise.all([
            hammer(w.url, { ...gzip, authorization: `Bearer ${w.token}` }, CONNECTIONS, ROUND_SECONDS),
            steadyChanges(CHANGES_PER_SECOND, ROUND_SECONDS, w.change),
          ]);
          rounds.set(key, [...(rounds.get(key) ?? []), { reads, writes, ...spent(), rows: (await auditRows()) - rowsBefore }]);
          if (added !== null) await changeTurbine();
          // b. the changes alone, one at a time, for half a round (an even number of turbine changes: added, then removed)
          const a: Alone = { changes: 0, latencies: [], serverCpu: 0, pgCpu: 0, rows: 0 };
          const aloneRows = await auditRows();
          const aloneSpent = cpuMeter();
          const began = performance.now();
          while (performance.now() - began < (ROUND_SECONDS * 1000) / 2 || added !== null) {
            const t = performance.now();
            if (await w.change()) a.changes++;
            a.latencies.push(performance.now() - t);
          }
          Object.assign(a, aloneSpent());
          a.rows = (await auditRows()) - aloneRows;
          alone.set(key, [...(alone.get(key) ?? []), a]);
        }
      }
      console.log(`   round ${round + 1}/${AUDIT_ROUNDS} done; ${uptime()}`);
    }
  } finally {
    await switchTo('with');
    await db.end();
  }
  const pct = (x: number, y: number) => `${x >= y ? '+' : ''}${(((x - y) / y) * 100).toFixed(1)}%`;
  const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((n, x) => n + f(x), 0);
  console.log(header());
  const perRead = (r: Round) => ((r.serverCpu + r.pgCpu) / r.reads.requests) * 1000;
  for (const name of Object.keys(workloads)) {
    for (const side of sides) {
      const rs = rounds.get(`${name}|${side}`) ?? [];
      const r = pooled(rs.map((x) => x.reads));
      const requests = sum(rs, (x) => x.reads.requests);
      console.log(line(`${name}, ${side} audit`, r));
      console.log(
        `      CPU a list read (the changes' share included): server ${((sum(rs, (x) => x.serverCpu) / requests) * 1000).toFixed(3)} ms, ` +
          `+ PostgreSQL ${((sum(rs, (x) => x.serverCpu + x.pgCpu) / requests) * 1000).toFixed(3)} ms; changes ${sum(rs, (x) => x.writes.changes)} ` +
          `(${sum(rs, (x) => x.writes.failures)} refused, median ${median(rs.flatMap((x) => x.writes.latencies)).toFixed(1)} ms), ` +
          `audit rows written ${sum(rs, (x) => x.rows)}`,
      );
    }
  }
  for (const name of Object.keys(workloads)) {
    const a = rounds.get(`${name}|with`) ?? [];
    const b = rounds.get(`${name}|without`) ?? [];
    const pa = pooled(a.map((x) => x.reads));
    const pb = pooled(b.map((x) => x.reads));
    // CPU per read: each round against the other side's round next to it, and the median of those ratios
    const ratios = a.map((x, i) => perRead(x) / perRead(b[i] ?? x));
    const cpu = median(ratios);
    const within = cpu <= 1.05 && pa.p99 <= pb.p99 * 1.05;
    console.log(
      `   ${name}: with the audit log p99 ${pa.p99.toFixed(1)} vs ${pb.p99.toFixed(1)} ms (${pct(pa.p99, pb.p99)}), CPU a read ` +
        `(server + PostgreSQL) median of the rounds ${pct(cpu, 1)} (per round ${ratios.map((r) => pct(r, 1)).join(' ')}); ` +
        `target within 5%: ${within ? 'met' : 'MISSED'}`,
    );
  }
  if (refused.size) console.log(`   refused changes (status: count): ${[...refused].map(([k, n]) => `${k}: ${n}`).join(', ')}`);
  console.log("   b. the changes alone, one at a time (CPU per change: the audit row's own cost):");
  for (const name of Object.keys(workloads)) {
    const per = (side: Side) => {
      const xs = alone.get(`${name}|${side}`) ?? [];
      const changes = sum(xs, (x) => x.changes);
      return {
        changes,
        server: (sum(xs, (x) => x.serverCpu) / changes) * 1000,
        pg: (sum(xs, (x) => x.pgCpu) / changes) * 1000,
        median: median(xs.flatMap((x) => x.latencies)),
        rows: sum(xs, (x) => x.rows),
      };
    };
    const a = per('with');
    const b = per('without');
    for (const [side, x] of [
      ['with', a],
      ['without', b],
    ] as const) {
      console.log(
        `      ${`${name}, ${side} audit`.padEnd(56)} ${x.changes} changes, median ${x.median.toFixed(2)} ms, CPU a change: ` +
          `server ${x.server.toFixed(2)} ms, PostgreSQL ${x.pg.toFixed(2)} ms; audit rows ${x.rows}`,
      );
    }
    console.log(
      `      the audit row's cost: server ${pct(a.server, b.server)}, PostgreSQL ${pct(a.pg, b.pg)}, latency ${pct(a.median, b.median)}`,
    );
  }
}

async function main() {
  const dbName = `windscope_bench_findings_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-bench-findings-'));
  let server: BenchServer | undefined;
  try {
    console.log(`windscope bench:findings, node ${process.version}, ${availableParallelism()} cores, database ${dbName}`);
    console.log(`   ${uptime()}`);
    server = await startBenchServer({ BENCH_DATA_DIR: dataDir, BENCH_DATABASE_URL: dbUrl.toString() }, 'findings-server.ts');
    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    const began = performance.now();
    const ids = await seed(db).finally(() => db.end());
    console.log(`   rows written with SQL in ${((performance.now() - began) / 1000).toFixed(1)} s (then vacuum analyze)`);
    if (PARTS.includes('photo')) await photoPart(server, ids);
    if (PARTS.includes('links')) await linksPart(server, ids, dbUrl.toString());
    if (PARTS.includes('health')) await healthPart(server, ids, dbUrl.toString());
    if (PARTS.includes('audit')) await auditPart(server, ids, dbUrl.toString());
    console.log(`\n   ${uptime()}`);
  } finally {
    await server?.stop();
    if (process.env.BENCH_KEEP_DB === '1') console.log(`   kept database ${dbName}`);
    else await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
