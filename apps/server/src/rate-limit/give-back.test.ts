import { describe, expect, it, vi } from 'vitest';
import { giveBack, type RateLimiter } from './rate-limiter.ts';

// A store that does not answer for a while (a database restarting: its pool's connections dead), then answers: only
// refunds are used here. After a restart the sign-ins caught by it stayed counted (the system test's 429 after a
// PostgreSQL restart); the counts are now given back once the store answers.
function flakyStore(failures: number) {
  const refunded: string[] = [];
  let calls = 0;
  const store = {
    refund: async (key: string) => {
      calls++;
      if (calls <= failures) throw new Error('connection terminated');
      refunded.push(key);
    },
  } as unknown as RateLimiter;
  return { store, refunded };
}

describe('giving back attempts that were never judged', () => {
  it('gives back at once when the store answers', async () => {
    const { store, refunded } = flakyStore(0);
    await giveBack(store, ['login:ip:1', 'login:account-ip:1:a']);
    expect(refunded).toEqual(['login:ip:1', 'login:account-ip:1:a']);
  });

  it('asks again every second until the store answers, each key once', async () => {
    vi.useFakeTimers();
    try {
      const { store, refunded } = flakyStore(3);
      await giveBack(store, ['a', 'b'], { everyMs: 1_000, times: 30 });
      expect(refunded).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      // the third call failed, the fourth answered
      expect(refunded).toEqual(['b']);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(refunded).toEqual(['b', 'a']);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(refunded).toEqual(['b', 'a']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after the retries: a store that never answers holds no timer for ever', async () => {
    vi.useFakeTimers();
    try {
      const { store, refunded } = flakyStore(1_000);
      await giveBack(store, ['a'], { everyMs: 1_000, times: 3 });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(refunded).toEqual([]);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
