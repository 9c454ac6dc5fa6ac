import { describe, expect, it } from 'vitest';
import {
  allowed,
  fileKey,
  filesToSend,
  finishedTurbines,
  matchFiles,
  overallProgress,
  type QueueItem,
  restoredItems,
  summaryParts,
  totals,
  transition,
} from './queue.ts';

const item = (over: Partial<QueueItem> = {}): QueueItem => ({
  id: 'i1',
  turbineId: 5,
  turbineName: 'WT-05',
  name: 'B_0001.jpg',
  size: 1000,
  lastModified: 42,
  placement: { year: 2025, blade: 'A', source: { kind: 'room', room: 1 } },
  origins: { year: 'default', blade: 'default', source: 'default' },
  state: 'review',
  sent: 0,
  addedAt: 0,
  ...over,
});

describe('queue state machine', () => {
  it('walks a file from review to done', () => {
    let it1 = item();
    for (const event of [
      { type: 'start' },
      { type: 'hash' },
      { type: 'hashed', sha256: 'a'.repeat(64) },
      { type: 'unknown' },
      { type: 'send' },
    ] as const)
      it1 = transition(it1, event);
    expect(it1).toMatchObject({ state: 'sending', sha256: 'a'.repeat(64), checked: true });
    it1 = transition(it1, { type: 'progress', sent: 400 });
    expect(it1.sent).toBe(400);
    it1 = transition(it1, { type: 'stored' });
    expect(it1).toMatchObject({ state: 'done', sent: 1000 });
  });

  it('marks a known hash a duplicate, keeps a refusal with its message, lets only failures be retried', () => {
    const checking = item({ state: 'checking', sha256: 'b'.repeat(64) });
    expect(transition(checking, { type: 'known', originalName: 'old.jpg' })).toMatchObject({ state: 'duplicate', duplicateOf: 'old.jpg' });
    const refused = transition(item({ state: 'sending' }), { type: 'refused', code: 'PHOTO_DUPLICATE_NAMES', message: 'Aynı isimde…' });
    expect(refused).toMatchObject({ state: 'refused', code: 'PHOTO_DUPLICATE_NAMES', message: 'Aynı isimde…' });
    expect(transition(refused, { type: 'retry' })).toBe(refused);
    const failed = transition(item({ state: 'sending', sha256: 'c'.repeat(64), checked: true, sent: 300 }), { type: 'failed' });
    expect(failed.state).toBe('failed');
    expect(transition(failed, { type: 'retry' })).toMatchObject({ state: 'ready', sent: 300 });
    // a failure before the hash goes back to hashing
    expect(transition(item({ state: 'failed' }), { type: 'retry' }).state).toBe('waiting');
  });

  it('refuses transitions that do not fit the state', () => {
    const done = item({ state: 'done' });
    expect(allowed(done, { type: 'send' })).toBe(false);
    expect(transition(done, { type: 'failed' })).toBe(done);
    expect(transition(item(), { type: 'progress', sent: 5 })).toMatchObject({ sent: 0 });
    expect(transition(item({ state: 'sending' }), { type: 'place', placement: item().placement, origins: item().origins }).state).toBe(
      'sending',
    );
  });

  it('a stopped upload goes back to ready (hash checked) or to checking', () => {
    expect(transition(item({ state: 'sending', sha256: 'd', checked: true }), { type: 'stop' }).state).toBe('ready');
    expect(transition(item({ state: 'hashing' }), { type: 'stop' }).state).toBe('waiting');
  });
});

describe('restoring after a reload and matching the chosen files again', () => {
  const items = [
    item({ id: 'a', name: 'a.jpg', state: 'done', sent: 1000 }),
    item({ id: 'b', name: 'b.jpg', state: 'sending', sha256: 'e', checked: true, uploadUrl: '/api/uploads/x', sent: 500 }),
    item({ id: 'c', name: 'c.jpg', state: 'review' }),
    item({ id: 'd', name: 'd.jpg', state: 'refused', message: 'no' }),
  ];

  it('finished items stay, the others wait for their files and remember where they were', () => {
    const restored = restoredItems(items);
    expect(restored.map((i) => i.state)).toEqual(['done', 'missing', 'missing', 'refused']);
    expect(restored[1]).toMatchObject({ before: 'sending', uploadUrl: '/api/uploads/x', sent: 500 });
    expect(transition(restored[1] as QueueItem, { type: 'found' }).state).toBe('ready');
    expect(transition(restored[2] as QueueItem, { type: 'found' }).state).toBe('review');
  });

  it('matches by name, size and modification time only', () => {
    const restored = restoredItems(items);
    const same = { name: 'b.jpg', size: 1000, lastModified: 42 };
    const otherTime = { name: 'c.jpg', size: 1000, lastModified: 43 };
    const otherSize = { name: 'c.jpg', size: 999, lastModified: 42 };
    const finished = { name: 'a.jpg', size: 1000, lastModified: 42 };
    const { matched, unmatched } = matchFiles(restored, [same, otherTime, otherSize, finished]);
    expect([...matched.keys()]).toEqual(['b']);
    expect(unmatched).toEqual([otherTime, otherSize, finished]);
    expect(fileKey(same)).not.toBe(fileKey(otherTime));
  });
});

