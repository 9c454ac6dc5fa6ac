import { operatorError } from '../lib/operator-messages.ts';
import { isSafeKey } from '../storage/storage-driver.ts';

export const ARCHIVE_FORMAT = 'windscope-backup-1';
export const DATABASE_ENTRY = 'database.jsonl';
export const MANIFEST_ENTRY = 'manifest.json';
const FILES_PREFIX = 'files/';

/** The last entry of an archive: what came before it, with sizes and SHA-256 sums, and the dump's migration level. */
export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  createdAt: string;
  database: {
    kind: 'pglite' | 'postgres';
    migrations: { hash: string; createdAt: number }[];
    tables: Record<string, number>;
    size: number;
    sha256: string;
  };
  /** 's3': the files stay in the bucket (its versioning/replication keeps them); the archive holds the database only */
  storage: 'fs' | 's3';
  files: { key: string; size: number; sha256: string }[];
  /** originals/reports/crops the snapshot refers to that could not be copied */
  missing: string[];
}

export const fileEntryOf = (key: string) => `${FILES_PREFIX}${key}`;

/** The storage key of an archive entry, or null for a name that is neither a safe file entry nor ours. */
export function keyOfEntry(name: string): string | null {
  if (!name.startsWith(FILES_PREFIX)) return null;
  const key = name.slice(FILES_PREFIX.length);
  return isSafeKey(key) ? key : null;
}

/** Throws OperatorError (the restore's refusal) for bytes that are not a manifest of ours. */
export function parseManifest(bytes: Buffer): BackupManifest {
  let value: BackupManifest;
  try {
    value = JSON.parse(bytes.toString('utf8')) as BackupManifest;
  } catch {
    throw operatorError('RESTORE_MANIFEST_UNREADABLE');
  }
  if (value?.format !== ARCHIVE_FORMAT || !value.database || !Array.isArray(value.files)) {
    throw operatorError('RESTORE_NOT_A_BACKUP');
  }
  return value;
}
