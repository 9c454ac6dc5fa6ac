import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';

/** The address rate limits count a client by (request.ip) for each TRUST_PROXY setting, as buildApp configures Fastify:
 *  X-Forwarded-For is believed only as far as the setting says, so a client can never choose its own address by writing
 *  the header. (apps/server/system/nginx.test.ts checks TRUST_PROXY=1 behind a real nginx.) */
const configOf = (value: string | undefined) =>
  loadConfig(value === undefined ? { DATA_DIR: '/tmp' } : { TRUST_PROXY: value, DATA_DIR: '/tmp' }, { jwtSecret: new Uint8Array(32) });

async function addressSeen(trustProxy: string | undefined, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const app = Fastify({ trustProxy: fastifyTrustProxy(configOf(trustProxy).trustProxy) });
  app.get('/ip', async (request) => request.ip);
  const res = await app.inject({ url: '/ip', remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
  await app.close();
  return res.body;
}

describe('TRUST_PROXY', () => {
  it('off (the default): the connection’s own address, whatever X-Forwarded-For says', async () => {
    expect(await addressSeen(undefined, '10.0.0.5', '198.51.100.9')).toBe('10.0.0.5');
    expect(await addressSeen('0', '10.0.0.5', '198.51.100.9')).toBe('10.0.0.5');
  });

  it('1 or true (one balancer in front): the entry the balancer added, not the ones the client forged before it', async () => {
    expect(await addressSeen('1', '10.0.0.5', '203.0.113.7, 198.51.100.9')).toBe('198.51.100.9');
    expect(await addressSeen('true', '10.0.0.5', '198.51.100.9')).toBe('198.51.100.9');
    expect(await addressSeen('1', '10.0.0.5')).toBe('10.0.0.5');
    // two proxies in a row (a CDN, then the balancer)
    expect(await addressSeen('2', '10.0.0.5', '203.0.113.7, 198.51.100.9, 10.1.1.1')).toBe('198.51.100.9');
  });

  it('the balancers’ addresses: believed from them, never from a client that reaches the process directly', async () => {
    expect(await addressSeen('10.0.0.0/8', '10.0.0.5', '203.0.113.7, 198.51.100.9')).toBe('198.51.100.9');
    expect(await addressSeen('10.0.0.0/8', '192.0.2.44', '198.51.100.9')).toBe('192.0.2.44');
    expect(await addressSeen('loopback', '127.0.0.1', '198.51.100.9')).toBe('198.51.100.9');
  });

  it('refuses a value it cannot read, naming the variable', () => {
    expect(() => configOf('sometimes')).toThrow(/TRUST_PROXY/);
    expect(() => configOf('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(configOf('10.0.0.0/8, ::1').trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(configOf('off').trustProxy).toBe(false);
  });
});
