import { UPLOAD_BATCH } from '@windscope/contract';
import { describe, expect, it } from 'vitest';
import { bladeBatches, categoryBatches, fileProgressInBatch } from './batches.ts';

const MB = 1024 * 1024;
const files = (...sizes: number[]) => sizes.map((size, i) => ({ name: `f${i}`, size }));
const names = (batches: { name: string }[][]) => batches.map((b) => b.map((f) => f.name));

describe('upload batches (spec §7, §9)', () => {
  it('sends blade photos three at a time, in order', () => {
    expect(UPLOAD_BATCH.bladeFiles).toBe(3);
    expect(names(bladeBatches(files(1, 1, 1, 1, 1, 1, 1)))).toEqual([['f0', 'f1', 'f2'], ['f3', 'f4', 'f5'], ['f6']]);
    expect(bladeBatches([])).toEqual([]);
    expect(names(bladeBatches(files(1, 1, 1)))).toEqual([['f0', 'f1', 'f2']]);
  });

  it('sends category photos at most two at a time', () => {
    expect(names(categoryBatches(files(MB, MB, MB, MB, MB)))).toEqual([['f0', 'f1'], ['f2', 'f3'], ['f4']]);
  });

  it('keeps a category batch within 20 MB', () => {
    expect(UPLOAD_BATCH.categoryBytes).toBe(20 * MB);
    // 12 + 9 > 20: split; 9 + 11 = 20: together
    expect(names(categoryBatches(files(12 * MB, 9 * MB, 11 * MB)))).toEqual([['f0'], ['f1', 'f2']]);
    expect(names(categoryBatches(files(10 * MB, 10 * MB)))).toEqual([['f0', 'f1']]);
  });

  it('sends a category photo larger than 20 MB on its own', () => {
    expect(names(categoryBatches(files(MB, 25 * MB, MB)))).toEqual([['f0'], ['f1'], ['f2']]);
  });
});

describe('per-file progress inside one request', () => {
  it('spreads the bytes sent over the files in body order', () => {
    // 1000 content bytes, 100 bytes of multipart framing
    expect(fileProgressInBatch([600, 400], 0, 1100)).toEqual([0, 0]);
    expect(fileProgressInBatch([600, 400], 550, 1100)).toEqual([500, 0]);
    expect(fileProgressInBatch([600, 400], 880, 1100)).toEqual([600, 200]);
    expect(fileProgressInBatch([600, 400], 1100, 1100)).toEqual([600, 400]);
  });

  it('never reports more than a file holds, nor anything without a total', () => {
    expect(fileProgressInBatch([10, 10], 5000, 30)).toEqual([10, 10]);
    expect(fileProgressInBatch([10, 10], 5, 0)).toEqual([0, 0]);
  });
});
