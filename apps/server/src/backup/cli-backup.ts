import path from 'node:path';
import { loadConfig } from '../config.ts';
import { embeddedServerPid } from '../db/embedded-holder.ts';
import { openOperatorDatabase } from '../lib/operator-database.ts';
import { errorText, formatOperator, type OperatorLine, operatorLanguage, operatorLine } from '../lib/operator-messages.ts';
import { archiveNameAt } from './backup-service.ts';
import { askServerForBackup } from './control-channel.ts';
import { type BackupResult, createBackup } from './create-backup.ts';

// in the operator's language: WINDSCOPE_LANG, else the locale (README "Backups")
const lang = operatorLanguage();
/** prints a line of ours in the operator's language (a text as it is: a server of another version wrote it) */
const say = (line: OperatorLine | string) => console.log(typeof line === 'string' ? line : formatOperator(line, lang));

const args = process.argv.slice(2);
let out: string | undefined;
let gzip = false;
for (let i = 0; i < args.length; i++) {
  const arg = args[i] as string;
  if (arg === '--gzip') gzip = true;
  else if (arg === '--out' && args[i + 1]) out = args[++i];
  else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
  else {
    console.error(
      `${formatOperator(operatorLine('CLI_UNKNOWN_OPTION', { option: arg }), lang)}\n${formatOperator(operatorLine('BACKUP_USAGE'), lang)}`,
    );
    process.exit(2);
  }
}
// no JWT secret is needed here: do not create one in an empty data folder
const config = loadConfig(process.env, { jwtSecret: new Uint8Array(1) });
const file = path.resolve(out ?? `${archiveNameAt(new Date())}${gzip ? '.gz' : ''}`);

const serverPid = () => embeddedServerPid(config);

process.exitCode = 1;
try {
  let result: BackupResult;
  const pid = serverPid();
  if (pid) {
    say(operatorLine('BACKUP_SERVER_WRITES', { pid }));
    result = (await askServerForBackup(config.dataDir, { command: 'backup', out: file, gzip }, say)) as BackupResult;
  } else {
    const database = await openOperatorDatabase(config);
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
  const done = {
    file: result.file,
    mb: mb(result.bytes),
    files: result.files,
    fileMb: mb(result.fileBytes),
    seconds: result.seconds.toFixed(1),
  };
  say(operatorLine(config.storage.driver === 's3' ? 'BACKUP_DONE_S3' : 'BACKUP_DONE', done));
  if (result.missing.length > 0) say(operatorLine('BACKUP_DONE_MISSING', { count: result.missing.length }));
  process.exitCode = 0;
} catch (error) {
  console.error(formatOperator(operatorLine('BACKUP_FAILED', { reason: errorText(error, lang) }), lang));
}
