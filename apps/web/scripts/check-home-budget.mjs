// Sums the gzip size of the JS and CSS that `/` loads (entry + the public layout and home chunks, with their
// static imports) from Vite's manifest, and fails the build when it passes the budget (issue 3: 170 KB gzip).
// Also fails when management code leaks into that set.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROUTE_MODULES } from './route-preloads.mjs';
import { manifestClosure, readManifest } from './vite-manifest.mjs';

const BUDGET_KB = 170;
const HOME_ROUTE = ['index.html', ...ROUTE_MODULES['/']];
const NEVER_ON_HOME = [
  'src/app/management-area.tsx',
  'src/features/dashboard/dashboard-page.tsx',
  'src/features/auth/login/login-page.tsx',
];

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = readManifest(dist);

const home = manifestClosure(manifest, HOME_ROUTE);
const homeFiles = new Set([...home.js, ...home.css]);
const rows = [...homeFiles].map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length }));
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
console.log('\nJS + CSS loaded by `/` (gzip):');
for (const row of rows) console.log(`${kb(row.gzip)} KB  ${row.file}`);
console.log(`${kb(total)} KB  total (budget ${BUDGET_KB} KB; ${BUDGET_KB * 1024 - total} bytes left)`);

const leaked = NEVER_ON_HOME.filter((key) => manifest[key] && homeFiles.has(manifest[key].file));
if (leaked.length > 0) {
  console.error(`\nManagement or sign-in code is loaded by \`/\`: ${leaked.join(', ')}`);
  process.exit(1);
}
if (total > BUDGET_KB * 1024) {
  console.error(`\nThe home page loads ${(total / 1024).toFixed(1)} KB gzip, over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
