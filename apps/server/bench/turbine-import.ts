/**
 * npm run bench:import — the turbine import (issue 27 item 4) on the embedded PGlite, figures only (never pass/fail):
 * a company with 2,500 turbines, then a CSV of 5,000 rows (2,500 of them its turbines with a changed model, 2,500 new
 * with every asset column) checked (dry run) and applied in one transaction, through the service (no HTTP). Then the
 * same file as XLSX, checked. Prints wall times with the machine's load (uptime).
 * Env: BENCH_IMPORT_ROWS (5000).
 */
import { execSync } from 'node:child_process';
import writeXlsxFile from 'write-excel-file/node';
import type { Actor } from '@windscope/contract';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { companies, turbines } from '../src/db/schema.ts';
import { importTurbines } from '../src/turbines/turbine-import.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const uptime = () => execSync('uptime').toString().trim();

const handle = await openDatabase({ pgliteDir: 'memory://' } as never);
const ctx = { db: handle.db, now: () => new Date() } as unknown as AppContext;
const [company] = await handle.db.insert(companies).values({ name: 'Bench Enerji' }).returning({ id: companies.id });
if (!company) throw new Error('no company');
const half = Math.floor(ROWS / 2);
for (let i = 0; i < half; i += 500) {
  await handle.db.insert(turbines).values(
    Array.from({ length: Math.min(500, half - i) }, (_, j) => ({
      code: `B-${i + j}`,
      city: 'izmir',
      location: 'Bench',
      companyId: company.id,
      manufacturer: 'Enercon',
      model: 'E-126',
    })),
  );
}
const header =
  'Kod,Şehir,Konum,Koordinatlar,Oda sayısı,Durum,Üretici,Model,Nominal güç (kW),Göbek yüksekliği (m),Rotor çapı (m),Kanat uzunluğu (m),Kanat tipi,İşletmeye alma tarihi,Kanat A seri no,Kanat B seri no,Kanat C seri no';
const lines = [header];
const cells: (string | number)[][] = [header.split(',')];
for (let i = 0; i < ROWS; i++) {
  const row = [
    `B-${i}`,
    'izmir',
    'Bench',
    `38.${i % 1000},27.${i % 997}`,
    3,
    'Aktif',
    'Enercon',
    'E-138',
    4200,
    130,
    138,
    67.8,
    'GFRP',
    '2021-09-14',
    `A${i}`,
    `B${i}`,
    `C${i}`,
  ];
  lines.push(row.map((cell) => (String(cell).includes(',') ? `"${cell}"` : cell)).join(','));
  cells.push(row);
}
const csv = Buffer.from(`${lines.join('\r\n')}\r\n`);
const actor: Actor = { id: 1, role: 'superadmin', companyId: 0 } as Actor;
const options = (dryRun: boolean) => ({ dryRun, companyId: company.id });

console.log(`turbine import, ${ROWS} rows (${half} changed, ${ROWS - half} new), PGlite in memory`);
console.log(`load before: ${uptime()}`);
let start = performance.now();
const checked = await importTurbines(ctx, actor, csv, options(true), 'tr');
console.log(`CSV dry run:  ${(performance.now() - start).toFixed(0)} ms  ${JSON.stringify(checked.counts)}`);
if (checked.counts.refused) console.log(JSON.stringify(checked.rows.slice(0, 2)));
start = performance.now();
const applied = await importTurbines(ctx, actor, csv, options(false), 'tr');
console.log(`CSV applied:  ${(performance.now() - start).toFixed(0)} ms  applied=${applied.applied}`);
const xlsx = await writeXlsxFile(cells.map((row) => row.map((value) => ({ value })))).toBuffer();
start = performance.now();
const again = await importTurbines(ctx, actor, xlsx, options(true), 'tr');
console.log(`XLSX dry run: ${(performance.now() - start).toFixed(0)} ms  ${JSON.stringify(again.counts)} (after the apply: all unchanged)`);
console.log(`load after:  ${uptime()}`);
await handle.close();
