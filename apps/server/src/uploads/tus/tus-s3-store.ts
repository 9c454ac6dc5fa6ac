import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { KvStore } from '@tus/utils';
import { s3ClientSettings } from '../../storage/s3-driver.ts';

/** Where resumable uploads live in the photos' bucket (the local driver keeps them under DATA_DIR/files/.tus/). */
export const TUS_PREFIX = '.tus/';

export interface TusS3Options {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  cache: KvStore<MetadataValue>;
  expirationPeriodInMilliseconds: number;
}

type Input = { Key?: string; Prefix?: string; Delete?: { Objects?: { Key?: string }[] } };

/**
 * @tus/s3-store keeping its objects under `.tus/` of the photos' bucket: the upload (a multipart upload while bytes
 * arrive, then the whole file), `<id>.info` (its metadata) and `<id>.part` (a piece smaller than a part, kept until
 * the next PATCH). The store names objects by upload id alone, so a middleware on its client puts the prefix in front
 * of every key it sends. Removing an upload also works once it is finished (the store's own remove() gives up when
 * there is no multipart upload left to abort, leaving the file behind).
 */
export class PrefixedS3Store extends S3Store {
  constructor(options: TusS3Options) {
    super({
      // one PATCH of the web app (TUS_CHUNK_BYTES, 8 MiB) is one part
      partSize: 8 * 1024 * 1024,
      // the expiry is ours (the sweep); tags would need S3 lifecycle rules and are not on every S3-compatible server
      useTags: false,
      cache: options.cache,
      expirationPeriodInMilliseconds: options.expirationPeriodInMilliseconds,
      s3ClientConfig: { bucket: options.bucket, ...s3ClientSettings(options) },
    });
    this.client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as Input;
        if (typeof input.Key === 'string' && !input.Key.startsWith(TUS_PREFIX)) input.Key = `${TUS_PREFIX}${input.Key}`;
        if (input.Prefix === undefined && 'UploadIdMarker' in input) input.Prefix = TUS_PREFIX;
        for (const object of input.Delete?.Objects ?? []) {
          if (typeof object.Key === 'string' && !object.Key.startsWith(TUS_PREFIX)) object.Key = `${TUS_PREFIX}${object.Key}`;
        }
        return next(args);
      },
      { step: 'initialize', name: 'windscopeTusPrefix' },
    );
  }

  /** Aborts the multipart upload if there still is one, then deletes the file, its .info and its .part. */
  override async remove(id: string): Promise<void> {
    try {
      const { 'upload-id': uploadId } = await this.getMetadata(id);
      if (uploadId) await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId }).catch(() => {});
    } catch {
      // no .info: nothing left to abort
    }
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }], Quiet: true },
    });
    await this.clearCache(id);
  }
}
