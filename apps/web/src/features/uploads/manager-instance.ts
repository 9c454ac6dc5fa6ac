import { API_PATHS, knownHashesResponseSchema } from '@windscope/contract';
import { api } from '../../api/client.ts';
import { hashFile, readFacts } from './analysis-client.ts';
import { markUploadsPausedForSignIn } from './paused-for-sign-in.ts';
import { idbQueueStore, memoryQueueStore } from './queue-store.ts';
import { tabQueueSharing } from './queue-sharing.ts';
import { tusTransport } from './tus-transport.ts';
import { UploadManager } from './upload-manager.ts';

/** The tab's one upload manager, with the real workers, IndexedDB and tus (its own lazy chunk). */
export const uploadManager = new UploadManager({
  store: typeof indexedDB === 'undefined' ? memoryQueueStore() : idbQueueStore(),
  readFacts,
  hash: hashFile,
  knownHashes: async (turbineId, hashes) => {
    const answer = await api.post(
      `${API_PATHS.turbinePhotos(turbineId)}/known-hashes`,
      { sha256: hashes },
      {
        schema: knownHashesResponseSchema.shape.data,
      },
    );
    return new Map(answer.data.map((entry) => [entry.sha256, entry.originalName]));
  },
  transport: tusTransport(),
  // one tab sends the user's queue; the user's other tabs show it and take it over when that tab is gone
  sharing: tabQueueSharing(),
  // the session ended mid-queue: the sign-in page says the files wait and carry on after signing in (issue 24 item 16)
  onUnauthorized: (waiting) => markUploadsPausedForSignIn(waiting),
});
