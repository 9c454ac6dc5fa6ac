import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type S3rver from 's3rver';

const require = createRequire(import.meta.url);
const S3Error = require('s3rver/lib/models/error') as new (code: string, message?: string) => Error;

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  body: unknown;
  status: number;
}
interface S3rverInternals {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  store: S3rverStore;
}
interface S3rverStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: { bucket: string; key: string; content: Readable | Buffer; metadata: unknown }): Promise<{ size: number; md5: string }>;
  putPart(bucket: string, uploadId: string, partNumber: number, content: Readable): Promise<{ size: number; md5: string }>;
}

/** s3rver made whole for the tests: the two multipart calls it lacks, and writes answered once they are on disk. */
export function completeS3rver(server: S3rver): S3rver {
  return withWholeWrites(withMultipartListing(server));
}

/** Streams `content` into `file`, resolving with its size and MD5 once the file is written and closed. */
async function writeWhole(file: string, content: Readable | Buffer): Promise<{ size: number; md5: string }> {
  await mkdir(path.dirname(file), { recursive: true });
  const md5 = createHash('md5');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      md5.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(Buffer.isBuffer(content) ? Readable.from([content]) : content, count, createWriteStream(file));
  return { size, md5: md5.digest('hex') };
}

/**
 * s3rver 3.7.1 answers a PutObject, an UploadPart and a CompleteMultipartUpload when its hashing stream has seen the
 * last byte, not when the file stream has written it (and a Buffer body without waiting at all): under load a GET, a
 * ListParts or the completion right after can read a file still short of its last bytes (a tus upload on the s3 driver
 * was then refused as damaged, its SHA-256 not the client's). Real S3 services answer once the object is stored; here
 * both writes wait for the file to be closed. Call before run().
 */
export function withWholeWrites(server: S3rver): S3rver {
  const { store } = server as unknown as S3rverInternals;
  store.putObject = async (object) => {
    const written = await writeWhole(store.getResourcePath(object.bucket, object.key, 'object'), object.content);
    await store.putMetadata(object.bucket, object.key, object.metadata, written.md5);
    return written;
  };
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    const file = path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId, partNumber.toString());
    const written = await writeWhole(file, content);
    await writeFile(`${file}.md5`, written.md5);
    return written;
  };
  return server;
}

/**
 * s3rver has multipart uploads but not two of their calls every S3 service has (AWS, MinIO, R2, Ceph) and
 * @tus/s3-store uses: ListParts (GET ?uploadId, how the store finds its offset after a restart or on another process)
 * and AbortMultipartUpload (DELETE ?uploadId). They are added here, reading the parts s3rver keeps on disk, just before
 * its router. Call before run().
 */
export function withMultipartListing(server: S3rver): S3rver {
  const internals = server as unknown as S3rverInternals;
  const uploadDir = (bucket: string, uploadId: string) =>
    path.join(internals.store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId));
  const handler = async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket = '', ...keyParts] = ctx.path.split('/');
    if (!uploadId || keyParts.length === 0 || !['GET', 'DELETE'].includes(ctx.method) || ctx.query.partNumber !== undefined) return next();
    const dir = uploadDir(bucket, uploadId);
    const exists = await stat(dir).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!exists) throw new S3Error('NoSuchUpload', 'The specified upload does not exist.');
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = '';
      return;
    }
    const numbers = (await readdir(dir)).filter((name) => /^\d+$/.test(name)).map(Number);
    numbers.sort((a, b) => a - b);
    const parts = [];
    for (const n of numbers) {
      const info = await stat(path.join(dir, String(n)));
      const md5 = (await readFile(path.join(dir, `${n}.md5`), 'utf8').catch(() => '')).trim();
      parts.push({ PartNumber: n, LastModified: info.mtime.toISOString(), ETag: `"${md5}"`, Size: info.size });
    }
    ctx.body = {
      ListPartsResult: {
        Bucket: bucket,
        Key: decodeURIComponent(keyParts.join('/')),
        UploadId: uploadId,
        PartNumberMarker: 0,
        NextPartNumberMarker: numbers.at(-1) ?? 0,
        MaxParts: 10000,
        IsTruncated: false,
        ...(parts.length > 0 ? { Part: parts } : {}),
      },
    };
  };
  // before the router (the last middleware), after the XML encoding and the bucket name handling
  internals.middleware.splice(internals.middleware.length - 1, 0, handler);
  return server;
}
