import type { TrustProxy } from '../config.ts';

/** TRUST_PROXY as Fastify's trustProxy option. Fastify refuses a bare hop count (it would believe a client that reaches a
 *  process directly), so a count becomes our own function: hop 0 is the connection's peer, hop 1 the last
 *  X-Forwarded-For entry, and so on; the client is the first hop not trusted. Addresses are checked by Fastify (proxy-addr). */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
