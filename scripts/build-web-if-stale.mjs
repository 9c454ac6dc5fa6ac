// Builds the web app when its sources changed since the last build (hash of sources kept in dist/).
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/scripts',
  'packages/contract/src',
  'package-lock.json',
];
const hash = createHash('sha256');
function add(p) {
  if (!existsSync(p)) return;
  if (statSync(p).isDirectory()) {
    for (const name of readdirSync(p).sort()) add(path.join(p, name));
  } else {
    hash.update(p);
    hash.update(readFileSync(p));
  }
}
for (const p of inputs) add(p);
const digest = hash.digest('hex');
const stamp = 'apps/web/dist/.build-hash';
const force = process.argv.includes('--force');
if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) process.exit(0);
console.log('Building the web app…');
execSync('npm run -w @windscope/web build --silent', { stdio: 'inherit' });
writeFileSync(stamp, digest);
