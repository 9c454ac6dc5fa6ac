// A new, empty PGlite database, made on its own thread while a restore unpacks and checks the archive
// (restore-backup.ts): once the restore has read the dump's schema level from its first line, it sends the migrations
// up to that level (a folder, or null for none) and a name for that level; this makes the folder, migrated. The restore
// then opens it and loads the rows (nothing before every checksum passed).
// Starting PGlite costs seconds of CPU (initdb, the migrations): the first restore on a machine keeps, in `templates`,
// a dump of the fresh initdb folder (before any migration: it fits an archive of any schema level) and a copy of the
// migrated, closed folder for that level (the last level only); later ones copy that folder (no PGlite started here at all), or start from
// the initdb dump for another level.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const { dir, templates, version } = workerData;
const { migrationsFolder, level } = await new Promise((resolve) => parentPort.once('message', resolve));
const partialName = (file) => `${file}.${process.pid}-${threadId}.partial`;
/** the kept, migrated folder for this level (null: none for a database without migrations) */
const levelFolder = templates && level ? path.join(templates, `pgdata-${version}-${level}`) : null;

let copied = false;
if (levelFolder && existsSync(levelFolder)) {
  try {
    cpSync(levelFolder, dir, { recursive: true });
    copied = true;
    parentPort.postMessage({ made: 'folder' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (!copied) {
  const initdbDump = templates ? path.join(templates, `initdb-${version}.tar`) : null;
  let client = null;
  let made = 'initdb';
  if (initdbDump && existsSync(initdbDump)) {
    try {
      client = new PGlite(dir, { loadDataDir: new Blob([readFileSync(initdbDump)]) });
      await client.waitReady;
      made = 'initdb-copy';
    } catch {
      // a dump this PGlite cannot read: made again below
      client = null;
      rmSync(dir, { recursive: true, force: true });
      rmSync(initdbDump, { force: true });
    }
  }
  if (!client) {
    client = new PGlite(dir);
    await client.waitReady;
    if (initdbDump) {
      try {
        const dump = await client.dumpDataDir('none');
        mkdirSync(templates, { recursive: true });
        writeFileSync(partialName(initdbDump), new Uint8Array(await dump.arrayBuffer()));
        renameSync(partialName(initdbDump), initdbDump);
      } catch {
        // no room or no right to keep it: the next restore runs initdb too
      }
    }
  }
  if (migrationsFolder) await migrate(drizzle(client), { migrationsFolder });
  await client.close();
  if (levelFolder && migrationsFolder) {
    try {
      // closed cleanly: a copy of the folder is a whole database
      cpSync(dir, partialName(levelFolder), { recursive: true });
      renameSync(partialName(levelFolder), levelFolder);
      // one kept level (40 MB each): the one restored last
      for (const name of readdirSync(templates))
        if (name.startsWith('pgdata-') && !name.endsWith('.partial') && name !== path.basename(levelFolder))
          rmSync(path.join(templates, name), { recursive: true, force: true });
    } catch {
      rmSync(partialName(levelFolder), { recursive: true, force: true });
    }
  }
  parentPort.postMessage({ made });
}
