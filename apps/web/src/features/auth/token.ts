/** The `exp` claim (seconds since epoch) of a JWT, read without verifying it: the server verifies; the client only avoids a useless call. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp: unknown = JSON.parse(json).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** Spec §4: a token is valid if its payload carries a future expiry. */
export function isTokenValid(token: string | null, now: number = Date.now()): token is string {
  if (!token) return false;
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > now;
}
