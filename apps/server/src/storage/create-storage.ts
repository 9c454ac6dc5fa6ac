import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { createFsStorage } from './fs-driver.ts';
import { createS3Storage } from './s3-driver.ts';
import { withSmallReadCache } from './small-read-cache.ts';
import type { StorageDriver } from './storage-driver.ts';

/** The storage driver named by the configuration: a folder under DATA_DIR/files (default) or S3 (`STORAGE=s3`). */
export function createStorage(config: AppConfig): StorageDriver {
  if (config.storage.driver === 's3') {
    if (!config.storage.s3) throw new Error('STORAGE=s3 needs S3_BUCKET');
    // S3 objects are copied here when a tool needs a file path (sharp, exifr), then removed
    return createS3Storage(config.storage.s3, path.join(config.dataDir, 'tmp'));
  }
  // thumbnails are read from memory for a few seconds after a first read (see withSmallReadCache)
  return withSmallReadCache(createFsStorage(config.storage.root));
}
