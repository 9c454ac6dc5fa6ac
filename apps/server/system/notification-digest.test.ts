import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, readOutbox } from '../test/harness.ts';
import type { AppProcess } from './support/app-process.ts';
import { type SharedServices, startSharedServices } from './support/shared-services.ts';

/** Issue 16: the daily digest of overdue repairs and the overdue notice, with two real server processes on one
 *  PostgreSQL database, both checking every second from a digest hour already passed (DIGEST_HOUR=0): whichever claims
 *  a company's day sends it, so each recipient gets exactly one digest, and each overdue finding one notice. Each
 *  process writes its e-mails to its own outbox; the test counts both. Redis database 7 is this file's own. */
let shared: SharedServices;
let a: AppProcess;
let b: AppProcess;
const dirs = [mkdtempSync(path.join(tmpdir(), 'windscope-digest-a-')), mkdtempSync(path.join(tmpdir(), 'windscope-digest-b-'))];
const outboxes = () => dirs.flatMap((dir) => readOutbox(path.join(dir, 'outbox')));
const digests = () =>
  outboxes().filter((m) => m.includes('Onarım tarihi geçmiş ve hâlâ açık') || m.includes('Findings whose repair date has passed'));
const recipientOf = (mail: string) => /^To: (\S+)/m.exec(mail)?.[1];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: shared.db.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  shared = await startSharedServices('digest', 7);
  // escalation e-mails go at once (the demo's own overdue notices went at start-up: with the usual spacing this notice
  // would wait ten minutes for its bundle)
  const env = { NOTIFY_CHECK_SECONDS: '1', DIGEST_HOUR: '0', ESCALATION_MAIL_GATHER_SECONDS: '0', ESCALATION_MAIL_SPACING_MINUTES: '0' };
  const started = await Promise.allSettled([
    shared.start('a', { ...env, DEMO_SEED: 'true', DATA_DIR: dirs[0] as string }),
    shared.start('b', { ...env, DEMO_SEED: 'false', DATA_DIR: dirs[1] as string }),
  ]);
  const [first, second] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
  if (!first || !second) throw started.find((s): s is PromiseRejectedResult => s.status === 'rejected')?.reason;
  [a, b] = [first, second];
});

afterAll(async () => {
  await shared?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('overdue notices and the daily digest with two processes', () => {
  test('each recipient gets one digest and one notice per overdue repair, whichever process sends them', async () => {
    const outputs = () => `--- A ---\n${a.output()}\n--- B ---\n${b.output()}`;
    // a repair of Ege's that was due long ago, written straight to the shared database
    const [finding] = await query<{ id: number }>(
      `insert into findings (turbine_id, blade, surface, type, severity, status, due_date, first_seen_year, last_seen_year)
       select id, 'A', 'LE', 'crack', 4, 'repair_planned', '2020-01-01', 2025, 2025 from turbines where code = 'EGE-BRG-01'
       returning id`,
    );
    expect(finding).toBeDefined();
    const expected = [DEMO.egeAdmin, DEMO.egeManager, DEMO.superadmin].sort();
    // both processes check every second: wait for the digests, then several more rounds of both
    const deadline = Date.now() + 30_000;
    // (the demo's own overdue repairs may have made the day's digests before this one was written: a company's digest
    // goes once a day whatever it lists)
    const got = () => new Set(digests().map(recipientOf));
    while (Date.now() < deadline && !expected.every((to) => got().has(to))) await sleep(250);
    await sleep(4_000);

    const seen = `${outputs()}
--- outboxes ---
${outboxes()
  .map((m) => `${recipientOf(m)}: ${m.split('\n\n')[1]?.slice(0, 200)}`)
  .join('\n')}`;
    expect(
      digests()
        .map(recipientOf)
        .filter((to) => to?.endsWith('ege.example') || to === DEMO.superadmin)
        .sort(),
      seen,
    ).toEqual(expected);
    // not one digest more, for anybody, from either process
    const perRecipient = new Map<string, number>();
    for (const mail of digests()) perRecipient.set(recipientOf(mail) ?? '', (perRecipient.get(recipientOf(mail) ?? '') ?? 0) + 1);
    for (const [to, count] of perRecipient) expect(count, `${to} got ${count} digests`).toBe(1);
    // each process sent some or none, together exactly one per recipient; the claims say who
    const runs = await query<{ scope: string; n: number }>('select scope, count(*)::int as n from digest_runs group by scope');
    for (const run of runs) expect(run.n).toBe(1);
    expect(runs.map((r) => r.scope)).toContain('superadmins');

    // the overdue notice: one escalation, one notification per recipient, one e-mail each
    const escalations = await query<{ id: number }>(`select id from finding_escalations where kind = 'overdue' and finding_id = $1`, [
      finding?.id,
    ]);
    expect(escalations).toHaveLength(1);
    const notified = await query<{ email: string }>(
      'select u.email from notifications n join users u on u.id = n.user_id where n.escalation_id = $1 order by u.email',
      [escalations[0]?.id],
    );
    expect(notified.map((r) => r.email).sort()).toEqual(expected);
    const notices = outboxes().filter(
      (m) => m.includes(`#${finding?.id} bulgusunun onarım tarihi`) || m.includes(`repair of finding #${finding?.id} on`),
    );
    expect(notices.map(recipientOf).sort()).toEqual(expected);
  });
});
