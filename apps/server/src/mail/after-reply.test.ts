import { describe, expect, it } from 'vitest';
import { createAfterReplyQueue } from './after-reply.ts';

describe('after-reply queue', () => {
  it('runs tasks one at a time in order, logs a failure and goes on with the next', async () => {
    const logged: { message: string; details: Record<string, unknown> }[] = [];
    const queue = createAfterReplyQueue((message, details) => logged.push({ message, details }));
    const ran: string[] = [];
    let running = 0;
    const task =
      (name: string, fail = false) =>
      async () => {
        running++;
        expect(running).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        if (fail) throw new Error(`${name} failed`);
        ran.push(name);
      };
    queue.enqueue('a', task('a'));
    queue.enqueue('mail', task('mail', true));
    queue.enqueue('b', task('b'));
    // nothing runs inside the call that queues it
    expect(ran).toEqual([]);
    await queue.drained();
    expect(ran).toEqual(['a', 'b']);
    expect(logged).toEqual([{ message: 'after-reply task failed', details: { task: 'mail', err: 'Error: mail failed' } }]);
  });
});
