import { describe, expect, it } from 'vitest';
import type { QueueItem } from './queue.ts';
import { metadataFor, outcomeFromBody, refusalOf, shouldRetry } from './tus-transport.ts';

const item: QueueItem = {
  id: 'u1',
  turbineId: 12,
  turbineName: 'WT-12',
  name: 'B_0001.jpg',
  size: 10,
  lastModified: 1,
  placement: { year: 2024, blade: 'B', source: { kind: 'room', room: 3 } },
  origins: { year: 'photo', blade: 'name', source: 'default' },
  state: 'sending',
  sent: 0,
  sha256: 'a'.repeat(64),
  addedAt: 0,
};
const refusal = (code: string, message = 'Aynı isimde fotoğraflar zaten mevcut') => JSON.stringify({ success: false, code, message });

describe('tus metadata', () => {
  it('carries turbine, name, year, blade, room or category and the hash', () => {
    expect(metadataFor(item)).toEqual({
      filename: 'B_0001.jpg',
      turbine_id: '12',
      year: '2024',
      blade: 'B',
      room: '3',
      sha256: 'a'.repeat(64),
    });
    expect(
      metadataFor({ ...item, sha256: undefined, placement: { year: 2025, blade: 'A', source: { kind: 'category', category: 'drone' } } }),
    ).toEqual({
      filename: 'B_0001.jpg',
      turbine_id: '12',
      year: '2025',
      blade: 'A',
      category: 'drone',
    });
  });
});

describe('answers of the server', () => {
  it('a refusal (4xx with the envelope) is shown and not retried', () => {
    expect(refusalOf(409, refusal('PHOTO_DUPLICATE_NAMES'))).toEqual({
      code: 'PHOTO_DUPLICATE_NAMES',
      message: 'Aynı isimde fotoğraflar zaten mevcut',
    });
    expect(refusalOf(415, refusal('PHOTO_TYPE'))?.code).toBe('PHOTO_TYPE');
    expect(shouldRetry(409, refusal('PHOTO_DUPLICATE_NAMES'))).toBe(false);
    expect(shouldRetry(422, refusal('PHOTO_DAMAGED'))).toBe(false);
    expect(shouldRetry(403, refusal('FORBIDDEN'))).toBe(false);
  });
  it('the link, a 5xx, an offset conflict or a lock are retried', () => {
    expect(shouldRetry(0, undefined)).toBe(true);
    expect(shouldRetry(502, '<html>bad gateway</html>')).toBe(true);
    expect(shouldRetry(503, refusal('STORAGE_UNAVAILABLE'))).toBe(true);
    expect(shouldRetry(409, 'Offset-Conflict')).toBe(true);
    expect(shouldRetry(409, refusal('TUS_OFFSET_CONFLICT'))).toBe(true);
    expect(shouldRetry(423, undefined)).toBe(true);
    expect(refusalOf(503, refusal('STORAGE_UNAVAILABLE'))).toBeNull();
  });
  it('reads the outcome of the last answer: the stored photo, a kept refusal, or nothing (then it is asked for)', () => {
    expect(
      outcomeFromBody(JSON.stringify({ success: true, data: { id: 7, originalName: 'x.jpg' }, message: '1 fotoğraf yüklendi' })),
    ).toEqual({ kind: 'stored' });
    expect(outcomeFromBody(JSON.stringify({ state: 'refused', code: 'PHOTO_TYPE', message: 'no' }))).toEqual({
      kind: 'refused',
      code: 'PHOTO_TYPE',
      message: 'no',
    });
    expect(outcomeFromBody('')).toBeNull();
    expect(outcomeFromBody(undefined)).toBeNull();
    expect(outcomeFromBody('<html>')).toBeNull();
  });
});
