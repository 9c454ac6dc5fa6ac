import { describe, expect, it } from 'vitest';
import { createJobRunner } from './runner.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** a queue in memory: the runner's own behaviour, without a database */
function memoryRunner(jobs: number[], options: { concurrency?: number; deferMs?: () => number } = {}) {
  const done: number[] = [];
  const runner = createJobRunner<number>({
    name: 'test',
    claim: async () => jobs.shift() ?? null,
    run: async (job) => {
      await sleep(5);
      done.push(job);
    },
    pollMs: 0,
    log: () => {},
    ...options,
  });
  return { runner, done };
}

describe('job runner', () => {
  it('defers background work while asked to, looks again after the time given, and idle() is not held back', async () => {
    let deferring = true;
    let asked = 0;
    const { runner, done } = memoryRunner([1, 2], {
      deferMs: () => {
        asked++;
        return deferring ? 150 : 0;
      },
    });
    try {
      runner.wake();
      await sleep(100);
      expect(done).toEqual([]);
      expect(asked).toBeGreaterThan(0);
      deferring = false;
      // nobody wakes it: the look again after the deferral takes the work
      const started = performance.now();
      while (done.length < 2 && performance.now() - started < 2_000) await sleep(10);
      expect(done).toEqual([1, 2]);

      const other = memoryRunner([3], { deferMs: () => 60_000 });
      other.runner.wake();
      await sleep(50);
      expect(other.done).toEqual([]);
      await other.runner.idle();
      expect(other.done).toEqual([3]);
      await other.runner.close();
    } finally {
      await runner.close();
    }
  });

  it('takes nothing with a concurrency of 0, and idle() answers at once', async () => {
    const jobs = [1];
    const { runner, done } = memoryRunner(jobs, { concurrency: 0 });
    runner.wake();
    await runner.idle();
    expect(done).toEqual([]);
    expect(jobs).toEqual([1]);
    await runner.close();
  });
});
