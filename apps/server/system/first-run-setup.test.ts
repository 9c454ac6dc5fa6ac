/** First-run setup across processes (DECISIONS §15, issue 22): two servers on one empty PostgreSQL database print the
 *  same setup address and, fired at together, exactly one creates the owner; the headless `npm run setup` on another
 *  empty database prints a sign-in link that a server then honours, and refuses to touch a running embedded database. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.ts';
import { apiCall, waitFor } from './support/http.ts';
import { createPostgresDatabase } from './support/services.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'yedi rüzgar değirmeni';

let dataDir: string;
const databases: Awaited<ReturnType<typeof createPostgresDatabase>>[] = [];
const processes: AppProcess[] = [];

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'windscope-setup-'));
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await Promise.all(databases.map((d) => d.drop()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function rows(url: string, query: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query)).rows;
  } finally {
    await client.end();
  }
}

/** `tsx src/setup/cli.ts …` with the password on standard input; resolves with the exit code and everything printed. */
function runSetupCli(args: string[], env: Record<string, string>, stdin: string) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/setup/cli.ts'), ...args], {
    cwd: serverRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stdin?.end(stdin);
  return new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const owner = (token: string, n: number) => ({
  token,
  company_name: `Operator ${n}`,
  first_name: 'Deniz',
  last_name: `Owner ${n}`,
  email: `owner${n}@operator.example`,
  password: PASSWORD,
});

describe('two processes on one empty PostgreSQL database', () => {
  test('print the same setup address; fired at together, exactly one wins and setup is then gone on both', async () => {
    const db = await createPostgresDatabase();
    databases.push(db);
    const env = { DATA_DIR: dataDir, DATABASE_URL: db.url };
    const [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    processes.push(a, b);
    const token = readFileSync(path.join(dataDir, 'setup-token'), 'utf8').trim();
    expect(token.length).toBeGreaterThanOrEqual(43);
    // printed just after the listening line
    for (const p of [a, b]) await waitFor('the setup address', () => p.output().includes(`/setup?token=${token}`), 5_000);
    expect((await apiCall(a.url, '/api/setup')).status).toBe(200);

    const answers = await Promise.all([
      apiCall(a.url, '/api/setup', { json: owner(token, 1), lang: 'en' }),
      apiCall(b.url, '/api/setup', { json: owner(token, 2), lang: 'en' }),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0], JSON.stringify(answers.map((r) => r.body))).toBe(201);
    expect([404, 409]).toContain(statuses[1]);
    const loser = answers.find((r) => r.status !== 201);
    expect(loser?.body).toMatchObject({ success: false, code: expect.stringMatching(/^SETUP_(ALREADY_DONE|NOT_AVAILABLE)$/) });

    expect(await rows(db.url, 'select role, is_protected from users')).toEqual([{ role: 'superadmin', is_protected: true }]);
    expect(await rows(db.url, 'select is_internal from companies')).toEqual([{ is_internal: true }]);
    for (const p of [a, b]) expect((await apiCall(p.url, '/api/setup')).status).toBe(404);
    expect(() => readFileSync(path.join(dataDir, 'setup-token'))).toThrow(/ENOENT/);
  });
});

describe('npm run setup (headless)', () => {
  test('refuses to open an embedded database a running server holds, saying so', async () => {
    const pgliteDir = mkdtempSync(path.join(dataDir, 'pglite-'));
    // a live process's pid, as main.ts writes it while it serves
    writeFileSync(path.join(pgliteDir, 'server.pid'), String(process.pid));
    const run = await runSetupCli(
      ['--email', 'a@b.example', '--name', 'A B', '--company', 'C'],
      { DATA_DIR: pgliteDir, DEMO_SEED: '0' },
      `${PASSWORD}\n`,
    );
    expect(run.code, run.output).toBe(3);
    expect(run.output).toContain(`The server (pid ${process.pid}) is using the embedded database`);
  });

  test('creates the owner and prints a sign-in link the server honours; refuses a common password and a second run', async () => {
    const db = await createPostgresDatabase();
    databases.push(db);
    const env = { DATA_DIR: mkdtempSync(path.join(dataDir, 'cli-')), DATABASE_URL: db.url, PUBLIC_URL: 'http://windscope.test' };
    const args = ['--email', 'Owner@Cli.example', '--name', 'Ayşe Nur Çelik', '--company', 'CLI Enerji'];
    const common = await runSetupCli(args, env, 'password1\n');
    expect(common.code, common.output).toBe(1);
    expect(common.output).toContain('10,000 most common passwords');
    expect(await rows(db.url, 'select id from users')).toEqual([]);

    const done = await runSetupCli(args, env, `${PASSWORD}\n`);
    expect(done.code, done.output).toBe(0);
    const link = /http:\/\/windscope\.test\/sign-in-link\?token=([A-Za-z0-9_-]+)/.exec(done.output);
    expect(link, done.output).not.toBeNull();
    expect(await rows(db.url, 'select first_name, last_name, email, role, is_protected from users')).toEqual([
      { first_name: 'Ayşe Nur', last_name: 'Çelik', email: 'owner@cli.example', role: 'superadmin', is_protected: true },
    ]);
    const again = await runSetupCli(args, env, `${PASSWORD}\n`);
    expect(again.code).toBe(1);
    expect(again.output).toContain('already set up');

    const server = await startAppProcess(env);
    processes.push(server);
    expect(server.output()).not.toContain('/setup?token=');
    const signIn = await apiCall(server.url, '/api/auth/sign-in-link/confirm', { json: { token: link?.[1] } });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    expect(signIn.body).toMatchObject({ user: { email: 'owner@cli.example', role: 'superadmin' } });
    expect((await apiCall(server.url, '/api/setup')).status).toBe(404);
  });
});
