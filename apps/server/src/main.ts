import { rmSync, writeFileSync } from 'node:fs';
import { buildApp } from './app.ts';
import { startBackupService } from './backup/backup-service.ts';
import { loadConfig } from './config.ts';
import { serverPidFile } from './db/embedded-holder.ts';
import { seedDemoMedia } from './db/demo-media/seed-media.ts';
import { seedDemoData } from './db/seed.ts';
import { checkOverdue } from './notifications/overdue.ts';
import { prepareSetup } from './setup/service.ts';

async function main() {
  const config = loadConfig();
  if (config.databaseUrl && !process.env.JWT_SECRET) {
    console.warn(
      `JWT_SECRET is not set: sessions are signed with ${config.dataDir}/jwt-secret, which only this process reads. Running several processes, give them all the same JWT_SECRET.`,
    );
  }
  const app = await buildApp(config);
  let seeded = false;
  let demoPhotos = 0;
  if (config.demoSeed) {
    seeded = await seedDemoData(app.ctx);
    if (seeded) {
      demoPhotos = await seedDemoMedia(app);
      // the demo's overdue repair is noticed now, not at the next periodic check
      await checkOverdue(app.ctx);
    }
  }
  // an empty database (PostgreSQL, or PGlite with DEMO_SEED=0): setup mode, with a one-time address (DECISIONS §15)
  const setup = await prepareSetup(app.ctx);
  await app.listen({ port: config.port, host: config.host });
  // tells `npm run integrity` that the embedded database is in use
  const pidFile = config.databaseUrl ? null : serverPidFile(config.dataDir);
  if (pidFile) writeFileSync(pidFile, String(process.pid));
  // `npm run backup` asks this process (embedded database), and BACKUP_DIR's schedule
  const backups = await startBackupService(app.ctx, config, app.log);
  // the port actually bound (PORT=0 picks a free one: the system tests start processes that way)
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = `${config.tls ? 'https' : 'http'}://${config.host}:${port}`;
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.pgliteDir})`;
  console.log(`Windscope listening on ${where} (API ${where}/api, docs ${where}/api/docs) on ${database}`);
  if (config.demoSeed) {
    console.log(
      `${seeded ? `Demo data created (${demoPhotos} photos)` : 'Demo data present'}: sign in as superadmin@windscope.example, admin@ege.example, manager@ege.example, operator@ege.example, customer@ege.example, viewer@ege.example, admin@marmara.example or operator@marmara.example with password demo1234`,
    );
  }
  if (setup) {
    console.log(
      `No account exists yet. Create the first owner (the superadmin) at:\n\n  ${setup.url}\n\n` +
        `This address works once; its token is also in ${setup.tokenFile} (readable by its owner only). ` +
        `Without a browser: npm run setup -- --email … --name … --company …${config.databaseUrl ? '' : ' (with this server stopped: the embedded database opens in one process at a time)'}`,
    );
  }
  const stop = async () => {
    await backups.close();
    await app.close();
    if (pidFile) rmSync(pidFile, { force: true });
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
