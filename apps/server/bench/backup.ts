/**
 * npm run bench:backup — issue 22's figures (never pass/fail): a 2 GB data folder (photo-sized files of random bytes,
 * 2-8 MB, each with a photos row on an embedded PGlite database), then in the same run and on the same disk:
 *   - plain `tar -cf` of the files folder, and `npm run backup`'s createBackup (dump + files + SHA-256 manifest);
 *   - plain `tar -xf` of that tar into an empty folder, and restoreBackup (checksums, database load, move into place).
 * Each pair runs twice, alternating, and the faster of each is kept; MB/s as a share of plain tar (target >= 70 %).
 * BENCH_BACKUP_GB changes the size (default 2). The load average is printed beside every figure.
 * Round 1's first restore is the first on this machine (node_modules/.cache/windscope-pglite, the kept initdb dump and
 * migrated folders, is removed before it: its new PGlite runs initdb); later ones start from what it kept.
 * BENCH_BACKUP_BASELINE measures another version in the same rounds (this one first in round 1, last in round 2).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createBackup } from '../src/backup/create-backup.ts';
import { restoreBackup } from '../src/backup/restore-backup.ts';
import { openDatabase } from '../src/db/client.ts';
import { formatOperator, type OperatorLine } from '../src/lib/operator-messages.ts';
import { companies, photos, turbines, users } from '../src/db/schema.ts';

const GB = Number(process.env.BENCH_BACKUP_GB ?? 2);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const work = mkdtempSync(path.join(process.env.BENCH_DIR ?? tmpdir(), 'windscope-bench-backup-'));
const source = path.join(work, 'source');
const filesRoot = path.join(source, 'files');

/** CPU seconds of this process (every thread) and of the children it has waited for (tar): under load the wall-clock
 *  shares follow the CPU each side needs, so it is printed beside them */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  // /proc/self/stat fields 16 and 17 (after the command's name in parentheses): cutime, cstime in clock ticks
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  const children = (Number(fields[13]) + Number(fields[14])) / 100;
  return (own.user + own.system) / 1e6 + (Number.isFinite(children) ? children : 0);
}

async function timed<T>(step: () => Promise<T> | T): Promise<{ seconds: number; cpu: number; value: T }> {
  const started = process.hrtime.bigint();
  const cpuBefore = cpuSeconds();
  const value = await step();
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, cpu: cpuSeconds() - cpuBefore, value };
}

