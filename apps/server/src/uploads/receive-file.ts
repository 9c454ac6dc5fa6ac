import type { Readable } from 'node:stream';
import type { StagedObject, StorageDriver } from '../storage/storage-driver.ts';
import type { MediaKind } from '../media/media-types.ts';
import { type InspectOptions, InspectStream } from './inspect-stream.ts';
import { toUploadError } from './upload-form.ts';

export interface ReceivedFile {
  staged: StagedObject;
  size: number;
  sha256: string;
  kind: MediaKind;
  /** the file's first and last bytes (up to 32 each) */
  first: Buffer;
  last: Buffer;
}

/** Lets the rest of a refused file flow past (busboy hands out the next part only once this one is read). */
export function drain(stream: Readable): void {
  if (!stream.destroyed) stream.resume();
}

/** Streams one uploaded file through the inspector into a staged (temporary) storage object.
 *  On a refusal the temporary object is gone and the rest of the file is drained, so the form can go on;
 *  other failures (the client went away) are thrown as they are. */
export async function receiveFile(storage: StorageDriver, key: string, source: Readable, options: InspectOptions): Promise<ReceivedFile> {
  const inspect = new InspectStream(options);
  // a refusal can happen before the driver starts reading (it may await a folder first); the driver still sees it
  // through the stream's errored state, and an 'error' nobody listens to would crash the process
  inspect.on('error', () => {});
  // pipe() does not pass errors on: a part destroyed by a dropped connection must fail the write too
  const onError = (error: Error) => inspect.destroy(toUploadError(error));
  const onClose = () => {
    if (!source.readableEnded) inspect.destroy(toUploadError(null));
  };
  if (source.destroyed) throw toUploadError(source.errored);
  source.on('error', onError).on('close', onClose);
  source.pipe(inspect);
  try {
    const staged = await storage.writeStream(key, inspect);
    if (!inspect.kind) {
      await staged.abort();
      throw new Error('file type was not decided');
    }
    return { staged, size: inspect.size, sha256: inspect.sha256(), kind: inspect.kind, first: inspect.first, last: inspect.last };
  } catch (error) {
    source.unpipe(inspect);
    drain(source);
    throw error;
  } finally {
    source.off('error', onError).off('close', onClose);
  }
}
