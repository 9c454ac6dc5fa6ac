import { existsSync } from 'node:fs';
import type { AppConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { operatorError } from './operator-messages.ts';

/** The database as an operator command opens it: a data folder that is not there (a mistyped DATA_DIR; the embedded
 *  database would otherwise be made afresh in it, empty) and a database server that does not answer are refused with
 *  an OperatorError the command prints in the operator's language, not a stack trace. `mustExist: false` for the
 *  command that may be the first to use the folder (`npm run setup`). */
export async function openOperatorDatabase(config: AppConfig, { mustExist = true } = {}): Promise<DatabaseHandle> {
  // the folder holds the embedded database or the stored files (with PostgreSQL and S3 it may hold nothing yet)
  const holdsData = !config.databaseUrl || config.storage.driver === 'fs';
  if (mustExist && holdsData && !existsSync(config.dataDir)) throw operatorError('CLI_DATA_DIR_MISSING', { dir: config.dataDir });
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  } catch (error) {
    if (!config.databaseUrl) throw error;
    const reason = error instanceof Error && error.message ? error.message : String(error);
    throw operatorError('CLI_DATABASE_UNREACHABLE', { reason });
  }
}
