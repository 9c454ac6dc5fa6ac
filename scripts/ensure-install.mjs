// Installs npm packages when node_modules is missing or older than package-lock.json. Uses only Node built-ins.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const lock = readFileSync('package-lock.json');
const hash = createHash('sha256').update(lock).digest('hex');
const stamp = 'node_modules/.windscope-lock-hash';
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) process.exit(0);
console.log('Installing npm packages (npm ci)…');
execSync('npm ci --no-audit --no-fund', {
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PUPPETEER_SKIP_DOWNLOAD: '1' },
});
writeFileSync(stamp, hash);
