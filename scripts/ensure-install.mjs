// Installs npm packages when node_modules is missing or older than package-lock.json. Uses only Node built-ins.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

// `npm start` builds the web app with vite before serving it, so the build tools are needed whatever NODE_ENV says:
// NODE_ENV=production (or npm's omit=dev setting) would otherwise make `npm ci` leave them out and the build fail.
const INSTALL_ARGS = ['ci', '--include=dev', '--no-audit', '--no-fund'];
const STAMP = 'node_modules/.windscope-lock-hash';
// an install that left the build tools out (made with NODE_ENV=production before they were always included) is redone
const BUILD_TOOL = 'node_modules/vite/package.json';

const hash = createHash('sha256').update(readFileSync('package-lock.json')).digest('hex');
if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash && existsSync(BUILD_TOOL)) process.exit(0);
console.log('Installing npm packages (npm ci)…');
execFileSync('npm', INSTALL_ARGS, {
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PUPPETEER_SKIP_DOWNLOAD: '1' },
});
writeFileSync(STAMP, hash);
