import { randomInt } from 'node:crypto';
import { tooManyRequests } from '../http/errors.ts';

export interface LimitRule {
  /** attempts allowed in the window */
  limit: number;
  windowMs: number;
}

/** A growing delay instead of a lock: the first `freeAttempts` go at once; after attempt n (n ≥ freeAttempts) the next one
 *  waits `baseDelayMs · 2^(n − freeAttempts)`, at most `maxDelayMs`. The count is forgotten `forgetMs` after the last
 *  attempt (or at once by reset, after a success). */
export interface PaceRule {
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetMs: number;
}

export interface RateLimiter {
  /** count one attempt, atomically; returns the count in the current window (this attempt included) and when it resets */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: Date }>;
  /** give one counted attempt back (a reserved attempt that succeeded, or one never judged), on a window or a pace key;
   *  a key back at zero is gone */
  refund(key: string): Promise<void>;
  /** count one attempt under a pace rule, atomically, unless the key is still waiting: then nothing is counted and the
   *  answer is how long is left. `now` is the app's clock. */
  pace(key: string, rule: PaceRule, now: Date): Promise<{ waitMs: number }>;
  reset(key: string): Promise<void>;
  /** take `key` for `ttlMs` when nobody holds it (or its holder's time is over), atomically: the holder's token when
   *  taken, else null. The holder keeps it by `extend` and gives it back by `release`, both with that token; one that
   *  dies simply stops extending. */
  claim(key: string, ttlMs: number): Promise<string | null>;
  /** a held key's time runs `ttlMs` from now, if `holder` still holds it: false when its time ran out and it was taken
   *  by another (or is gone): then it is not touched */
  extend(key: string, holder: string, ttlMs: number): Promise<boolean>;
  /** gives a held key back, only if `holder` still holds it: a holder whose time ran out never frees another's claim */
  release(key: string, holder: string): Promise<void>;
}

/** A claim's holder token: random, so a holder whose time ran out cannot mistake another's claim for its own. A positive
 *  31-bit number, as the database keeps it in rate_limit_hits.count (a claimed key counts nothing). */
export function newHolder(): string {
  return String(1 + randomInt(2 ** 31 - 2));
}

/** The wait after the `count`-th attempt under `rule`. */
export function paceDelayMs(rule: PaceRule, count: number): number {
  if (count < rule.freeAttempts) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(count - rule.freeAttempts, 40));
}

export interface LimitCheck {
  key: string;
  rule: LimitRule;
}

/** Counts the attempt on every key BEFORE the work it guards (argon2, a mail), so attempts made at the same moment are
 *  each judged against the ones before them: once a key is used up, the rest are refused with 429, whatever they carry.
 *  A refused attempt stays counted (it cannot extend the window, which runs from the first attempt). */
export async function reserveAttempt(
  limiter: RateLimiter,
  checks: LimitCheck[],
  code: 'RATE_LIMITED' | 'SETUP_RATE_LIMITED' | 'API_TOKEN_RATE_LIMITED' = 'RATE_LIMITED',
): Promise<void> {
  const settled = await Promise.allSettled(checks.map(({ key, rule }) => limiter.hit(key, rule.windowMs)));
  const failed = settled.find((state) => state.status === 'rejected');
  if (failed) {
    // a counter that did not answer (the database going away): the ones that did give their attempt back, and the
    // request fails as the counters did, having judged nothing
    await giveBack(
      limiter,
      checks.flatMap(({ key }, i) => (settled[i]?.status === 'fulfilled' ? [key] : [])),
    );
    throw failed.reason;
  }
  const states = settled.map((state) => (state as PromiseFulfilledResult<{ count: number; resetAt: Date }>).value);
  const over = states.filter((state, i) => state.count > (checks[i]?.rule.limit ?? Number.POSITIVE_INFINITY));
  if (over.length === 0) return;
  const waitMs = Math.max(...over.map((state) => state.resetAt.getTime() - Date.now()));
  throw tooManyRequests(Math.max(1, Math.ceil(waitMs / 1000)), code);
}

/** How often and how long a count that could not be given back (its store did not answer: the database going away or
 *  coming back, its pool's connections dead) is tried again in the background. */
export const GIVE_BACK_RETRY = { everyMs: 1_000, times: 30 };

/** Gives back one attempt counted on each key. A store that does not answer now is asked again every second for half a
 *  minute: an attempt never judged must not hold anyone back once the store is back (after a database restart, the
 *  sign-ins caught by it stayed counted and the account was refused for 15 minutes). Resolves after the first try. */
export async function giveBack(limiter: RateLimiter, keys: readonly string[], retry = GIVE_BACK_RETRY): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => limiter.refund(key)));
  let left = keys.filter((_, i) => results[i]?.status === 'rejected');
  let tries = 0;
  const again = () => {
    if (left.length === 0 || tries++ >= retry.times) return;
    const timer = setTimeout(async () => {
      const settled = await Promise.allSettled(left.map((key) => limiter.refund(key)));
      left = left.filter((_, i) => settled[i]?.status === 'rejected');
      again();
    }, retry.everyMs);
    timer.unref();
  };
  again();
}

