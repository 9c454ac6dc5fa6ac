import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The file in which a serving process on the embedded database (PGlite) writes its pid (main.ts), and removes it when
 *  it stops: the embedded database opens in one process at a time, so the commands (integrity, setup, backup, restore)
 *  look here first. */
export const serverPidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

/** The pid of the live server holding the embedded database of `config`, or null (PostgreSQL, no server, or the pid file
 *  of a process that is gone: a kill -9 leaves it behind). */
export function embeddedServerPid(config: { databaseUrl?: string | null; dataDir: string }): number | null {
  if (config.databaseUrl) return null;
  const file = serverPidFile(config.dataDir);
  const pid = existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0;
  if (!pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
