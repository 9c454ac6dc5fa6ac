import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { gzipSync } from 'node:zlib';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { formatOperator, type OperatorLine } from '../lib/operator-messages.ts';
import { createPostgresDatabase, createTestApp, DEMO, TEST_DB, type TestApp } from '../../test/harness.ts';
import { repoRoot, runCommand } from '../../test/run-command.ts';
import { demoTurbineIds, makeJpeg, makePdf, postFiles } from '../../test/uploads.ts';
import { startBackupService } from './backup-service.ts';
import { askServerForBackup } from './control-channel.ts';
import { createBackup } from './create-backup.ts';
import { tablesInLoadOrder } from './database-dump.ts';
import type { BackupManifest } from './manifest.ts';
import { RestoreFilesNotMoved, RestoreRefused, restoreBackup } from './restore-backup.ts';

const year = new Date().getFullYear();

const query = async (db: DatabaseHandle['db'], text: string) => ((await db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows;

/** Every row of every table, as Postgres prints it, sorted: two databases with the same rows give the same lists. */
async function everyRow(db: DatabaseHandle['db']): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await tablesInLoadOrder(db)) {
    const result = (await db.execute(sql.raw(`select row_to_json(t)::text as j from "${table}" t order by 1`))) as unknown as {
      rows: { j: string }[];
    };
    out[table] = result.rows.map((r) => r.j);
  }
  return out;
}

/** Every row of a restore's target database, opened for this and closed again. */
async function rowsOf(target: { options: { databaseUrl?: string; pgliteDir: string } }): Promise<Record<string, string[]>> {
  const db = await openDatabase({ databaseUrl: target.options.databaseUrl, pgliteDir: target.options.pgliteDir });
  try {
    return await everyRow(db.db);
  } finally {
    await db.close();
  }
}

