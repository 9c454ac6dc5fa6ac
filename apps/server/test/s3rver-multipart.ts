import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
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
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
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
