import path from 'node:path';
import { loadConfig } from '../config.ts';
import { embeddedServerPid } from '../db/embedded-holder.ts';
import { RestoreRefused, restoreBackup } from './restore-backup.ts';

const [archive, ...rest] = process.argv.slice(2);
if (!archive || rest.length > 0 || archive.startsWith('--')) {
  console.error('usage: restore ARCHIVE');
  process.exit(2);
}
const config = loadConfig(process.env, { jwtSecret: new Uint8Array(1) });
const serverPid = embeddedServerPid(config);
if (serverPid) {
  console.error(`The server (pid ${serverPid}) is using the embedded database in ${config.dataDir}: stop it first.`);
  process.exit(2);
}

process.exitCode = 1;
try {
  const result = await restoreBackup({
    archive: path.resolve(archive),
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    dataDir: config.dataDir,
    filesRoot: config.storage.driver === 'fs' ? config.storage.root : null,
    log: (line) => console.log(line),
  });
  const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
  console.log(`Restored ${rows} rows and ${result.files} files from ${archive} (made ${result.manifest.createdAt}).`);
  if (result.manifest.storage === 's3')
    console.log('The archive holds the database only: the files are in the S3 bucket (README "Backups").');
  if (result.manifest.missing.length > 0) {
    console.log(`${result.manifest.missing.length} files were deleted while the backup ran; npm run integrity lists them.`);
  }
  process.exitCode = 0;
} catch (error) {
  console.error(
    error instanceof RestoreRefused
      ? `Restore refused: ${error.message}`
      : `Restore failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}
