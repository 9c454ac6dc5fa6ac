import { describe, expect, it } from 'vitest';
import { signSessionToken, verifySessionToken } from './tokens.ts';

const secret = new TextEncoder().encode('tokens-test-secret-tokens-test-secret-0123');
const other = new TextEncoder().encode('another-secret-another-secret-another-0123');

describe('session tokens (verified once, then remembered)', () => {
  it('keeps checking expiry on every call after the first verification', async () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const expires = new Date(now.getTime() + 60_000);
    const token = await signSessionToken(secret, { sid: 's1', sub: '7' }, expires);
    expect(await verifySessionToken(secret, token, now)).toEqual({ sid: 's1', sub: '7' });
    // the remembered answer is the same
    expect(await verifySessionToken(secret, token, new Date(now.getTime() + 59_000))).toEqual({ sid: 's1', sub: '7' });
    expect(await verifySessionToken(secret, token, expires)).toBeNull();
    expect(await verifySessionToken(secret, token, new Date(expires.getTime() + 1000))).toBeNull();
  });

  it('remembers nothing across secrets, and a changed token is verified afresh', async () => {
    const now = new Date();
    const token = await signSessionToken(secret, { sid: 's2', sub: '8' }, new Date(now.getTime() + 3_600_000));
    expect(await verifySessionToken(secret, token, now)).not.toBeNull();
    expect(await verifySessionToken(other, token, now)).toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await verifySessionToken(secret, `${header}.${payload}.${flipped}`, now)).toBeNull();
    const forged = Buffer.from(JSON.stringify({ sid: 's2', sub: '1', iss: 'windscope', exp: 4102444800 })).toString('base64url');
    expect(await verifySessionToken(secret, `${header}.${forged}.${signature}`, now)).toBeNull();
  });
});
