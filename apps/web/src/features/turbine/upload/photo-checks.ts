import {
  describeRejections,
  FILE_LIMITS,
  type Language,
  nameFitsKind,
  PHOTO_REJECTION_CODES,
  type RefusedFile,
  type UploadRejectionReason,
} from '@windscope/contract';

/**
 * A chosen file's checks before anything is sent (issue 24 item 13): the size limit, then the first bytes by the
 * server's own rule (contract photo-sniff: JPEG, PNG, WebP, TIFF magic numbers or a .pcd header, file-type inside, its
 * own lazy chunk), then whether the name's ending fits what the bytes are. An HTML page renamed .jpg is flagged here,
 * not after its upload. The reasons and their words are the server's (contract PHOTO_REJECTION_CODES).
 */
export type ChoiceProblem = Extract<UploadRejectionReason, 'too_large' | 'damaged' | 'unsupported_type' | 'wrong_extension'>;

/** A byte limit in the MB the messages name (200 MB, or the server's MAX_PHOTO_MB). */
export const megabytes = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));

export async function checkChosenPhoto(
  file: Blob & { name: string },
  limitBytes: number = FILE_LIMITS.photoBytes,
): Promise<ChoiceProblem | null> {
  if (file.size > limitBytes) return 'too_large';
  if (file.size === 0) return 'damaged';
  try {
    const { SNIFF_BYTES, sniffPhotoKind } = await import('@windscope/contract/photo-sniff');
    const kind = await sniffPhotoKind(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
    if (!kind) return 'unsupported_type';
    return nameFitsKind(file.name, kind) ? null : 'wrong_extension';
  } catch {
    // the browser could not read the file (moved, unplugged card): it could not be sent either
    return 'damaged';
  }
}

/** The flagged files in the server's sentences, one per reason ("2 files of an unsupported type: a.jpg, b.jpg. …"),
 *  and each file's own sentence (kept with it in the upload manager as its refusal), with the server's limits. */
export function describeProblems(
  files: readonly RefusedFile[],
  language: Language,
  limits: { photo_bytes: number; max_megapixels: number } = {
    photo_bytes: FILE_LIMITS.photoBytes,
    max_megapixels: FILE_LIMITS.maxMegapixels,
  },
) {
  const wording = { codes: PHOTO_REJECTION_CODES, params: { limit: megabytes(limits.photo_bytes), megapixels: limits.max_megapixels } };
  const groups = new Map<UploadRejectionReason, RefusedFile[]>();
  for (const file of files) groups.set(file.reason, [...(groups.get(file.reason) ?? []), file]);
  return {
    sentences: [...groups.values()].map((group) => describeRejections(group, wording, language).message),
    each: describeRejections([...files], wording, language).items.map((item) => item.message),
  };
}