try {
  console.log(`generating ${GB} GB in ${work} (load ${load()})`);
  mkdirSync(source);
  const database = await openDatabase({ pgliteDir: path.join(source, 'pglite') });
  const [company] = await database.db.insert(companies).values({ name: 'Bench Enerji', isInternal: false }).returning();
  const [user] = await database.db
    .insert(users)
    .values({
      email: 'bench@example.com',
      firstName: 'Bench',
      lastName: 'User',
      passwordHash: 'x',
      role: 'admin',
      companyId: company?.id ?? 0,
    })
    .returning();
  const [turbine] = await database.db
    .insert(turbines)
    .values({ code: 'BENCH-1', city: 'İzmir', location: 'Bench', companyId: company?.id ?? 0 })
    .returning();
  let total = 0;
  let n = 0;
  const rows: (typeof photos.$inferInsert)[] = [];
  while (total < GB * 1024 ** 3) {
    const size = (2 + (n % 7)) * 1024 * 1024 + ((n * 7919) % 65_536);
    const bytes = randomBytes(size);
    const key = `turbines/${turbine?.id}/drone/2026/A/0/${1_700_000_000_000 + n}-${100_000_000 + n}-bench-${n}.jpg`;
    mkdirSync(path.dirname(path.join(filesRoot, key)), { recursive: true });
    writeFileSync(path.join(filesRoot, key), bytes);
    rows.push({
      turbineId: turbine?.id ?? 0,
      storageKey: key,
      originalName: `bench-${n}.jpg`,
      category: 'drone',
      blade: 'A',
      year: 2026,
      month: 1,
      sizeBytes: size,
      mimeType: 'image/jpeg',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      derivatives: 'none',
      uploadedBy: user?.id,
    });
    total += size;
    n++;
  }
  for (let i = 0; i < rows.length; i += 200) await database.db.insert(photos).values(rows.slice(i, i + 200));
  const mbTotal = total / 1024 / 1024;
  console.log(`${n} files, ${mbTotal.toFixed(0)} MB (load ${load()})`);
  execFileSync('sync');

  const plainTar = path.join(work, 'plain.tar');
  // BENCH_BACKUP_BASELINE: another version's src/backup folder (e.g. a `git archive` of main's apps/server with this
  // node_modules linked in), measured in the same rounds: before and after under the same load
  const baseline = process.env.BENCH_BACKUP_BASELINE;
  const versions: { label: string; createBackup: typeof createBackup; restoreBackup: typeof restoreBackup }[] = [
    { label: 'this', createBackup, restoreBackup },
  ];
  if (baseline) {
    versions.push({
      label: 'baseline',
      createBackup: (await import(path.join(path.resolve(baseline), 'create-backup.ts'))).createBackup,
      restoreBackup: (await import(path.join(path.resolve(baseline), 'restore-backup.ts'))).restoreBackup,
    });
  }
  const rounds: string[] = [];
  const best: Record<string, number> = { tar: Infinity, untar: Infinity, untarSync: Infinity, tarSync: Infinity };
  const line = (round: number, what: string, t: { seconds: number; cpu: number }) =>
    console.log(
      `round ${round}: ${what.padEnd(22)} ${(mbTotal / t.seconds).toFixed(0).padStart(5)} MB/s (${t.seconds.toFixed(1)} s, CPU ${t.cpu.toFixed(1)} s, load ${load()})`,
    );
  const pct = (plain: number, ours: number) => `${((plain / ours) * 100).toFixed(0)} %`;
  rmSync(path.resolve(import.meta.dirname, '../../../node_modules/.cache/windscope-pglite'), { recursive: true, force: true });
  for (let round = 1; round <= 2; round++) {
    rmSync(plainTar, { force: true });
    const tar = await timed(() => execFileSync('tar', ['-cf', plainTar, '-C', filesRoot, 'turbines']));
    best.tar = Math.min(best.tar ?? Infinity, tar.seconds);
    rmSync(plainTar, { force: true });
    // the durable equivalent: the backup fsyncs its archive before it says it is done
    const tarSync = await timed(() => {
      execFileSync('tar', ['-cf', plainTar, '-C', filesRoot, 'turbines']);
      execFileSync('sync', ['-f', plainTar]);
    });
    best.tarSync = Math.min(best.tarSync ?? Infinity, tarSync.seconds);
    line(round, 'tar -cf + sync', tarSync);
    line(round, 'tar -cf', tar);
    const untarInto = path.join(work, `untar-${round}`);
    mkdirSync(untarInto);
    const untar = await timed(() => execFileSync('tar', ['-xf', plainTar, '-C', untarInto]));
    best.untar = Math.min(best.untar ?? Infinity, untar.seconds);
    line(round, 'tar -xf', untar);
    rmSync(untarInto, { recursive: true, force: true });
    // the durable equivalent of tar -xf: the restore makes every file durable before it says it is done
    const durableInto = path.join(work, `untar-sync-${round}`);
    mkdirSync(durableInto);
    const untarSync = await timed(() => {
      execFileSync('tar', ['-xf', plainTar, '-C', durableInto]);
      execFileSync('sync', ['-f', durableInto]);
    });
    best.untarSync = Math.min(best.untarSync ?? Infinity, untarSync.seconds);
    line(round, 'tar -xf + sync', untarSync);
    rmSync(durableInto, { recursive: true, force: true });

    for (const version of round === 1 ? versions : [...versions].reverse()) {
      const archive = path.join(work, `backup-${version.label}.tar`);
      rmSync(archive, { force: true });
      const backup = await timed(() =>
        version.createBackup({ db: database.db, databaseKind: 'pglite', filesRoot, scratchDir: path.join(source, 'tmp'), out: archive }),
      );
      best[`backup ${version.label}`] = Math.min(best[`backup ${version.label}`] ?? Infinity, backup.seconds);
      line(round, `backup (${version.label})`, backup);
      const target = path.join(work, `restore-${round}-${version.label}`);
      const steps: string[] = [];
      const restoreStarted = performance.now();
      const at = () => `[${((performance.now() - restoreStarted) / 1000).toFixed(2)} s] `;
      const restore = await timed(() =>
        version.restoreBackup({
          archive,
          databaseUrl: undefined,
          pgliteDir: path.join(target, 'pglite'),
          dataDir: target,
          filesRoot: path.join(target, 'files'),
          // a baseline from before issue 22 logs text
          log: (l: OperatorLine | string) => steps.push(at() + (typeof l === 'string' ? l : formatOperator(l, 'en'))),
        }),
      );
      best[`restore ${version.label}`] = Math.min(best[`restore ${version.label}`] ?? Infinity, restore.seconds);
      line(round, `restore (${version.label})`, restore);
      console.log(`  ${steps.join('\n  ')}`);
      rmSync(target, { recursive: true, force: true });
      rmSync(archive, { force: true });
      rounds.push(
        `round ${round} ${version.label}: backup ${pct(tar.seconds, backup.seconds)} of tar -cf (CPU ${pct(tar.cpu, backup.cpu)}), restore ${pct(untar.seconds, restore.seconds)} of tar -xf (CPU ${pct(untar.cpu, restore.cpu)}); with sync: ${pct(tarSync.seconds, backup.seconds)}, ${pct(untarSync.seconds, restore.seconds)}`,
      );
    }
  }
  await database.close();
  const mbs = (seconds: number | undefined) => (mbTotal / (seconds ?? Infinity)).toFixed(0);
  console.log(`\nbest of 2, ${mbTotal.toFixed(0)} MB in ${n} files:`);
  for (const { label } of versions) {
    const b = best[`backup ${label}`] ?? Infinity;
    const r = best[`restore ${label}`] ?? Infinity;
    console.log(
      `  ${label}: backup ${mbs(b)} MB/s = ${pct(best.tar ?? 0, b)} of tar -cf (${mbs(best.tar)} MB/s), restore ${mbs(r)} MB/s = ${pct(best.untar ?? 0, r)} of tar -xf (${mbs(best.untar)} MB/s); against tar + sync: backup ${pct(best.tarSync ?? 0, b)} (${mbs(best.tarSync)} MB/s), restore ${pct(best.untarSync ?? 0, r)} (${mbs(best.untarSync)} MB/s)`,
    );
  }
  console.log(`  per round (same cache state):\n    ${rounds.join('\n    ')}\n  target >= 70 %; load ${load()}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
