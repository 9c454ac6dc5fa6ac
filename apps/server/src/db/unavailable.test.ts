import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, unavailableReason } from './unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a database that is stopped, restarting, crashed or unreachable', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('terminating connection because of crash of another server process', '57P02'),
      withCode('the database system is shutting down', '57P03'),
      withCode('sorry, too many clients already', '53300'),
      withCode('connection failure', '08006'),
      // node-postgres says these without a code (pg_ctl stop -m immediate kills the backends mid-query)
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
      // drizzle wraps the driver's error in its own
      expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], error)), `wrapped ${error.message}`).toBe(true);
    }
  });

  it('leaves query errors and everything else alone', () => {
    for (const error of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "selec"', '42601'),
      withCode('database "nope" does not exist', '3D000'),
      withCode('password authentication failed for user "x"', '28P01'),
      new Error('Connection to the mail server failed'),
      new TypeError('x is undefined'),
      null,
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('gives a short reason for a log line, the driver error rather than the SQL', () => {
    const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    expect(unavailableReason(new DrizzleQueryError('select secret from t', [], refused))).toBe(
      'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect(unavailableReason(new Error('Connection terminated unexpectedly'))).toBe('Connection terminated unexpectedly');
  });
});
