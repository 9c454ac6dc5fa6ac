import { readdir, rm, stat } from 'node:fs/promises';
import type { Server } from 'node:net';
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { OperatorLine } from '../lib/operator-messages.ts';
import { type BackupResult, createBackup } from './create-backup.ts';
import { startControlChannel } from './control-channel.ts';

/** `windscope-20261126T193512Z.tar`: sorts by time, and only such names are ever removed from BACKUP_DIR */
const SCHEDULED_NAME = /^windscope-\d{8}T\d{6}Z\.tar$/;
export const archiveNameAt = (at: Date) =>
  `windscope-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar`;

export interface BackupService {
  /** one backup at a time per process: a second asks waits for the first */
  run(out: string, gzip: boolean, log?: (line: OperatorLine) => void): Promise<BackupResult>;
  close(): Promise<void>;
}

interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The server's own backups (the embedded default): the control socket `npm run backup` talks to, and BACKUP_DIR's
 *  schedule (every BACKUP_EVERY_HOURS, counted from the newest archive there; the newest BACKUP_KEEP are kept). */
export async function startBackupService(ctx: AppContext, config: AppConfig, log: Logger): Promise<BackupService> {
  let queue: Promise<unknown> = Promise.resolve();
  const run = (out: string, gzip: boolean, progress?: (line: OperatorLine) => void) => {
    const next = queue.then(() =>
      createBackup({
        db: ctx.db,
        databaseKind: ctx.database.kind,
        filesRoot: config.storage.driver === 'fs' ? config.storage.root : null,
        scratchDir: path.join(config.dataDir, 'tmp'),
        out,
        gzip,
        log: progress,
      }),
    );
    queue = next.catch(() => {});
    return next;
  };

  let channel: Server | null = null;
  if (!config.databaseUrl) {
    channel = await startControlChannel(
      config.dataDir,
      (request, progress) => run(request.out, request.gzip, progress),
      (m) => log.warn({}, m),
    );
  }

  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  /** the scheduled backup in progress (with its pruning), awaited by close() */
  let running: Promise<void> = Promise.resolve();
  const { dir, everyMs, keep } = config.backup;
  if (dir) {
    const scheduled = async () => {
      const out = path.join(dir, archiveNameAt(new Date()));
      try {
        const result = await run(out, false);
        const names = (await readdir(dir)).filter((n) => SCHEDULED_NAME.test(n)).sort();
        for (const old of names.slice(0, Math.max(0, names.length - keep))) await rm(path.join(dir, old), { force: true });
        log.info(
          { file: result.file, bytes: result.bytes, files: result.files, seconds: result.seconds, missing: result.missing.length },
          'scheduled backup written',
        );
      } catch (error) {
        // not counted: the older archives stay, and the next attempt comes at the next interval
        log.error({ err: error instanceof Error ? error.message : String(error) }, 'scheduled backup failed');
      }
    };
    const plan = async () => {
      if (closed) return;
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => SCHEDULED_NAME.test(n)).sort();
      const newest = names.at(-1);
      const last = newest ? (await stat(path.join(dir, newest)).catch(() => null))?.mtimeMs : undefined;
      const wait = last === undefined ? 0 : Math.max(0, last + everyMs - Date.now());
      // setTimeout holds at most ~24.8 days: a longer wait is planned again when that passes
      const MAX_TIMER = 2 ** 31 - 1;
      timer = setTimeout(
        () => {
          if (wait > MAX_TIMER) void plan();
          else {
            running = scheduled().then(plan);
          }
        },
        Math.min(wait, MAX_TIMER),
      );
      timer.unref();
    };
    await plan();
  }

  return {
    run,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (channel) await new Promise<void>((resolve) => channel?.close(() => resolve()));
      await queue;
      await running;
    },
  };
}