describe('totals and finished turbines', () => {
  it('counts every chosen file; bytes of files to send (not duplicates or refusals), a failed file as not sent', () => {
    const t = totals([
      item({ id: '1', state: 'done', size: 100 }),
      item({ id: '2', state: 'sending', size: 100, sent: 30 }),
      item({ id: '3', state: 'duplicate', size: 100 }),
      item({ id: '4', state: 'failed', size: 100, sent: 10 }),
      item({ id: '5', state: 'refused', size: 100 }),
      item({ id: '6', state: 'review', size: 100 }),
    ]);
    expect(t).toMatchObject({ files: 6, done: 1, duplicate: 1, failed: 1, refused: 1, review: 1, active: 1 });
    expect(t).toMatchObject({ totalBytes: 300, sentBytes: 130, failedBytes: 100 });
    expect(filesToSend(t)).toBe(3);
    expect(summaryParts(t)).toEqual([
      { part: 'review', count: 1 },
      { part: 'duplicate', count: 1 },
      { part: 'refused', count: 1 },
      { part: 'failed', count: 1 },
    ]);
  });
  it('5 chosen, 2 refused on selection, 3 stored: 3 of 5, the refusals said, the bar full (issue 24 item 12)', () => {
    const t = totals([
      ...['1', '2', '3'].map((id) => item({ id, state: 'done', size: 400 })),
      item({ id: '4', state: 'refused', size: 90 }),
      item({ id: '5', state: 'refused', size: 300_000_000 }),
    ]);
    expect(t).toMatchObject({ files: 5, done: 3, refused: 2, totalBytes: 1200, sentBytes: 1200 });
    expect(summaryParts(t)).toEqual([{ part: 'refused', count: 2 }]);
    expect(overallProgress(t)).toEqual({ percent: 100, stored: 100, failed: 0 });
    // both refused: nothing to send, no bar to fill
    const none = totals([item({ id: '4', state: 'refused' }), item({ id: '5', state: 'refused' })]);
    expect(none).toMatchObject({ files: 2, done: 0, refused: 2, totalBytes: 0 });
    expect(overallProgress(none)).toEqual({ percent: 0, stored: 0, failed: 0 });
  });
  it('24 of 28 stored, 4 small files failed with nothing sent: the bar is not complete and shows the failure', () => {
    const big = Array.from({ length: 24 }, (_, i) => item({ id: `d${i}`, state: 'done', size: 1_940_000 }));
    const failed = Array.from({ length: 4 }, (_, i) => item({ id: `f${i}`, state: 'failed', size: 2_000, sent: 0 }));
    const t = totals([...big, ...failed]);
    const bar = overallProgress(t);
    expect(bar.percent).toBe(99);
    expect(bar.failed).toBeGreaterThanOrEqual(3);
    expect(bar.stored + bar.failed).toBeLessThanOrEqual(100);
    expect(bar.stored).toBeLessThan(100);
    // failed after every byte went: still not counted as sent
    const late = totals([item({ id: '1', state: 'done', size: 100 }), item({ id: '2', state: 'failed', size: 100, sent: 100 })]);
    expect(overallProgress(late)).toEqual({ percent: 50, stored: 50, failed: 50 });
    // retried and stored: complete
    expect(overallProgress(totals([item({ id: '1', state: 'done', size: 100 })]))).toEqual({ percent: 100, stored: 100, failed: 0 });
  });
  it('never rounds a queue up to complete while a file is on its way', () => {
    const t = totals([item({ id: '1', state: 'done', size: 100_000 }), item({ id: '2', state: 'sending', size: 100_000, sent: 99_999 })]);
    expect(overallProgress(t).percent).toBe(99);
  });
  it('a turbine is finished when nothing of it is left to do and something was stored', () => {
    const done = item({ id: '1', state: 'done' });
    expect([...finishedTurbines([done, item({ id: '2', state: 'duplicate' })])]).toEqual([[5, new Set([2025])]]);
    expect(finishedTurbines([done, item({ id: '2', state: 'failed' })]).size).toBe(0);
    expect(finishedTurbines([item({ id: '2', state: 'duplicate' })]).size).toBe(0);
  });
});
