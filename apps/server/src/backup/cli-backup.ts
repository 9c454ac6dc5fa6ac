import path from 'node:path';
import { loadConfig } from '../config.ts';
import { embeddedServerPid } from '../db/embedded-holder.ts';
import { openDatabase } from '../db/client.ts';
import { archiveNameAt } from './backup-service.ts';
import { askServerForBackup } from './control-channel.ts';
import { type BackupResult, createBackup } from './create-backup.ts';

const args = process.argv.slice(2);
const usage = 'usage: backup [--out FILE] [--gzip]';
let out: string | undefined;
let gzip = false;
for (let i = 0; i < args.length; i++) {
  const arg = args[i] as string;
  if (arg === '--gzip') gzip = true;
  else if (arg === '--out' && args[i + 1]) out = args[++i];
  else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
  else {
    console.error(`unknown option ${arg}\n${usage}`);
    process.exit(2);
  }
}
// no JWT secret is needed here: do not create one in an empty data folder
const config = loadConfig(process.env, { jwtSecret: new Uint8Array(1) });
const file = path.resolve(out ?? `${archiveNameAt(new Date())}${gzip ? '.gz' : ''}`);
const say = (line: string) => console.log(line);

const serverPid = () => embeddedServerPid(config);

process.exitCode = 1;
try {
  let result: BackupResult;
  const pid = serverPid();
  if (pid) {
    say(`the server (pid ${pid}) holds the embedded database: it writes the archive`);
    result = (await askServerForBackup(config.dataDir, { command: 'backup', out: file, gzip }, say)) as BackupResult;
  } else {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
    try {
      result = await createBackup({
        db: database.db,
        databaseKind: database.kind,
        filesRoot: config.storage.driver === 'fs' ? config.storage.root : null,
        scratchDir: path.join(config.dataDir, 'tmp'),
        out: file,
        gzip,
        log: say,
      });
    } finally {
      await database.close();
    }
  }
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  say(
    `${result.file}: ${mb(result.bytes)} MB, ${result.files} files (${mb(result.fileBytes)} MB) in ${result.seconds.toFixed(1)} s` +
      (config.storage.driver === 's3' ? ' (database only: the files stay in the bucket, see README "Backups")' : ''),
  );
  if (result.missing.length > 0) say(`${result.missing.length} files were deleted before they could be copied (listed in the manifest)`);
  process.exitCode = 0;
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
}
