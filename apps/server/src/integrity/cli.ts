import path from 'node:path';
import { loadConfig } from '../config.ts';
import { embeddedServerPid } from '../db/embedded-holder.ts';
import { openDatabase } from '../db/client.ts';
import { createDerivativeQueue } from '../photos/derivative-queue.ts';
import { createStorage } from '../storage/create-storage.ts';
import { createTusDatastore } from '../uploads/tus/tus-service.ts';
import { checkIntegrity, type Problem } from './integrity.ts';

const args = process.argv.slice(2);
const unknown = args.filter((a) => !/^--(repair|no-checksums|json|orphan-age=\d+(\.\d+)?)$/.test(a));
if (unknown.length > 0) {
  console.error(`unknown option ${unknown.join(' ')}\nusage: integrity [--repair] [--no-checksums] [--orphan-age=MINUTES] [--json]`);
  process.exit(2);
}
const repair = args.includes('--repair');
const json = args.includes('--json');
const orphanMinutes = Number(args.find((a) => a.startsWith('--orphan-age='))?.split('=')[1] ?? 60);

const config = loadConfig();
// the embedded database belongs to one process at a time
const serverPid = embeddedServerPid(config);
if (serverPid) {
  console.error(`The server (pid ${serverPid}) is using the embedded database in ${config.dataDir}: stop it first.`);
  process.exit(2);
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
const storage = createStorage(config);
// on demand only: this command makes what it finds missing, one photo at a time
const derivatives = createDerivativeQueue({ db: database.db, storage, maxMegapixels: config.limits.maxMegapixels, concurrency: 0 });
const say = (line: string) => {
  if (!json) console.log(line);
};
process.exitCode = 1;
try {
  const report = await checkIntegrity({
    db: database.db,
    storage,
    derivatives,
    scratchDir: path.join(config.dataDir, 'tmp'),
    repair,
    checksums: !args.includes('--no-checksums'),
    orphanAgeMs: orphanMinutes * 60_000,
    leaseSeconds: config.derivativeLeaseSeconds,
    now: new Date(),
    log: say,
    tusStore: createTusDatastore(config, database.db),
  });
  if (json) console.log(JSON.stringify(report));
  else {
    const describe = (p: Problem) =>
      `  ${p.repaired ? 'repaired ' : p.benign ? 'note     ' : 'PROBLEM  '} ${p.kind.padEnd(18)} ${p.key}${p.detail ? `  (${p.detail})` : ''}`;
    for (const problem of report.problems) console.log(describe(problem));
    const repaired = report.problems.filter((p) => p.repaired).length;
    console.log(
      `${report.problems.length === 0 ? 'All consistent' : `${report.problems.length} findings`}: ${repaired} repaired, ${report.unrepaired} unrepaired` +
        (repair ? '' : ' (run with --repair to fix what can be fixed)'),
    );
  }
  process.exitCode = report.unrepaired > 0 ? 1 : 0;
} finally {
  await derivatives.close();
  await storage.close();
  await database.close();
}
