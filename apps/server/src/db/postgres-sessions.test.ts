import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.ts';

/** JIT compilation spent ~280 ms compiling the 2,000-turbine list's statement, whose run takes ~70 ms (bench:findings
 *  part 4): the app's PostgreSQL sessions run without it, every one of them (db/client.ts). */
describe('the database sessions the app opens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  const setting = async (db: Pick<TestApp['app']['ctx']['db'], 'execute'>) => {
    const result = await db.execute(sql`select current_setting('jit') as jit, pg_jit_available() as available`);
    return (result as unknown as { rows: { jit: string; available: boolean }[] }).rows[0];
  };

  it('compile no statement just in time, on every connection of the pool and inside transactions', async () => {
    const db = t.app.ctx.db;
    if (TEST_DB === 'postgres') {
      expect((await setting(db))?.jit).toBe('off');
      // ten transactions held open at once: ten connections of the pool, each new one set as it was opened
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const seen: string[] = [];
      const pids = new Set<number>();
      const open = Array.from({ length: 10 }, () =>
        db.transaction(async (tx) => {
          const s = await setting(tx);
          seen.push(s?.jit ?? '');
          const r = await tx.execute(sql`select pg_backend_pid() as pid`);
          pids.add(Number((r as unknown as { rows: { pid: number }[] }).rows[0]?.pid));
          await held;
        }),
      );
      while (seen.length < 10) await new Promise((resolve) => setTimeout(resolve, 5));
      release();
      await Promise.all(open);
      expect(pids.size).toBe(10);
      expect(seen).toEqual(Array(10).fill('off'));
    } else {
      // PGlite is built without LLVM: nothing is compiled, nothing to turn off
      expect((await setting(db))?.available).toBe(false);
    }
  });
});
