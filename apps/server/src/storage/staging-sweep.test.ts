import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { pause } from '../../test/raw-http.ts';

const HOUR = 3_600_000;

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await pause(50);
  }
}

// what a crash between receiving and committing an upload leaves: a temporary object (and, on S3, a scratch copy)
describe.each(['fs', 's3'] as const)('upload leftovers swept without the integrity command (%s driver)', (storage) => {
  let t: TestApp;
  const scratchDir = () => path.join(t.dataDir, 'tmp');

  beforeAll(async () => {
    // checked every 0.3 s; older than the default hour is removed
    t = await createTestApp({ storage, seed: false, env: { STAGING_SWEEP_MINUTES: '0.005' } });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  async function leaveStagedUpload(): Promise<void> {
    // written, never committed nor aborted: the process "died" here
    await t.app.ctx.storage.writeStream('turbines/1/blade/2025/A/1/1-123456789-crashed.jpg', Readable.from([Buffer.alloc(2048, 1)]));
    mkdirSync(scratchDir(), { recursive: true });
    writeFileSync(path.join(scratchDir(), `copy-${Math.random().toString(36).slice(2)}`), 'scratch');
  }
  const leftovers = async () => [...(await t.app.ctx.storage.list('.staging/')), ...readdirSync(scratchDir())];

  it('keeps a young temporary object, and removes it on a periodic sweep once it is over an hour old', async () => {
    await leaveStagedUpload();
    await pause(1_000); // three sweeps: nothing young is touched
    expect(await leftovers()).toHaveLength(2);
    t.clock.advance(HOUR + 60_000);
    await until(async () => (await leftovers()).length === 0);
    t.clock.advance(-(HOUR + 60_000));
  });

  it('removes old leftovers when a server starts', async () => {
    await leaveStagedUpload();
    expect(await leftovers()).toHaveLength(2);
    // a server starting two hours later on the same storage (and data folder)
    const later = await buildApp(
      { ...t.config, stagingSweep: { maxAgeMs: HOUR, intervalMs: HOUR } },
      {
        now: () => new Date(Date.now() + 2 * HOUR),
        logger: false,
      },
    );
    try {
      await until(async () => (await leftovers()).length === 0);
    } finally {
      await later.close();
    }
  }, 180_000);
});
