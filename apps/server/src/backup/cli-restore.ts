import path from 'node:path';
import { loadConfig } from '../config.ts';
import { embeddedServerPid } from '../db/embedded-holder.ts';
import { errorText, formatOperator, type OperatorLine, operatorLanguage, operatorLine } from '../lib/operator-messages.ts';
import { RestoreRefused, restoreBackup } from './restore-backup.ts';

// in the operator's language: WINDSCOPE_LANG, else the locale (README "Backups")
const lang = operatorLanguage();
const text = (line: OperatorLine) => formatOperator(line, lang);

const [archive, ...rest] = process.argv.slice(2);
if (!archive || rest.length > 0 || archive.startsWith('--')) {
  console.error(text(operatorLine('RESTORE_USAGE')));
  process.exit(2);
}
const config = loadConfig(process.env, { jwtSecret: new Uint8Array(1) });
const serverPid = embeddedServerPid(config);
if (serverPid) {
  console.error(text(operatorLine('CLI_SERVER_HOLDS_DATABASE', { pid: serverPid, dir: config.dataDir })));
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
    log: (line) => console.log(text(line)),
  });
  const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
  console.log(text(operatorLine('RESTORE_DONE', { rows, files: result.files, archive, createdAt: result.manifest.createdAt })));
  if (result.manifest.storage === 's3') console.log(text(operatorLine('RESTORE_DONE_S3')));
  if (result.manifest.missing.length > 0) {
    console.log(text(operatorLine('RESTORE_DONE_MISSING', { count: result.manifest.missing.length })));
  }
  process.exitCode = 0;
} catch (error) {
  const reason = errorText(error, lang);
  console.error(text(operatorLine(error instanceof RestoreRefused ? 'RESTORE_REFUSED' : 'RESTORE_FAILED', { reason })));
}
