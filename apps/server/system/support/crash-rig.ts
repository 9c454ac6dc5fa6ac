import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type AppProcess, startAppProcess } from './app-process.ts';
import { createPostgresDatabase } from './services.ts';

/** What a kill -9 test needs around one app process (mail-crash, webhook-crash): a scratch PostgreSQL database, a pg
 *  client on it to read the queue rows, a data folder, and the app process itself, started with the demo seed and the
 *  test's own settings, killed, started again; close() ends and removes all of it. */
export interface CrashRig {
  /** a client on the scratch database */
  sql: pg.Client;
  /** the running process (null after kill()) */
  server: AppProcess | null;
  /** starts the app on the rig's database and folder with the demo seed, plus `env` */
  start(env?: Record<string, string>): Promise<AppProcess>;
  /** kill -9 of the running process */
  kill(): Promise<void>;
  close(): Promise<void>;
}

export async function createCrashRig(name: string): Promise<CrashRig> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `windscope-${name}-`));
  const db = await createPostgresDatabase();
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  const rig: CrashRig = {
    sql,
    server: null,
    async start(env = {}) {
      rig.server = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: db.url, DEMO_SEED: 'true', ...env });
      return rig.server;
    },
    async kill() {
      await rig.server?.kill();
      rig.server = null;
    },
    async close() {
      await rig.server?.stop();
      rig.server = null;
      await sql.end();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return rig;
}
