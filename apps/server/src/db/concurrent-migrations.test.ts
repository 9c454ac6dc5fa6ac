import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, TEST_DB } from '../../test/harness.ts';
import { openDatabase } from './client.ts';

/** The processes of a deployment start together on one database: each runs the migrations at start-up, and none may
 *  fail because another is applying the same migration at that moment. (PostgreSQL only: PGlite is one process's.) */
describe.runIf(TEST_DB === 'postgres')('migrations started by several processes at once', () => {
  it('all open the same fresh database, the schema applied once', async () => {
    for (let round = 0; round < 3; round++) {
      const database = await createPostgresDatabase();
      try {
        const handles = await Promise.all(
          Array.from({ length: 4 }, () => openDatabase({ databaseUrl: database.url, pgliteDir: 'unused' })),
        );
        for (const handle of handles) expect(await handle.ping()).toBe(true);
        const applied = await handles[0]?.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
        await Promise.all(handles.map((handle) => handle.close()));
      } finally {
        await database.drop();
      }
    }
  });
});
