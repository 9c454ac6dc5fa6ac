/** Work a request hands off so that its answer never waits for it (and so takes the same time whatever the work finds):
 *  the account lookup, link and e-mail of a reset or sign-in-link request. Runs in this process, one task at a time,
 *  in order; a failure is logged and the next task runs. */
export interface AfterReplyQueue {
  enqueue(label: string, task: () => Promise<void>): void;
  /** resolves once every task queued so far has run (shutdown, tests) */
  drained(): Promise<void>;
}

/** Beyond this many waiting tasks new ones are dropped (and logged): the rate limits keep it far away. */
const MAX_WAITING = 1_000;

export function createAfterReplyQueue(log: (message: string, details: Record<string, unknown>) => void): AfterReplyQueue {
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;
  return {
    enqueue(label, task) {
      if (waiting >= MAX_WAITING) {
        log('after-reply queue full: task dropped', { task: label });
        return;
      }
      waiting++;
      tail = tail
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(task)
        .catch((error: unknown) => log('after-reply task failed', { task: label, err: String(error) }))
        .finally(() => {
          waiting--;
        });
    },
    async drained() {
      let seen: Promise<void> | undefined;
      while (seen !== tail) {
        seen = tail;
        await seen;
      }
    },
  };
}
