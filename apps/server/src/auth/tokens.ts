import { errors, jwtVerify, SignJWT } from 'jose';
import { oncePer } from '../lib/once-per.ts';

const ALGORITHM = 'HS256';
const ISSUER = 'windscope';

export interface TokenClaims {
  /** session id */
  sid: string;
  /** user id */
  sub: string;
}

/** The secret imported once as an HMAC-SHA-256 key: importing it on every request cost more than the check itself. */
const hmacKey = oncePer(
  (secret: Uint8Array): Promise<CryptoKey> =>
    crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']),
);

export async function signSessionToken(secret: Uint8Array, claims: TokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await hmacKey(secret));
}

/** Tokens whose signature, issuer and claims have been checked, by secret: every API request carries one, and
 *  verifying the same token again (an HMAC through WebCrypto, a JSON parse) was a few per cent of the server's CPU under
 *  bench:load. Only the time-dependent checks (exp, nbf) are repeated on a hit; the session itself is still looked up
 *  in the database on every request, so logout and revocation take effect at once. Bounded: oldest entries go first. */
const VERIFIED_MAX = 2_000;
interface Verified {
  claims: TokenClaims;
  /** seconds since the epoch */
  exp: number;
  nbf: number | undefined;
}
const verifiedTokens = oncePer((_secret: Uint8Array) => new Map<string, Verified>());

/** jose's rules for the time claims, without a clock tolerance: expired when exp <= now, not yet valid when nbf > now. */
const timely = (v: Verified, now: Date) => {
  const seconds = Math.floor(now.getTime() / 1000);
  return v.exp > seconds && (v.nbf === undefined || v.nbf <= seconds);
};

/** Verifies signature (HS256 only: 'none' and every other algorithm are refused), issuer and expiry. */
export async function verifySessionToken(secret: Uint8Array, token: string, now: Date): Promise<TokenClaims | null> {
  const cache = verifiedTokens(secret);
  const known = cache.get(token);
  if (known) return timely(known, now) ? known.claims : null;
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      currentDate: now,
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
    const claims = { sid: payload.sid, sub: payload.sub };
    if (cache.size >= VERIFIED_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(token, { claims, exp: payload.exp, nbf: typeof payload.nbf === 'number' ? payload.nbf : undefined });
    return claims;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
