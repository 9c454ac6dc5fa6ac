import { describe, expect, it } from 'vitest';
import { type SerializedAnswer, SerializedCache, preparedAnswer } from './serialized-answers.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('kept answers built once for everyone asking at the same time', () => {
  it('twenty requests for the same list at one version run one build, and all get its answer', async () => {
    const cache = new SerializedCache(1024 * 1024);
    let builds = 0;
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const ask = () =>
      preparedAnswer({
        cache,
        slot: 'findings 7 tr',
        version: '41',
        message: 'Bulgular',
        data: async () => {
          builds++;
          await gate;
          return [{ id: 1 }];
        },
      }).build();
    const answers = Array.from({ length: 20 }, ask);
    await tick();
    expect(builds).toBe(1);
    finish();
    const bodies = (await Promise.all(answers)).map((a) => a.body.toString());
    expect(new Set(bodies)).toEqual(new Set(['{"success":true,"data":[{"id":1}],"message":"Bulgular"}']));
    // kept: the next request builds nothing
    await ask();
    expect(builds).toBe(1);
  });

  it('builds apart what differs: another version, another slot; an answer not to keep is still shared while built', async () => {
    const cache = new SerializedCache(1024 * 1024);
    const built: string[] = [];
    const ask = (slot: string, version: string, keep = true) =>
      preparedAnswer({
        cache,
        slot,
        version,
        message: undefined,
        keep: () => keep,
        data: async () => {
          built.push(`${slot}@${version}`);
          await tick();
          return slot;
        },
      }).build();
    await Promise.all([ask('a', '1'), ask('a', '2'), ask('b', '1'), ask('a', '1')]);
    expect(built.sort()).toEqual(['a@1', 'a@2', 'b@1']);
    built.length = 0;
    await Promise.all([ask('c', '1', false), ask('c', '1', false)]);
    expect(built).toEqual(['c@1']);
    // not kept: asked again later, built again
    await ask('c', '1', false);
    expect(built).toEqual(['c@1', 'c@1']);
  });

  it('a build that fails fails for those waiting on it, and the next request builds again', async () => {
    const cache = new SerializedCache(1024 * 1024);
    let attempt = 0;
    const ask = () =>
      preparedAnswer({
        cache,
        slot: 'turbines all',
        version: '3',
        message: undefined,
        data: async () => {
          attempt++;
          await tick();
          if (attempt === 1) throw new Error('database gone');
          return ['ok'];
        },
      }).build();
    const first = await Promise.allSettled([ask(), ask(), ask()]);
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(attempt).toBe(1);
    const again: SerializedAnswer = await ask();
    expect(JSON.parse(again.body.toString()).data).toEqual(['ok']);
    expect(attempt).toBe(2);
  });
});