/** Gives back the attempts counted on `keys()` when `work` fails without judging anything (any error `judged` does not
 *  accept: a database gone half way, say), so only attempts that were judged hold anyone back. `keys` is read when the
 *  work has failed, so it can name only what was counted by then. */
export async function refundUnlessJudged<T>(
  limiter: RateLimiter,
  keys: () => string[],
  judged: (error: unknown) => boolean,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!judged(error)) await giveBack(limiter, keys());
    throw error;
  }
}

/** One attempt under a pace rule, counted before the work; 429 with the time left while the key waits. */
export async function reservePacedAttempt(limiter: RateLimiter, key: string, rule: PaceRule, now: Date): Promise<void> {
  const { waitMs } = await limiter.pace(key, rule, now);
  if (waitMs > 0) throw tooManyRequests(Math.max(1, Math.ceil(waitMs / 1000)));
}

/** Redis first; while Redis does not answer, the database's counters (shared by every process on PostgreSQL), so a Redis
 *  outage neither stops sign-ins nor lifts the limits. Counts made meanwhile stay in the database. */
export function withFallback(primary: RateLimiter, fallback: RateLimiter, onFallback: (error: unknown) => void): RateLimiter {
  const either = async <T>(call: (limiter: RateLimiter) => Promise<T>): Promise<T> => {
    try {
      return await call(primary);
    } catch (error) {
      onFallback(error);
      return call(fallback);
    }
  };
  return {
    hit: (key, windowMs) => either((limiter) => limiter.hit(key, windowMs)),
    refund: (key) => either((limiter) => limiter.refund(key)),
    pace: (key, rule, now) => either((limiter) => limiter.pace(key, rule, now)),
    reset: (key) => either((limiter) => limiter.reset(key)),
    claim: (key, ttlMs) => either((limiter) => limiter.claim(key, ttlMs)),
    extend: (key, holder, ttlMs) => either((limiter) => limiter.extend(key, holder, ttlMs)),
    release: (key, holder) => either((limiter) => limiter.release(key, holder)),
  };
}

const MINUTE = 60_000;

export const RATE_LIMITS = {
  /** failed and refused sign-ins from one address (a success gives its attempt back) */
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** sign-ins to one account from one address: the hard lock only ever holds that address back */
  loginPerAccountAndIp: { limit: 8, windowMs: 15 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 15 * MINUTE },
  resetPerAccount: { limit: 3, windowMs: 15 * MINUTE },
  /** new passwords set with a reset link, per address (wrong tokens included) */
  resetConfirmPerIp: { limit: 10, windowMs: 15 * MINUTE },
  signInLinkPerIp: { limit: 10, windowMs: 15 * MINUTE },
  signInLinkPerAccount: { limit: 3, windowMs: 15 * MINUTE },
  /** sign-in links used (or guessed), per address */
  signInLinkConfirmPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /** addresses a manager sets on users (each sends an e-mail to the new address or its holder) */
  emailChangePerManager: { limit: 20, windowMs: 60 * MINUTE },
  /** e-mail change links used (or guessed), per address */
  emailChangeConfirmPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /** setup keys tried on the first-run setup, per address (a right key gives its attempt back) */
  setupTokenPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /** wrong current passwords when changing one's own password (someone at a signed-in screen guessing it) */
  currentPasswordPerUser: { limit: 5, windowMs: 15 * MINUTE },
  /** an office behind one NAT shares an address: the address gets more room than one sender */
  contactPerIp: { limit: 20, windowMs: 60 * MINUTE },
  contactPerSender: { limit: 5, windowMs: 60 * MINUTE },
  /** requests made with one API token (the limit is config.apiTokenRequestsPerMinute, API_TOKEN_REQUESTS_PER_MINUTE) */
  apiTokenRequests: { limit: 600, windowMs: MINUTE },
  /** share links opened (or guessed) from one address: a recipient reloads a page now and then, a guesser is stopped */
  shareOpenPerIp: { limit: 60, windowMs: 15 * MINUTE },
  /** wrong share-link passwords from one address (a right one gives its attempt back) */
  sharePasswordPerIp: { limit: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, LimitRule>;

export const PACE_RULES = {
  /** sign-ins to one account from anywhere: never a lock, a growing delay (2 s, 4 s, … at most 15 minutes) after 10
   *  attempts without a success; the owner's way past it is a sign-in link by e-mail */
  loginPerAccount: { freeAttempts: 10, baseDelayMs: 2_000, maxDelayMs: 15 * MINUTE, forgetMs: 24 * 60 * MINUTE },
} as const satisfies Record<string, PaceRule>;
