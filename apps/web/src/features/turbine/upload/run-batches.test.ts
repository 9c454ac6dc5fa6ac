import { describe, expect, it, vi } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES } from '../../../api/api-error.ts';
import { runBatches } from './run-batches.ts';

interface F {
  id: string;
  size: number;
}
const f = (id: string, size = 100): F => ({ id, size });

describe('runBatches', () => {
  it('sends batches one after another with the pause between them, reporting per-file progress', async () => {
    const events: string[] = [];
    const sleep = vi.fn(async (ms: number) => void events.push(`sleep ${ms}`));
    const progress: Record<string, number[]> = {};
    const result = await runBatches<F, string>({
      batches: [[f('a'), f('b')], [f('c')]],
      pauseMs: 1000,
      sleep,
      onFileProgress: (file, loaded) => {
        progress[file.id] = [...(progress[file.id] ?? []), loaded];
      },
      send: async (batch, onProgress) => {
        events.push(`send ${batch.map((x) => x.id).join('')}`);
        onProgress({ loaded: 110, total: 220 }); // half of the body
        return { stored: batch.map((x) => `stored-${x.id}`), rejected: [] };
      },
    });
    expect(events).toEqual(['send ab', 'sleep 1000', 'send c']);
    expect(result.stored).toEqual(['stored-a', 'stored-b', 'stored-c']);
    expect(result.processed.map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(result.fatal).toBeNull();
    expect(progress.a).toEqual([100, 100]); // the first half of the body is file a
    expect(progress.b).toEqual([0, 100]);
    expect(progress.c).toEqual([50, 100]);
  });

  it('does not pause when told not to (blade photos)', async () => {
    const sleep = vi.fn(async () => undefined);
    await runBatches<F, string>({
      batches: [[f('a')], [f('b')]],
      pauseMs: 0,
      sleep,
      onFileProgress: () => undefined,
      send: async () => ({ stored: [], rejected: [] }),
    });
    expect(sleep).not.toHaveBeenCalled();
  });

  it('goes on after a batch the server refused as a whole (409, 415 ...), collecting its message', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'PHOTO_DUPLICATE_NAMES', 'Aynı isimde fotoğraflar zaten mevcut: a'))
      .mockResolvedValueOnce({ stored: ['b'], rejected: [{ name: 'c', reason: 'damaged', message: '1 dosya boş veya bozuk: c' }] });
    const result = await runBatches<F, string>({
      batches: [[f('a')], [f('b'), f('c')]],
      pauseMs: 0,
      onFileProgress: () => undefined,
      send,
    });
    expect(result.refusedMessages).toEqual(['Aynı isimde fotoğraflar zaten mevcut: a']);
    expect(result.rejected.map((r) => r.name)).toEqual(['c']);
    expect(result.stored).toEqual(['b']);
    expect(result.processed.map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(result.unsent).toEqual([]);
  });

  it('stops at a lost connection, an ended session or a server failure; the rest stays unsent', async () => {
    for (const error of [
      new ApiError(0, 'NETWORK_ERROR', 'offline'),
      new ApiError(401, 'SESSION', 'x'),
      new ApiError(500, 'INTERNAL', 'x'),
    ]) {
      const send = vi
        .fn()
        .mockResolvedValueOnce({ stored: ['a'], rejected: [] })
        .mockRejectedValueOnce(error);
      const result = await runBatches<F, string>({
        batches: [[f('a')], [f('b')], [f('c')]],
        pauseMs: 0,
        onFileProgress: () => undefined,
        send,
      });
      expect(result.fatal).toBe(error);
      expect(result.processed.map((x) => x.id)).toEqual(['a']);
      expect(result.unsent.map((x) => x.id)).toEqual(['b', 'c']);
      expect(send).toHaveBeenCalledTimes(2);
    }
  });

  it('sends a batch a proxy found too large (its own 413 page) again one file per request, and keeps a file it refuses alone', async () => {
    const proxy413 = new ApiError(413, CLIENT_ERROR_CODES.http, 'Sunucu hatası: 413');
    const sent: string[] = [];
    const onSplit = vi.fn();
    const result = await runBatches<F, string>({
      batches: [[f('a'), f('big'), f('c')], [f('d')]],
      pauseMs: 0,
      onFileProgress: () => undefined,
      onSplit,
      send: async (batch) => {
        const ids = batch.map((x) => x.id).join('+');
        sent.push(ids);
        if (batch.length > 1 || ids === 'big') throw proxy413;
        return { stored: [`stored-${ids}`], rejected: [] };
      },
    });
    expect(sent).toEqual(['a+big+c', 'a', 'big', 'c', 'd']);
    expect(onSplit).toHaveBeenCalledTimes(1);
    expect(result.stored).toEqual(['stored-a', 'stored-c', 'stored-d']);
    expect(result.tooLarge.map((x) => x.id)).toEqual(['big']);
    expect(result.processed.map((x) => x.id)).toEqual(['a', 'c', 'd']); // "big" was never answered for: it stays selected
    expect(result.refusedMessages).toEqual([]);
    expect(result.fatal).toBeNull();
  });

  it("takes our server's own 413 (a JSON answer) as its refusal of the batch, as before", async () => {
    const ours = new ApiError(413, 'PHOTO_TOO_LARGE', 'Dosya çok büyük');
    const result = await runBatches<F, string>({
      batches: [[f('a'), f('b')]],
      pauseMs: 0,
      onFileProgress: () => undefined,
      send: async () => {
        throw ours;
      },
    });
    expect(result.refusedMessages).toEqual(['Dosya çok büyük']);
    expect(result.tooLarge).toEqual([]);
  });
});