function filesUnder(root: string, dir = ''): Record<string, string> {
  const out: Record<string, string> = {};
  const here = path.join(root, dir);
  if (!existsSync(here)) return out;
  for (const entry of readdirSync(here, { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(out, filesUnder(root, rel));
    else
      out[rel] = createHash('sha256')
        .update(readFileSync(path.join(root, rel)))
        .digest('hex');
  }
  return out;
}

/** A fresh, empty target: a data folder and (PGlite inside it, or a new PostgreSQL database). */
async function emptyTarget() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-restore-'));
  const pg = TEST_DB === 'postgres' ? await createPostgresDatabase() : null;
  return {
    dataDir,
    options: { databaseUrl: pg?.url, pgliteDir: path.join(dataDir, 'pglite'), dataDir, filesRoot: path.join(dataDir, 'files') },
    async drop() {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe(`backup and restore (${TEST_DB}, fs driver)`, { timeout: 120_000 }, () => {
  let t: TestApp;
  let work: string;
  let archive: string;
  const targets: { drop(): Promise<void> }[] = [];
  /** the first test's restored target, which the last one finds not empty */
  let restoredTarget: Awaited<ReturnType<typeof emptyTarget>>;

  beforeAll(async () => {
    t = await createTestApp({ storage: 'fs', seed: true });
    work = mkdtempSync(path.join(tmpdir(), 'windscope-backup-'));
    const admin = await t.login(DEMO.egeAdmin);
    const [turbineId = 0] = await demoTurbineIds(t, admin);
    const res = await postFiles(t, admin, turbineId, { category: 'drone', year, blade: 'A' }, [
      { name: 'one.jpg', bytes: await makeJpeg(640, 480, { seed: 1 }) },
      { name: 'two.jpg', bytes: await makeJpeg(640, 480, { seed: 2 }) },
    ]);
    expect(res.statusCode).toBe(201);
    const photoId = (res.json().data as { id: number }[])[0]?.id;
    expect((await postFiles(t, admin, turbineId, { year }, [{ name: 'report.pdf', bytes: makePdf() }], 'reports')).statusCode).toBe(201);
    const finding = await t.call(admin, {
      method: 'POST',
      url: `/api/turbines/${turbineId}/findings`,
      payload: {
        blade: 'A',
        surface: 'LE',
        type: 'crack',
        severity: 3,
        observation: {
          photo_id: photoId,
          geometry: {
            space: 'flat',
            shape: 'rectangle',
            points: [
              [0.2, 0.2],
              [0.4, 0.5],
            ],
          },
        },
      },
    });
    expect(finding.statusCode, finding.body).toBe(201);
    await t.app.ctx.derivatives.idle();
    archive = path.join(work, 'backup.tar');
    const result = await createBackup({
      db: t.app.ctx.db,
      databaseKind: t.app.ctx.database.kind,
      filesRoot: t.config.storage.root,
      scratchDir: path.join(t.dataDir, 'tmp'),
      out: archive,
    });
    expect(result.missing).toEqual([]);
    // two originals with thumbnail and preview each, the report, the evidence crop
    expect(result.files).toBe(8);
  });
  afterAll(async () => {
    for (const target of targets) await target.drop();
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('restores identical rows, sequences and files into an empty database and data folder', async () => {
    const target = await emptyTarget();
    targets.push(target);
    restoredTarget = target;
    const restored = await restoreBackup({ archive, ...target.options });
    expect(restored.files).toBe(8);
    const db = await openDatabase({ databaseUrl: target.options.databaseUrl, pgliteDir: target.options.pgliteDir });
    try {
      const before = await everyRow(t.app.ctx.db);
      expect(before.finding_events?.length).toBeGreaterThan(0);
      expect(await everyRow(db.db)).toEqual(before);
      const sequences = `select sequencename as name, last_value from pg_sequences where schemaname = 'public' order by 1`;
      expect(await query(db.db, sequences)).toEqual(await query(t.app.ctx.db, sequences));
      // the counter and append-only triggers are on again
      expect(await query(db.db, `select tgname from pg_trigger where not tgisinternal and tgenabled = 'D'`)).toEqual([]);
      await expect(db.db.execute(sql.raw('update finding_events set at = at'))).rejects.toThrow();
    } finally {
      await db.close();
    }
    const source = filesUnder(t.config.storage.root, 'turbines');
    expect(Object.keys(source)).toHaveLength(8);
    expect(filesUnder(target.options.filesRoot, 'turbines')).toEqual(source);

    if (TEST_DB === 'pglite') {
      // the first restore kept the migrated empty folder of this schema level: the next copies it, same rows
      const again = await emptyTarget();
      targets.push(again);
      const lines: OperatorLine[] = [];
      await restoreBackup({ archive, ...again.options, log: (line) => lines.push(line) });
      expect(lines.map((l) => formatOperator(l, 'en')).join('\n')).toMatch(/empty database made alongside, from the kept database folder/);
      expect(lines.map((l) => formatOperator(l, 'tr')).join('\n')).toMatch(
        /boş veritabanı bu arada hazırlandı, saklanan veritabanı klasöründen/,
      );
      expect(await rowsOf(again)).toEqual(await everyRow(t.app.ctx.db));
    }
  });

  it('refuses a damaged or cut-short archive, and writes nothing', async () => {
    const bytes = readFileSync(archive);
    const flipped = path.join(work, 'flipped.tar');
    const copy = Buffer.from(bytes);
    // a byte inside the first original's contents (after the database dump's entry)
    const at = copy.indexOf(Buffer.from('files/turbines/')) + 1024;
    copy[at] = (copy[at] ?? 0) ^ 0xff;
    writeFileSync(flipped, copy);
    // a byte inside the database dump: found before a row is loaded (the rows are loaded while the files are unpacked)
    const dumpFlipped = path.join(work, 'dump-flipped.tar');
    const dumpCopy = Buffer.from(bytes);
    const inDump = dumpCopy.indexOf(Buffer.from('{"$windscope"')) + 20;
    expect(inDump).toBeGreaterThan(20);
    dumpCopy[inDump] = (dumpCopy[inDump] ?? 0) ^ 0xff;
    writeFileSync(dumpFlipped, dumpCopy);
    const cut = path.join(work, 'cut.tar');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const noManifest = path.join(work, 'no-manifest.tar');
    writeFileSync(noManifest, bytes);
    truncateSync(noManifest, bytes.lastIndexOf(Buffer.from('manifest.json')) - 512 + 0);

    for (const [file, message, turkish] of [
      [flipped, /does not match its checksum/, /manifestodaki sağlama toplamıyla uyuşmuyor: arşiv bozuk/],
      [dumpFlipped, /database\.jsonl does not match its checksum/, /^database\.jsonl manifestodaki sağlama toplamıyla uyuşmuyor/],
      [cut, /damaged or cut short|no manifest/, /arşiv bozuk ya da yarım kalmış|arşivin manifestosu yok/],
      [noManifest, /damaged or cut short|no manifest/, /arşiv bozuk ya da yarım kalmış|arşivin manifestosu yok/],
    ] as const) {
      const target = await emptyTarget();
      targets.push(target);
      const error = await restoreBackup({ archive: file, ...target.options }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RestoreRefused);
      expect((error as Error).message).toMatch(message);
      expect((error as RestoreRefused).in('en')).toBe((error as Error).message);
      expect((error as RestoreRefused).in('tr')).toMatch(turkish);
      expect(readdirSync(target.dataDir)).toEqual([]);
      if (target.options.databaseUrl) {
        const db = await openDatabase({ databaseUrl: target.options.databaseUrl, pgliteDir: '', migrationsFolder: null });
        const tables = await query(db.db, `select count(*)::int as n from pg_tables where schemaname = 'public'`);
        await db.close();
        expect(tables).toEqual([{ n: 0 }]);
      }
    }
  });

  it('refuses an archive whose entries disagree with its manifest, or a damaged gzip one, and writes nothing', async () => {
    // the archive's entries, re-packed with changes (tar-stream, as another program would write them)
    const entries: { header: tar.Header; bytes: Buffer }[] = [];
    const extract = tar.extract();
    const reading = (async () => {
      for await (const entry of extract) {
        const parts: Buffer[] = [];
        for await (const chunk of entry) parts.push(chunk as Buffer);
        entries.push({ header: entry.header, bytes: Buffer.concat(parts) });
      }
    })();
    extract.end(readFileSync(archive));
    await reading;
    const repack = async (name: string, changed: { header: tar.Header; bytes: Buffer }[]) => {
      const pack = tar.pack();
      for (const { header, bytes } of changed) pack.entry({ ...header, size: bytes.length }, bytes);
      pack.finalize();
      const parts: Buffer[] = [];
      for await (const chunk of pack) parts.push(chunk as Buffer);
      const file = path.join(work, name);
      writeFileSync(file, Buffer.concat(parts));
      return file;
    };
    const original = entries.find((e) => e.header.name.startsWith('files/turbines/')) as (typeof entries)[number];
    const manifestAt = entries.findIndex((e) => e.header.name === 'manifest.json');
    const before = entries.slice(0, manifestAt);
    const manifest = entries.slice(manifestAt);
    const longer = entries.map((e) => (e === original ? { ...e, bytes: Buffer.concat([e.bytes, Buffer.from('x')]) } : e));
    const gz = path.join(work, 'flipped.tar.gz');
    const zipped = gzipSync(readFileSync(archive));
    const middle = Math.floor(zipped.length / 2);
    zipped[middle] = (zipped[middle] ?? 0) ^ 0xff;
    writeFileSync(gz, zipped);
    // the last file's bytes damaged: the others are unpacked by then, and must go too
    const lastFile = before.at(-1) as (typeof entries)[number];
    const lastDamaged = entries.map((e) => (e === lastFile ? { ...e, bytes: Buffer.from(e.bytes).fill(7, 0, 1) } : e));
    expect(lastFile.bytes[0]).not.toBe(7);

    // the manifest's schema level: one migration more than this version knows, or another first migration
    const manifestJson = JSON.parse((manifest[0] as (typeof entries)[number]).bytes.toString('utf8')) as BackupManifest;
    const withManifest = (change: (m: BackupManifest) => void) => {
      const changed = structuredClone(manifestJson);
      change(changed);
      return [...before, { header: (manifest[0] as (typeof entries)[number]).header, bytes: Buffer.from(JSON.stringify(changed)) }];
    };
    const known = manifestJson.database.migrations.length;
    for (const [file, message, turkish] of [
      [await repack('longer.tar', longer), /does not match its checksum/, /manifestodaki sağlama toplamıyla uyuşmuyor/],
      [await repack('last-damaged.tar', lastDamaged), /does not match its checksum/, /manifestodaki sağlama toplamıyla uyuşmuyor/],
      [await repack('twice.tar', [...before, original, ...manifest]), /holds turbines\/.* twice/, /arşivde turbines\/.* iki kez var/],
      [
        await repack('unlisted.tar', [
          ...before,
          { ...original, header: { ...original.header, name: 'files/turbines/extra.jpg' } },
          ...manifest,
        ]),
        /holds turbines\/extra.jpg, which its manifest does not list/,
        /arşivde manifestonun listelemediği turbines\/extra\.jpg var: hiçbir şey geri yüklenmedi/,
      ],
      [
        await repack('folder.tar', [
          ...before,
          { header: { ...original.header, name: 'files/turbines/x', type: 'directory' }, bytes: Buffer.alloc(0) },
          ...manifest,
        ]),
        /unexpected entry: files\/turbines\/x/,
        /arşivde beklenmeyen bir kayıt var: files\/turbines\/x/,
      ],
      [gz, /damaged or cut short/, /arşiv bozuk ya da yarım kalmış \(sıkıştırılmış veri/],
      [
        await repack(
          'newer.tar',
          withManifest((m) => m.database.migrations.push({ hash: 'next', createdAt: Date.now() })),
        ),
        new RegExp(`made by a newer Windscope \\(schema level ${known + 1}, this version knows ${known}\\): restore it with that version`),
        new RegExp(`daha yeni bir Windscope ile alınmış \\(şema düzeyi ${known + 1}, bu sürüm ${known} düzeyini biliyor\\)`),
      ],
      [
        await repack(
          'other-schema.tar',
          withManifest((m) => {
            (m.database.migrations[0] as { createdAt: number }).createdAt += 1;
          }),
        ),
        /the archive's schema \(migration 1\) is not this version's/,
        /arşivin şeması \(1\. geçiş\) bu sürümünkü değil/,
      ],
    ] as const) {
      const target = await emptyTarget();
      targets.push(target);
      const error = await restoreBackup({ archive: file, ...target.options }).catch((e: unknown) => e);
      expect(error, String(file)).toBeInstanceOf(RestoreRefused);
      expect((error as Error).message).toMatch(message);
      expect((error as RestoreRefused).in('tr'), String(file)).toMatch(turkish);
      expect(readdirSync(target.dataDir), String(file)).toEqual([]);
    }
  });

  // into a new PGlite on either test database (the archive is the same; PostgreSQL's target is tried elsewhere)
  it('a new PGlite database that cannot be made (its thread fails) fails the restore, nothing half-restored', async () => {
    const target = await emptyTarget();
    targets.push(target);
    // the PGlite folder's parent is a file: the thread that makes the empty database fails
    writeFileSync(path.join(target.dataDir, 'not-a-folder'), 'x');
    const pgliteDir = path.join(target.dataDir, 'not-a-folder', 'pglite');
    const error = await restoreBackup({ archive, ...target.options, databaseUrl: undefined, pgliteDir }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/could not create the PGlite database/);
    expect(readdirSync(target.dataDir)).toEqual(['not-a-folder']);
  });

  it("removes the leftovers of a backup whose process is gone (this pid's too when it is not writing them), never a running one's", async () => {
    const outDir = path.join(work, 'leftovers');
    const scratchDir = path.join(t.dataDir, 'tmp');
    mkdirSync(outDir, { recursive: true });
    mkdirSync(scratchDir, { recursive: true });
    // a pid that ran and is gone, this process's (an earlier process of the same pid: a container's pid 1), a living one's
    const gone = spawnSync(process.execPath, ['-e', '']).pid as number;
    const names = {
      gone: `.old.tar.${gone}-0badc0de.partial`,
      goneTar: `.old.tar.${gone}-0badc0de.partial.tar`,
      samePid: `.old.tar.${process.pid}-feedbeef.partial`,
      living: `.old.tar.${process.ppid}-cafef00d.partial`,
      unrelated: 'notes.partial',
    };
    for (const name of Object.values(names)) writeFileSync(path.join(outDir, name), 'x');
    for (const pid of [gone, process.pid, process.ppid]) mkdirSync(path.join(scratchDir, `backup-${pid}-left`), { recursive: true });
    const lines: string[] = [];
    await createBackup({
      db: t.app.ctx.db,
      databaseKind: t.app.ctx.database.kind,
      filesRoot: t.config.storage.root,
      scratchDir,
      out: path.join(outDir, 'new.tar'),
      log: (line) => lines.push(formatOperator(line, 'en'), formatOperator(line, 'tr')),
    });
    expect(readdirSync(outDir).sort()).toEqual(['new.tar', names.living, names.unrelated].sort());
    expect(readdirSync(scratchDir).filter((n) => n.startsWith('backup-'))).toEqual([`backup-${process.ppid}-left`]);
    expect(lines).toContain(`removed ${names.gone}, left by a backup that was stopped half way`);
    expect(lines).toContain(`${names.gone} silindi (yarıda kesilen bir yedeklemeden kalmıştı)`);
  });

  it('restores a gzip archive the same way, and refuses one cut short', async () => {
    const gz = path.join(work, 'backup.tar.gz');
    await createBackup({
      db: t.app.ctx.db,
      databaseKind: t.app.ctx.database.kind,
      filesRoot: t.config.storage.root,
      scratchDir: path.join(t.dataDir, 'tmp'),
      out: gz,
      gzip: true,
    });
    const target = await emptyTarget();
    targets.push(target);
    expect((await restoreBackup({ archive: gz, ...target.options })).files).toBe(8);
    expect(filesUnder(target.options.filesRoot, 'turbines')).toEqual(filesUnder(t.config.storage.root, 'turbines'));
    const cut = path.join(work, 'cut.tar.gz');
    const bytes = readFileSync(gz);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const second = await emptyTarget();
    targets.push(second);
    await expect(restoreBackup({ archive: cut, ...second.options })).rejects.toThrow(/damaged or cut short|no manifest/);
    expect(readdirSync(second.dataDir)).toEqual([]);
  });

  it('refuses a target whose database or data folder is not empty, and changes nothing there', async () => {
    const target = restoredTarget;
    const filesBefore = filesUnder(target.options.filesRoot);
    const folderRefused = await restoreBackup({ archive, ...target.options }).catch((e: unknown) => e);
    expect(folderRefused).toBeInstanceOf(RestoreRefused);
    expect((folderRefused as RestoreRefused).in('en')).toMatch(/data folder .* is not empty \(8 files\)/);
    expect((folderRefused as RestoreRefused).in('tr')).toMatch(/veri klasörü .* boş değil \(8 dosya\): geri yükleme boş bir klasör ister/);
    // files gone, rows still there
    rmSync(target.options.filesRoot, { recursive: true });
    const databaseRefused = await restoreBackup({ archive, ...target.options }).catch((e: unknown) => e);
    expect(databaseRefused).toBeInstanceOf(RestoreRefused);
    expect((databaseRefused as RestoreRefused).in('en')).toMatch(/the database is not empty \(table \w+ has rows\)/);
    expect((databaseRefused as RestoreRefused).in('tr')).toMatch(/veritabanı boş değil \(\w+ tablosunda satır var\)/);
    expect(existsSync(target.options.filesRoot)).toBe(false);
    expect(Object.keys(filesBefore)).toHaveLength(8);
    expect(statSync(target.dataDir).isDirectory()).toBe(true);
  });

  it("restores into a files folder that is a link to another folder (a disk mounted elsewhere), a stopped restore's scratch folder in it removed", async () => {
    const target = await emptyTarget();
    targets.push(target);
    const disk = mkdtempSync(path.join(tmpdir(), 'windscope-restore-disk-'));
    targets.push({ drop: async () => rmSync(disk, { recursive: true, force: true }) });
    // what a restore killed half way leaves in the files folder
    mkdirSync(path.join(disk, '.restore-left', 'turbines'), { recursive: true });
    writeFileSync(path.join(disk, '.restore-left', 'turbines', 'half.jpg'), 'x');
    symlinkSync(disk, target.options.filesRoot);
    expect((await restoreBackup({ archive, ...target.options })).files).toBe(8);
    expect(lstatSync(target.options.filesRoot).isSymbolicLink()).toBe(true);
    expect(readdirSync(disk)).toEqual(['turbines']);
    expect(filesUnder(disk, 'turbines')).toEqual(filesUnder(t.config.storage.root, 'turbines'));
    expect(await rowsOf(target)).toEqual(await everyRow(t.app.ctx.db));
  });

  it('a failure to move the files into place after the commit removes nothing: the rows stay, the checked files are kept and the error says where', async () => {
    const target = await emptyTarget();
    targets.push(target);
    const { filesRoot } = target.options;
    // once the database is committed, something puts a file where the files' folder goes
    const error = await restoreBackup({
      archive,
      ...target.options,
      log: (line) => {
        if (line.code === 'RESTORE_COMMITTED') writeFileSync(path.join(filesRoot, 'turbines'), 'in the way');
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreFilesNotMoved);
    const kept = readdirSync(filesRoot).filter((name) => name.startsWith('.restore-'));
    expect(kept).toHaveLength(1);
    const keptDir = path.join(filesRoot, kept[0] as string);
    const en = (error as RestoreFilesNotMoved).in('en');
    const tr = (error as RestoreFilesNotMoved).in('tr');
    expect(en).toContain(`the database is restored, but the files could not be moved into ${filesRoot}`);
    expect(en).toContain(`The checked files are kept in ${keptDir}`);
    expect(tr).toContain(`veritabanı geri yüklendi, ancak dosyalar ${filesRoot} klasörüne taşınamadı`);
    expect(tr).toContain(`Denetlenmiş dosyalar ${keptDir} içinde duruyor`);
    // every file kept, checked, and every row committed
    expect(filesUnder(keptDir, 'turbines')).toEqual(filesUnder(t.config.storage.root, 'turbines'));
    expect(await rowsOf(target)).toEqual(await everyRow(t.app.ctx.db));
    // the operator does what it says: the data folder is whole
    rmSync(path.join(filesRoot, 'turbines'));
    renameSync(path.join(keptDir, 'turbines'), path.join(filesRoot, 'turbines'));
    expect(filesUnder(filesRoot, 'turbines')).toEqual(filesUnder(t.config.storage.root, 'turbines'));
  });

  it('refuses a files folder that is not a folder, and writes nothing', async () => {
    const target = await emptyTarget();
    targets.push(target);
    writeFileSync(target.options.filesRoot, 'x');
    const error = await restoreBackup({ archive, ...target.options }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreRefused);
    expect((error as RestoreRefused).in('en')).toBe(`${target.options.filesRoot} is not a folder: it must be the files folder`);
    expect((error as RestoreRefused).in('tr')).toBe(`${target.options.filesRoot} bir klasör değil: dosyaların klasörü olmalı`);
    expect(readdirSync(target.dataDir)).toEqual(['files']);
  });

  it("`npm run restore` refuses a damaged archive and a non-empty target: exit 1, the reason in the operator's language, nothing half-restored", {
    timeout: 600_000,
  }, async () => {
    // the real command as an operator types it (the root package's script), on this run's database kind; the language
    // from WINDSCOPE_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG)
    const locale = { WINDSCOPE_LANG: '', LC_ALL: '', LC_MESSAGES: '', LANG: '' };
    const restoreCli = (target: Awaited<ReturnType<typeof emptyTarget>>, file: string, language: Partial<typeof locale>) =>
      runCommand(
        { command: 'npm', args: ['run', 'restore', '--', file], cwd: repoRoot },
        {
          DATA_DIR: target.dataDir,
          DATABASE_URL: target.options.databaseUrl ?? '',
          STORAGE: 'fs',
          LOG_LEVEL: 'silent',
          ...locale,
          ...language,
        },
      );
    const tablesIn = async (target: Awaited<ReturnType<typeof emptyTarget>>) => {
      const db = await openDatabase({
        databaseUrl: target.options.databaseUrl,
        pgliteDir: target.options.pgliteDir,
        migrationsFolder: null,
      });
      try {
        return await query(db.db, `select count(*)::int as n from pg_tables where schemaname = 'public'`);
      } finally {
        await db.close();
      }
    };

    // a damaged archive into an empty target: refused, and the target stays empty (no database, no files, no scratch)
    const flipped = path.join(work, 'flipped-cli.tar');
    const copy = readFileSync(archive);
    const at = copy.indexOf(Buffer.from('files/turbines/')) + 1024;
    copy[at] = (copy[at] ?? 0) ^ 0xff;
    writeFileSync(flipped, copy);
    const empty = await emptyTarget();
    targets.push(empty);
    for (const [language, reason] of [
      [
        { WINDSCOPE_LANG: 'en' },
        /^Restore refused: turbines\/\S+ does not match its checksum in the manifest: the archive is damaged, nothing was restored$/m,
      ],
      [
        { WINDSCOPE_LANG: 'tr' },
        /^Geri yükleme reddedildi: turbines\/\S+ manifestodaki sağlama toplamıyla uyuşmuyor: arşiv bozuk, hiçbir şey geri yüklenmedi$/m,
      ],
    ] as const) {
      const damaged = await restoreCli(empty, flipped, language);
      expect(damaged.code, damaged.out + damaged.err).toBe(1);
      expect(damaged.err).toMatch(reason);
      expect(readdirSync(empty.dataDir)).toEqual([]);
      if (empty.options.databaseUrl) expect(await tablesIn(empty)).toEqual([{ n: 0 }]);
    }

    // a data folder with a file in it: refused before anything is read, the file alone there
    const withFile = await emptyTarget();
    targets.push(withFile);
    mkdirSync(path.join(withFile.options.filesRoot, 'turbines'), { recursive: true });
    writeFileSync(path.join(withFile.options.filesRoot, 'turbines/kept.txt'), 'mine');
    for (const [language, reason] of [
      [{ LANG: 'en_US.UTF-8' }, /^Restore refused: the data folder .* is not empty \(1 files\): restore needs an empty one$/m],
      [{ LANG: 'tr_TR.UTF-8' }, /^Geri yükleme reddedildi: veri klasörü .* boş değil \(1 dosya\): geri yükleme boş bir klasör ister$/m],
    ] as const) {
      const notEmpty = await restoreCli(withFile, archive, language);
      expect(notEmpty.code, notEmpty.out + notEmpty.err).toBe(1);
      expect(notEmpty.err).toMatch(reason);
      expect(filesUnder(withFile.dataDir)).toEqual({ 'files/turbines/kept.txt': createHash('sha256').update('mine').digest('hex') });
    }

    // a database with rows (the first test's restore, its files removed by the test before): refused after the
    // database was opened and closed (closing PGlite once reset the exit code to 0), its rows as they were
    const rowsBefore = await rowsOf(restoredTarget);
    expect(existsSync(restoredTarget.options.filesRoot)).toBe(false);
    for (const [language, reason] of [
      // WINDSCOPE_LANG before the locale
      [
        { WINDSCOPE_LANG: 'en', LANG: 'tr_TR.UTF-8' },
        /^Restore refused: the database is not empty \(table \w+ has rows\): restore needs an empty database$/m,
      ],
      [
        { LC_ALL: 'tr_TR.UTF-8', LANG: 'en_US.UTF-8' },
        /^Geri yükleme reddedildi: veritabanı boş değil \(\w+ tablosunda satır var\): geri yükleme boş bir veritabanı ister$/m,
      ],
    ] as const) {
      const withRows = await restoreCli(restoredTarget, archive, language);
      expect(withRows.code, withRows.out + withRows.err).toBe(1);
      expect(withRows.err).toMatch(reason);
      expect(existsSync(restoredTarget.options.filesRoot)).toBe(false);
      expect(readdirSync(restoredTarget.dataDir).filter((name) => name.startsWith('.restore-'))).toEqual([]);
    }
    expect(await rowsOf(restoredTarget)).toEqual(rowsBefore);
  });

  it('the server makes archives when asked through its control socket, and on a schedule keeping the newest', async () => {
    const dir = path.join(work, 'scheduled');
    const written: string[] = [];
    const failed: string[] = [];
    const logger = {
      info: (details: object) => written.push(String((details as { file?: string }).file)),
      warn: () => {},
      error: (details: object) => failed.push(String((details as { err?: string }).err)),
    };
    const config = { ...t.config, databaseUrl: undefined, dataDir: work, backup: { dir, everyMs: 50, keep: 2 } };
    const service = await startBackupService(t.app.ctx, config, logger);
    try {
      const asked = path.join(work, 'asked.tar');
      const lines: (OperatorLine | string)[] = [];
      const done = (await askServerForBackup(work, { command: 'backup', out: asked, gzip: true }, (l) => lines.push(l))) as {
        files: number;
      };
      expect(done.files).toBe(8);
      // lines of this version: put into words by the command, in its operator's language
      expect(lines.filter((l) => typeof l === 'string')).toEqual([]);
      const say = (lang: 'tr' | 'en') => lines.map((l) => formatOperator(l as OperatorLine, lang)).join('\n');
      expect(say('en')).toMatch(/database: \d+ rows in \d+ tables/);
      expect(say('tr')).toMatch(/veritabanı: \d+ tabloda \d+ satır/);
      expect(readFileSync(asked).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      // three distinct archives (names have whole seconds: two in one second share a name, the later replaces the other)
      while (new Set(written.map((f) => path.basename(f))).size < 3) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await service.close();
    }
    expect(failed).toEqual([]);
    const kept = readdirSync(dir).sort();
    expect(kept).toHaveLength(2);
    for (const name of kept) expect(name).toMatch(/^windscope-\d{8}T\d{6}Z\.tar$/);
    // the newest two of what was written
    expect(kept).toEqual([...new Set(written.map((f) => path.basename(f)))].sort().slice(-2));
  });
});
