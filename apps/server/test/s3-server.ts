import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { completeS3rver } from './s3rver-fixes.ts';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** environment for loadConfig(): STORAGE=s3 and the S3_* settings */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a random loopback port, with its data in a temporary folder. */
export async function startS3Server(bucket = 'windscope-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'windscope-s3-'));
  const server = completeS3rver(
    new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] }),
  );
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  let closed = false;
  return {
    endpoint,
    bucket,
    env: { STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    /** also before the app's close (a test stopping the store under a running app): the second call does nothing */
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
