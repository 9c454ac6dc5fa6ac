// Prints where `npm test`'s time went: each tier's wall time (written by scripts/test-all.sh) and the slowest test files
// (vitest's JSON reporter) and end-to-end tests (Playwright's), from the files the run left in .test-timings/.
// The whole command has a 30-minute budget; this is what the next person making it faster reads first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '..', '.test-timings');
if (!existsSync(dir)) process.exit(0);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const tiersFile = path.join(dir, 'tiers.tsv');
if (existsSync(tiersFile)) {
  const rows = readFileSync(tiersFile, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
  const total = rows.reduce((sum, [, s]) => sum + Number(s), 0);
  console.log(`\ntime per step (total ${total} s = ${(total / 60).toFixed(1)} min; budget 30 min):`);
  for (const [name, s] of rows) console.log(`  ${String(s).padStart(5)} s  ${name}`);
}

const slowest = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const tier = file.replace(/\.json$/, '');
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if (Array.isArray(report.testResults)) {
    // vitest: one entry per test file
    for (const result of report.testResults) {
      slowest.push({ tier, name: path.relative(process.cwd(), result.name), ms: result.endTime - result.startTime });
    }
  } else if (Array.isArray(report.suites)) {
    // Playwright: specs nested in suites, one result per run of a test
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          for (const result of test.results ?? []) {
            slowest.push({ tier, name: `${suite.file ?? file}: ${spec.title}`, ms: result.duration });
          }
        }
      }
      for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
    };
    for (const suite of report.suites) walk(suite, suite.file);
  }
}
for (const tier of [...new Set(slowest.map((s) => s.tier))]) {
  const mine = slowest.filter((s) => s.tier === tier).sort((a, b) => b.ms - a.ms);
  const sum = mine.reduce((total, s) => total + s.ms, 0);
  console.log(`\n${tier}: ${mine.length} ${tier === 'e2e' ? 'tests' : 'files'}, ${seconds(sum)} summed over workers; the slowest:`);
  for (const s of mine.slice(0, 8)) console.log(`  ${seconds(s.ms).padStart(8)}  ${s.name.slice(0, 150)}`);
}
