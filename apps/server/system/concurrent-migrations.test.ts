import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/harness.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/db/client.ts';

const migrations = (JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries
  .length;

/** The processes of a deployment start together on one database: each runs the migrations at start-up, and none may
 *  fail because another is applying the same migration at that moment. (PostgreSQL only, so a system test: PGlite is
 *  one process's.) */
describe('migrations started by several processes at once', () => {
  it('all open the same fresh database, each migration applied once', async () => {
    for (let round = 0; round < 3; round++) {
      const database = await createPostgresDatabase();
      try {
        const handles = await Promise.all(
          Array.from({ length: 4 }, () => openDatabase({ databaseUrl: database.url, pgliteDir: 'unused' })),
        );
        for (const handle of handles) expect(await handle.ping()).toBe(true);
        const applied = await handles[0]?.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(migrations);
        await Promise.all(handles.map((handle) => handle.close()));
      } finally {
        await database.drop();
      }
    }
  });
});
