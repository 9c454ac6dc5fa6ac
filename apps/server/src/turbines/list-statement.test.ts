import { is, Placeholder } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { turbineReads } from './service.ts';

/** After five runs on a connection PostgreSQL may plan a prepared statement once for any parameters; a fixed value sent
 *  as a parameter (`status in ($1, $2, $3)`, `kind = $9`) then hides it from that plan, which cannot use the partial
 *  indexes made for those values: the 2,000-turbine list took ~100 ms instead of ~25 from its sixth build on a
 *  connection. Only what changes from run to run is bound. */
describe('the turbine reads prepared once per connection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it('bind only the company, the turbine, the day and the year; fixed values are written into the statement', () => {
    const reads = turbineReads(t.app.ctx.db);
    for (const [name, statement] of Object.entries(reads)) {
      const { sql, params } = statement.getQuery();
      // (`limit 1` is bound as a number: it decides no index)
      const bound = params.filter((p) => !is(p, Placeholder) && typeof p !== 'number');
      expect(bound, `${name} binds ${JSON.stringify(bound)}`).toEqual([]);
      expect(sql, name).toContain(`in ('confirmed', 'monitoring', 'repair_planned')`);
      expect(sql, name).toContain(`= 'severity'`);
      expect(sql, name).toContain(`= 'sighting'`);
    }
  });
});
