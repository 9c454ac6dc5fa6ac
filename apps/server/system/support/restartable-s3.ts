import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { completeS3rver } from '../../test/s3rver-fixes.ts';
import { freePort } from './free-port.ts';

/** An S3-compatible server (s3rver) that can be stopped and started again on the same port with the same objects:
 *  an object store going away under a running app, and coming back. */
export interface RestartableS3 {
  endpoint: string;
  bucket: string;
  /** the folder s3rver keeps the buckets in (objects are files under <bucket>/) */
  directory: string;
  /** environment for the app: STORAGE=s3 and the S3_* settings */
  env: Record<string, string>;
  running(): boolean;
  /** stops it (nothing when stopped) */
  stop(): Promise<void>;
  /** starts it again on the same port, with the objects it had (nothing when it runs) */
  start(): Promise<void>;
  /** stops it and removes its folder */
  destroy(): Promise<void>;
}

export async function startRestartableS3(bucket = 'windscope-system'): Promise<RestartableS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'windscope-s3-'));
  const port = await freePort();
  let server: S3rver | null = null;
  const start = async () => {
    if (server) return;
    const next = completeS3rver(new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] }));
    await next.run();
    server = next;
  };
  const stop = async () => {
    const current = server;
    server = null;
    await current?.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: { STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    running: () => server !== null,
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
