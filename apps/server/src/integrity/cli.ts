import path from 'node:path';
import { loadConfig } from '../config.ts';
import { embeddedServerPid } from '../db/embedded-holder.ts';
import { createDerivativeQueue } from '../photos/derivative-queue.ts';
import { openOperatorDatabase } from '../lib/operator-database.ts';
import {
  errorText,
  formatOperator,
  type OperatorCode,
  type OperatorLine,
  operatorLanguage,
  operatorLine,
} from '../lib/operator-messages.ts';
import { createStorage } from '../storage/create-storage.ts';
import { createTusDatastore } from '../uploads/tus/tus-service.ts';
import { checkIntegrity, type Problem, type ProblemKind } from './integrity.ts';

// in the operator's language: WINDSCOPE_LANG, else the locale (README "Checking and repairing storage")
const lang = operatorLanguage();
const text = (line: OperatorLine) => formatOperator(line, lang);

const args = process.argv.slice(2);
const unknown = args.filter((a) => !/^--(repair|no-checksums|json|orphan-age=\d+(\.\d+)?)$/.test(a));
if (unknown.length > 0) {
  console.error(`${text(operatorLine('CLI_UNKNOWN_OPTION', { option: unknown.join(' ') }))}\n${text(operatorLine('INTEGRITY_USAGE'))}`);
  process.exit(2);
}
const repair = args.includes('--repair');
const json = args.includes('--json');
const orphanMinutes = Number(args.find((a) => a.startsWith('--orphan-age='))?.split('=')[1] ?? 60);

// no JWT secret is needed here: do not create one (nor the folder) where DATA_DIR points
const config = loadConfig(process.env, { jwtSecret: new Uint8Array(1) });
// the embedded database belongs to one process at a time
const serverPid = embeddedServerPid(config);
if (serverPid) {
  console.error(text(operatorLine('CLI_SERVER_HOLDS_DATABASE', { pid: serverPid, dir: config.dataDir })));
  process.exit(2);
}

// a folder that is not there or a database that does not answer: said in words, exit 1 (monitoring sees a problem)
const database = await openOperatorDatabase(config).catch((error: unknown) => {
  console.error(errorText(error, lang));
  process.exit(1);
});
const storage = createStorage(config);
// on demand only: this command makes what it finds missing, one photo at a time
const derivatives = createDerivativeQueue({ db: database.db, storage, maxMegapixels: config.limits.maxMegapixels, concurrency: 0 });
const say = (line: OperatorLine) => {
  if (!json) console.log(text(line));
};
/** each kind by its name in the operator's language (--json keeps the kind) */
const KIND_NAMES: Record<ProblemKind, OperatorCode> = {
  row_without_file: 'INTEGRITY_KIND_ROW_WITHOUT_FILE',
  size_mismatch: 'INTEGRITY_KIND_SIZE_MISMATCH',
  checksum_mismatch: 'INTEGRITY_KIND_CHECKSUM_MISMATCH',
  missing_derivative: 'INTEGRITY_KIND_MISSING_DERIVATIVE',
  missing_tile_pyramid: 'INTEGRITY_KIND_MISSING_TILE_PYRAMID',
  undecodable_image: 'INTEGRITY_KIND_UNDECODABLE_IMAGE',
  file_without_row: 'INTEGRITY_KIND_FILE_WITHOUT_ROW',
  staging_leftover: 'INTEGRITY_KIND_STAGING_LEFTOVER',
  expired_upload: 'INTEGRITY_KIND_EXPIRED_UPLOAD',
  upload_in_progress: 'INTEGRITY_KIND_UPLOAD_IN_PROGRESS',
  unregistered_upload_bytes: 'INTEGRITY_KIND_UNREGISTERED_UPLOAD_BYTES',
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
  if (json) {
    // a problem's detail as the operator reads it; the kind and key as they are
    const problems = report.problems.map((p) => ({ ...p, detail: p.detail ? text(p.detail) : undefined }));
    console.log(JSON.stringify({ ...report, problems }));
  } else {
    const states = [operatorLine('INTEGRITY_REPAIRED'), operatorLine('INTEGRITY_NOTE'), operatorLine('INTEGRITY_PROBLEM')].map(text);
    const stateWidth = Math.max(...states.map((s) => s.length));
    const kinds = report.problems.map((p) => text({ code: KIND_NAMES[p.kind], params: {} }));
    const kindWidth = Math.max(0, ...kinds.map((k) => k.length));
    const describe = (p: Problem, i: number) => {
      const state = (p.repaired ? states[0] : p.benign ? states[1] : states[2]) as string;
      return `  ${state.padEnd(stateWidth)}  ${(kinds[i] as string).padEnd(kindWidth)}  ${p.key}${p.detail ? `  (${text(p.detail)})` : ''}`;
    };
    report.problems.forEach((problem, i) => {
      console.log(describe(problem, i));
    });
    const repaired = report.problems.filter((p) => p.repaired).length;
    const summary =
      report.problems.length === 0
        ? operatorLine('INTEGRITY_ALL_CONSISTENT', { repaired, unrepaired: report.unrepaired })
        : operatorLine('INTEGRITY_FOUND', { count: report.problems.length, repaired, unrepaired: report.unrepaired });
    console.log(repair ? text(summary) : `${text(summary)} ${text(operatorLine('INTEGRITY_REPAIR_HINT'))}`);
  }
  process.exitCode = report.unrepaired > 0 ? 1 : 0;
} finally {
  await derivatives.close();
  await storage.close();
  await database.close();
}
