import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, type StagedObject, type StorageDriver, StorageUnavailableError, type StoredObjectInfo } from './storage-driver.ts';

export interface S3StorageOptions {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const STAGING_PREFIX = '.staging/';
/** multipart parts of 8 MB, two in flight: at most ~16 MB of an upload is in memory at once */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** Runs S3 calls; any failure of theirs (unreachable, refused, 5xx, access denied) is the storage's, not the request's. */
async function guarded<T>(operation: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw error instanceof StorageUnavailableError ? error : new StorageUnavailableError(operation, error);
  }
}

/** The client settings every S3 client of the app uses (storage driver, resumable uploads' store). */
export function s3ClientSettings(options: Omit<S3StorageOptions, 'bucket'>) {
  return {
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    // without these, streamed bodies get checksum trailers that S3-compatible servers store as content
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
    // an endpoint that does not answer fails the request in seconds instead of holding it open
    requestHandler: { connectionTimeout: 5_000 },
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  };
}

/** S3-compatible object storage. A write streams (multipart) to a staging key; commit() copies it to its key on the
 *  server side and removes the staging object, so nothing is ever visible under a key half-written. */
export function createS3Storage(options: S3StorageOptions, scratchDir: string): StorageDriver {
  const client = new S3Client(s3ClientSettings(options));
  const Bucket = options.bucket;

  async function removeObject(Key: string) {
    await guarded('delete', () => client.send(new DeleteObjectCommand({ Bucket, Key })));
  }

  /** The object copied into a new scratch file (for tools that read paths), or null when it does not exist.
   *  A copy cut short is removed. */
  async function copyToScratch(Key: string): Promise<string | null> {
    let res: GetObjectCommandOutput;
    try {
      res = await client.send(new GetObjectCommand({ Bucket, Key }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new StorageUnavailableError('read', error);
    }
    if (!(res.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
    await mkdir(scratchDir, { recursive: true });
    const file = path.join(scratchDir, randomUUID());
    try {
      await pipeline(res.Body, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      await rm(file, { force: true });
      throw new StorageUnavailableError('read', error);
    }
    return file;
  }

  async function writeStream(key: string, source: Readable, opts: { contentType?: string } = {}): Promise<StagedObject> {
    assertSafeKey(key);
    const stagingKey = `${STAGING_PREFIX}${randomUUID()}`;
    let size = 0;
    const counted = new PassThrough();
    counted.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    // the source's own failure (the client went away, the file was refused) is reported as it is
    let sourceError: unknown = null;
    source.once('error', (error) => {
      sourceError = error;
      counted.destroy(error);
    });
    const upload = new Upload({
      client,
      params: { Bucket, Key: stagingKey, Body: source.pipe(counted), ContentType: opts.contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      await removeObject(stagingKey).catch(() => {});
      throw sourceError ?? new StorageUnavailableError('write', error);
    }
    let state: 'staged' | 'committed' | 'aborted' = 'staged';
    let scratch: Promise<string> | null = null;
    const dropScratch = async () => {
      if (scratch) await rm(await scratch.catch(() => ''), { force: true });
      scratch = null;
    };
    return {
      key,
      size,
      localFile() {
        scratch ??= copyToScratch(state === 'committed' ? key : stagingKey).then((file) => {
          if (!file) throw new StorageUnavailableError('read', new Error(`staged object ${stagingKey} is gone`));
          return file;
        });
        return scratch;
      },
      async commit() {
        if (state !== 'staged') throw new Error(`cannot commit a ${state} object`);
        await guarded('commit', () =>
          client.send(new CopyObjectCommand({ Bucket, Key: key, CopySource: `${Bucket}/${stagingKey}`, MetadataDirective: 'COPY' })),
        );
        state = 'committed';
        await removeObject(stagingKey).catch(() => {});
        await dropScratch();
      },
      async abort() {
        if (state === 'staged') await removeObject(stagingKey).catch(() => {});
        state = 'aborted';
        await dropScratch();
      },
    };
  }

  async function list(prefix: string): Promise<string[]> {
    assertSafeKey(prefix, { prefix: true });
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await guarded('list', () => client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken })));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys.sort();
  }

  const infoOf = (key: string, size: number, etag: string | undefined, lastModified: Date | undefined): StoredObjectInfo => ({
    key,
    size,
    etag: etag ?? `"${size.toString(16)}"`,
    lastModified: lastModified ?? new Date(0),
  });

  return {
    kind: 's3',
    writeStream,
    async writeBuffer(key, bytes, opts = {}) {
      assertSafeKey(key);
      // a single PUT is atomic on S3: the object appears whole or not at all
      await guarded('write', () => client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: opts.contentType })));
    },
    async read(key, range) {
      assertSafeKey(key);
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        if (!(res.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
        const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : (res.ContentLength ?? 0);
        return { info: infoOf(key, total, res.ETag, res.LastModified), stream: res.Body };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw new StorageUnavailableError('read', error);
      }
    },
    async openLocal(key) {
      assertSafeKey(key);
      const file = await copyToScratch(key);
      return file ? { path: file, release: () => rm(file, { force: true }) } : null;
    },
    async stat(key) {
      assertSafeKey(key);
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return infoOf(key, res.ContentLength ?? 0, res.ETag, res.LastModified);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw new StorageUnavailableError('read', error);
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await removeObject(key);
    },
    list,
    async deleteByPrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error('deleteByPrefix() takes a folder prefix ending in "/"');
      const keys = await list(prefix);
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
        const res = await guarded('delete', () => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } })));
        if (res.Errors?.length) {
          throw new StorageUnavailableError('delete', new Error(`S3 could not delete ${res.Errors.length} objects under ${prefix}`));
        }
      }
      return keys.length;
    },
    async close() {
      client.destroy();
    },
  };
}
