import { isSafeFileName } from '@windscope/contract';
import { isPointCloudName } from '../../viewer-common/point-cloud.ts';

/** Spec §5: pickers and drops take files whose type starts with image/ or whose name ends in .pcd; others are dropped silently. */
export function isAcceptedPhotoFile(file: { name: string; type: string }): boolean {
  return file.type.startsWith('image/') || isPointCloudName(file.name);
}

export interface PhotoSelection<F> {
  /** files to add to the pending list */
  accepted: F[];
  /** names breaking the file-name rule (letters, digits, _, -, .) */
  invalidNames: string[];
  /** names already used by a photo of this turbine (case-insensitive, DECISIONS §6) */
  duplicateNames: string[];
}

/** Sorts chosen or dropped files: silently drops what is not a photo, skips bad and duplicate names (reported),
 *  and ignores a file already pending under the same name. */
export function selectPhotoFiles<F extends { name: string; type: string }>(
  files: readonly F[],
  existingNames: ReadonlySet<string>,
  pendingNames: ReadonlySet<string> = new Set(),
): PhotoSelection<F> {
  const result: PhotoSelection<F> = { accepted: [], invalidNames: [], duplicateNames: [] };
  const seen = new Set([...pendingNames].map((name) => name.toLowerCase()));
  for (const file of files) {
    if (!isAcceptedPhotoFile(file)) continue;
    const lower = file.name.toLowerCase();
    if (!isSafeFileName(file.name)) result.invalidNames.push(file.name);
    else if (existingNames.has(lower)) result.duplicateNames.push(file.name);
    else if (!seen.has(lower)) {
      seen.add(lower);
      result.accepted.push(file);
    }
  }
  return result;
}
