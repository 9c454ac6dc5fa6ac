import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { hashPassword } from '../auth/passwords.ts';
import { users } from '../db/schema.ts';
import { redactText } from './log-redaction.ts';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => {
  await t?.close();
});

describe('logged database errors', () => {
  it('carry no SQL parameters: no password hash, no e-mail address', async () => {
    const passwordHash = await hashPassword('a-secret-password');
    const email = DEMO.egeOperator;
    // a real failing statement on the real database: the address is taken
    const error = await t.app.ctx.db
      .insert(users)
      .values({ firstName: 'Dup', lastName: 'Licate', email, passwordHash, role: 'operator', companyId: 1 })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    // what the error handler does with an unexpected error
    t.app.log.error({ err: error }, 'unhandled error');
    const logged = lines.join('');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('Failed query');
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain(passwordHash);
    expect(logged).not.toContain('$argon2');
    expect(logged).not.toContain(email);
  });

  it('scrub hash-, token- and address-like text wherever it appears', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    const text = `Key (lower(email::text))=(ayse@ege.example) exists; token ${'a'.repeat(43)} jwt ${jwt} $argon2id$v=19$m=19456$abc`;
    const out = redactText(text);
    for (const secret of ['ayse@ege.example', 'a'.repeat(43), jwt, '$argon2id']) expect(out).not.toContain(secret);
    expect(out).toContain('Key (lower(email::text))=');
  });
});
