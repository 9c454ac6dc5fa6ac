import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** DECISIONS §17: webhooks go to public addresses only. Everything but ordinary unicast is refused: private (10/8,
 *  172.16/12, 192.168/16, fc00::/7), loopback, link-local (169.254/16 with the cloud metadata address, fe80::/10),
 *  carrier-grade NAT, unspecified, multicast, reserved and documentation ranges; an IPv4-mapped IPv6 address is judged
 *  as the IPv4 address it carries. `WEBHOOK_ALLOW_PRIVATE=1` lifts the rule (tests, a receiver in the same network). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export class PrivateAddressError extends Error {
  readonly code = 'WEBHOOK_PRIVATE_ADDRESS';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
  }
}

/** The host of a URL as net.connect takes it (an IPv6 literal without its brackets). */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** Resolves a host and refuses it when any of its addresses is not public. */
export async function resolvePublic(host: string): Promise<dns.LookupAddress[]> {
  if (net.isIP(host)) {
    if (!isPublicAddress(host)) throw new PrivateAddressError(host, host);
    return [{ address: host, family: net.isIP(host) }];
  }
  const addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  for (const { address } of addresses) if (!isPublicAddress(address)) throw new PrivateAddressError(host, address);
  return addresses;
}

/** The `lookup` of an outgoing request: the addresses the connection will use are the ones checked, at the moment of
 *  connecting (a DNS answer that changed since the hook was saved, DNS rebinding, is caught here). */
export function publicOnlyLookup(): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        const usable = wanted.length > 0 ? wanted : addresses;
        if (options.all) callback(null, usable);
        else {
          const [first] = usable;
          if (!first) callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
          else callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}
