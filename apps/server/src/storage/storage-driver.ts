import type { Readable } from 'node:stream';

/** Inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObjectInfo {
  key: string;
  size: number;
  /** quoted, usable as an HTTP ETag */
  etag: string;
  lastModified: Date;
}

export interface StoredObjectRead {
  info: StoredObjectInfo;
  /** the requested range, or the whole object */
  stream: Readable;
}

export interface LocalCopy {
  path: string;
  release(): Promise<void>;
}

/** Bytes written to a temporary object: nothing exists under the final key until commit(). */
export interface StagedObject {
  readonly key: string;
  readonly size: number;
  /** A local file holding the staged bytes, for tools that read paths (sharp, exifr). Removed by commit() or abort(). */
  localFile(): Promise<string>;
  /** Makes the object visible under its key, atomically. */
  commit(): Promise<void>;
  /** Removes the temporary object; safe to call more than once and after a failed commit. */
  abort(): Promise<void>;
}

/** Where photo and report bytes live: a local folder or S3-compatible object storage. Keys are made by the server only. */
export interface StorageDriver {
  readonly kind: 'fs' | 's3';
  /** Streams `source` into a temporary object. Rejects (leaving nothing behind) when the source errors or is destroyed. */
  writeStream(key: string, source: Readable, options?: { contentType?: string }): Promise<StagedObject>;
  /** Writes small bytes (thumbnails) atomically under the key. */
  writeBuffer(key: string, bytes: Buffer, options?: { contentType?: string }): Promise<void>;
  /** The object or a byte range of it; null when it does not exist. */
  read(key: string, range?: ByteRange): Promise<StoredObjectRead | null>;
  /** A small object (a thumbnail, a preview) whole in memory, with its info, in as few operations as the driver can: the
   *  info alone (bytes null) when it is larger than maxBytes; null when it does not exist. Optional: without it, file
   *  serving does stat() and read(). */
  readSmall?(key: string, maxBytes: number): Promise<{ info: StoredObjectInfo; bytes: Buffer | null } | null>;
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** The object as a local file, for tools that read paths (sharp): the file itself on the local driver, a scratch copy
   *  on S3 that release() removes. null when it does not exist. */
  openLocal(key: string): Promise<LocalCopy | null>;
  /** Deleting what does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under the prefix (a folder-like prefix ending in `/`). */
  list(prefix: string): Promise<string[]>;
  /** Deletes every object under the prefix; returns how many were removed. */
  deleteByPrefix(prefix: string): Promise<number>;
  close(): Promise<void>;
}

/** The storage cannot take or give bytes right now: a read-only, full or failing disk, a folder the server may not
 *  write, an object store that does not answer. Not the client's fault and not the upload's: the request answers
 *  503 STORAGE_UNAVAILABLE (http/error-handler.ts), and nothing of it is registered. */
export class StorageUnavailableError extends Error {
  constructor(
    readonly operation: string,
    cause: unknown,
  ) {
    super(`storage unavailable (${operation}): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

export const isStorageUnavailable = (error: unknown): error is StorageUnavailableError => error instanceof StorageUnavailableError;

const SEGMENT = /^[A-Za-z0-9_.-]+$/;

/** Keys are `/`-separated segments of safe characters, never `.` or `..`: no client text becomes a path without this check. */
export function isSafeKey(key: string, { prefix = false } = {}): boolean {
  const segments = key.split('/');
  if (prefix && segments.length > 1 && segments.at(-1) === '') segments.pop();
  return key.length > 0 && key.length <= 500 && segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
}

export function assertSafeKey(key: string, options: { prefix?: boolean } = {}): void {
  if (!isSafeKey(key, options)) throw new Error(`unsafe storage key: ${JSON.stringify(key.slice(0, 80))}`);
}
