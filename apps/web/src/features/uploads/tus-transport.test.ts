import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueueItem } from './queue.ts';
import { fetchOutcome, metadataFor, outcomeFromBody, refusalOf, resumeAnswerIsLinkFailure, shouldRetry } from './tus-transport.ts';

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

describe('a 5xx to the resume', () => {
  it('is the link failing (retried on the same upload), not the upload gone: only a 4xx may start anew', () => {
    expect(resumeAnswerIsLinkFailure('HEAD', 502)).toBe(true);
    expect(resumeAnswerIsLinkFailure('HEAD', 503)).toBe(true);
    expect(resumeAnswerIsLinkFailure('HEAD', 404)).toBe(false);
    expect(resumeAnswerIsLinkFailure('HEAD', 410)).toBe(false);
    expect(resumeAnswerIsLinkFailure('HEAD', 200)).toBe(false);
    // a PATCH's 5xx is retried by tus-js-client itself (after a HEAD)
    expect(resumeAnswerIsLinkFailure('PATCH', 502)).toBe(false);
  });
});

describe('the outcome of an upload whose last answer was lost', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const json = (data: unknown) =>
    new Response(JSON.stringify({ success: true, data, message: '' }), { headers: { 'content-type': 'application/json' } });

  it('waits as long as the server says its pipeline still holds the upload (not a fixed 30 s), then takes the photo', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    // a process that died mid-pipeline: its claim runs 50 s more (a long lease), then the outcome finishes it
    const finishing = { state: 'incomplete', offset: 10, length: 10 };
    const fetchMock = vi.fn(async () =>
      Date.now() - start < 50_000
        ? json({ ...finishing, finishing_ms: Math.max(0, 50_000 - (Date.now() - start)) })
        : json({ state: 'refused', code: 'PHOTO_TYPE', message: 'no' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const outcome = fetchOutcome('/api/uploads/0123456789abcdef0123456789abcdef', () => false);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(outcome).resolves.toEqual({ kind: 'refused', code: 'PHOTO_TYPE', message: 'no' });
    expect(fetchMock.mock.calls.length).toBeGreaterThan(30);
  });

  it('gives up after 30 s when nothing holds the upload', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ state: 'incomplete', offset: 4, length: 10 })),
    );
    let result: unknown = null;
    void fetchOutcome('/api/uploads/0123456789abcdef0123456789abcdef', () => false).then((r) => {
      result = r;
    });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(result).toBeNull();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(result).toEqual({ kind: 'failed' });
  });
});
