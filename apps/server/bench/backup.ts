/**
 * npm run bench:backup — issue 22's figures (never pass/fail): a 2 GB data folder (photo-sized files of random bytes,
 * 2-8 MB, each with a photos row on an embedded PGlite database), then in the same run and on the same disk:
 *   - plain `tar -cf` of the files folder, and `npm run backup`'s createBackup (dump + files + SHA-256 manifest);
 *   - plain `tar -xf` of that tar into an empty folder, and restoreBackup (checksums, database load, move into place).
 * Each pair runs twice, alternating, and the faster of each is kept; MB/s as a share of plain tar (target >= 70 %).
 * BENCH_BACKUP_GB changes the size (default 2). The load average is printed beside every figure.
 * Round 1's restore is the first on this machine (the kept initdb dump, node_modules/.cache/windscope-pglite, is removed
 * before it: its new PGlite runs initdb); round 2's starts from the dump round 1 kept.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createBackup } from '../src/backup/create-backup.ts';
import { restoreBackup } from '../src/backup/restore-backup.ts';
import { openDatabase } from '../src/db/client.ts';
import { companies, photos, turbines, users } from '../src/db/schema.ts';

const GB = Number(process.env.BENCH_BACKUP_GB ?? 2);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const work = mkdtempSync(path.join(process.env.BENCH_DIR ?? tmpdir(), 'windscope-bench-backup-'));
const source = path.join(work, 'source');
const filesRoot = path.join(source, 'files');

async function timed<T>(step: () => Promise<T> | T): Promise<{ seconds: number; value: T }> {
  const started = process.hrtime.bigint();
  const value = await step();
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, value };
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
  const archive = path.join(work, 'backup.tar');
  const rounds: string[] = [];
  const best = { tar: Infinity, backup: Infinity, untar: Infinity, restore: Infinity, untarSync: Infinity, tarSync: Infinity };
  rmSync(path.resolve(import.meta.dirname, '../../../node_modules/.cache/windscope-pglite'), { recursive: true, force: true });
  for (let round = 1; round <= 2; round++) {
    rmSync(plainTar, { force: true });
    const tar = await timed(() => execFileSync('tar', ['-cf', plainTar, '-C', filesRoot, 'turbines']));
    best.tar = Math.min(best.tar, tar.seconds);
    rmSync(plainTar, { force: true });
    // the durable equivalent: the backup fsyncs its archive before it says it is done
    const tarSync = await timed(() => {
      execFileSync('tar', ['-cf', plainTar, '-C', filesRoot, 'turbines']);
      execFileSync('sync', ['-f', plainTar]);
    });
    best.tarSync = Math.min(best.tarSync, tarSync.seconds);
    console.log(
      `round ${round}: tar -cf + sync ${(mbTotal / tarSync.seconds).toFixed(0)} MB/s (${tarSync.seconds.toFixed(1)} s, load ${load()})`,
    );
    console.log(`round ${round}: tar -cf     ${(mbTotal / tar.seconds).toFixed(0)} MB/s (${tar.seconds.toFixed(1)} s, load ${load()})`);
    rmSync(archive, { force: true });
    const backup = await timed(() =>
      createBackup({ db: database.db, databaseKind: 'pglite', filesRoot, scratchDir: path.join(source, 'tmp'), out: archive }),
    );
    best.backup = Math.min(best.backup, backup.seconds);
    console.log(
      `round ${round}: backup      ${(mbTotal / backup.seconds).toFixed(0)} MB/s (${backup.seconds.toFixed(1)} s, load ${load()})`,
    );

    const untarInto = path.join(work, `untar-${round}`);
    mkdirSync(untarInto);
    const untar = await timed(() => execFileSync('tar', ['-xf', plainTar, '-C', untarInto]));
    best.untar = Math.min(best.untar, untar.seconds);
    console.log(`round ${round}: tar -xf     ${(mbTotal / untar.seconds).toFixed(0)} MB/s (${untar.seconds.toFixed(1)} s, load ${load()})`);
    rmSync(untarInto, { recursive: true, force: true });
    const target = path.join(work, `restore-${round}`);
    const steps: string[] = [];
    const restore = await timed(() =>
      restoreBackup({
        archive,
        databaseUrl: undefined,
        pgliteDir: path.join(target, 'pglite'),
        dataDir: target,
        filesRoot: path.join(target, 'files'),
        log: (line) => steps.push(line),
      }),
    );
    best.restore = Math.min(best.restore, restore.seconds);
    console.log(
      `round ${round}: restore     ${(mbTotal / restore.seconds).toFixed(0)} MB/s (${restore.seconds.toFixed(1)} s, load ${load()})`,
    );
    console.log(`  ${steps.join('\n  ')}`);
    rmSync(target, { recursive: true, force: true });
    // the durable equivalent of tar -xf: the restore fsyncs every file before it says it is done
    const durableInto = path.join(work, `untar-sync-${round}`);
    mkdirSync(durableInto);
    const untarSync = await timed(() => {
      execFileSync('tar', ['-xf', plainTar, '-C', durableInto]);
      execFileSync('sync', ['-f', durableInto]);
    });
    best.untarSync = Math.min(best.untarSync, untarSync.seconds);
    console.log(
      `round ${round}: tar -xf + sync ${(mbTotal / untarSync.seconds).toFixed(0)} MB/s (${untarSync.seconds.toFixed(1)} s, load ${load()})`,
    );
    rmSync(durableInto, { recursive: true, force: true });
    rounds.push(
      `round ${round}: backup ${((tar.seconds / backup.seconds) * 100).toFixed(0)} % of tar -cf, restore ${((untar.seconds / restore.seconds) * 100).toFixed(0)} % of tar -xf (with sync: ${((tarSync.seconds / backup.seconds) * 100).toFixed(0)} %, ${((untarSync.seconds / restore.seconds) * 100).toFixed(0)} %)`,
    );
  }
  await database.close();
  const share = (ours: number, plain: number) => `${((plain / ours) * 100).toFixed(0)} %`;
  console.log(
    `\nbest of 2, ${mbTotal.toFixed(0)} MB in ${n} files:\n` +
      `  backup  ${(mbTotal / best.backup).toFixed(0)} MB/s = ${share(best.backup, best.tar)} of tar -cf (${(mbTotal / best.tar).toFixed(0)} MB/s)\n` +
      `  restore ${(mbTotal / best.restore).toFixed(0)} MB/s = ${share(best.restore, best.untar)} of tar -xf (${(mbTotal / best.untar).toFixed(0)} MB/s)\n` +
      `  (backup against tar -cf followed by sync: ${share(best.backup, best.tarSync)}, ${(mbTotal / best.tarSync).toFixed(0)} MB/s)\n` +
      `  (restore against tar -xf followed by sync: ${share(best.restore, best.untarSync)}, ${(mbTotal / best.untarSync).toFixed(0)} MB/s)\n` +
      `  per round (same cache state): ${rounds.join('; ')}\n` +
      `  target >= 70 %; load ${load()}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
