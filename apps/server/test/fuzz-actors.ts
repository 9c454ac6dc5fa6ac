import type { UserRow } from '../src/users/presenter.ts';
import { fingerprintWatcher, sessionFor, userByEmail } from './factories.ts';
import { DEMO, type TestApp } from './harness.ts';

/** Who the fuzz tests send requests as: every role class that answers differently, and nobody. */
export const FUZZ_ACTORS = { superadmin: DEMO.superadmin, operator: DEMO.egeOperator, viewer: DEMO.egeViewer } as const;
export type FuzzActor = keyof typeof FUZZ_ACTORS | 'anonymous';

/** A session for each actor (rows made directly, no login route: failed fuzzed logins must not lock them out), and a
 *  watcher of the database's checksums. Refused requests may count an attempt (a failed login): that table is left
 *  out of the checksums. */
export async function fuzzSetup(t: TestApp) {
  const fingerprint = fingerprintWatcher(t, { ignore: ['rate_limit_hits'] });
  const users = new Map<FuzzActor, UserRow>();
  const tokens = new Map<FuzzActor, string | null>([['anonymous', null]]);
  for (const [name, email] of Object.entries(FUZZ_ACTORS) as [FuzzActor, string][]) {
    const user = await userByEmail(t, email);
    users.set(name, user);
    tokens.set(name, await sessionFor(t, user));
  }
  return { fingerprint, users, tokens };
}
