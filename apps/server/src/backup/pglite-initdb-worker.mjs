// A new, empty PGlite database, made on its own thread while a restore unpacks and checks the archive
// (restore-backup.ts): initdb, then, once the restore has read the dump's schema level from its first line, the
// migrations up to that level (the restore sends the folder, or null for none). The restore then opens it and loads the
// rows (nothing before every checksum passed).
// initdb costs seconds of CPU: the first restore on a machine keeps a dump of the fresh folder (before any migration,
// so it fits an archive of any schema level) in `template`, and later ones start from it instead.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const { dir, template } = workerData;
// asked for before the folder may be ready: kept until it is
const migrationsFolder = new Promise((resolve) => parentPort.once('message', (message) => resolve(message.migrationsFolder)));
let client = null;
if (template && existsSync(template)) {
  try {
    client = new PGlite(dir, { loadDataDir: new Blob([readFileSync(template)]) });
    await client.waitReady;
  } catch {
    // a template this PGlite cannot read: made again below
    client = null;
    rmSync(dir, { recursive: true, force: true });
    rmSync(template, { force: true });
  }
}
if (!client) {
  client = new PGlite(dir);
  await client.waitReady;
  if (template) {
    try {
      const dump = await client.dumpDataDir('none');
      const partial = `${template}.${process.pid}-${threadId}.partial`;
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
      renameSync(partial, template);
    } catch {
      // no room or no right to keep it: the next restore runs initdb too
    }
  }
}
const folder = await migrationsFolder;
if (folder) await migrate(drizzle(client), { migrationsFolder: folder });
await client.close();
