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

/** The limit the server applies unless configured otherwise (MAX_PHOTO_MB). */
export const PHOTO_LIMIT_MB = Number((FILE_LIMITS.photoBytes / 1024 / 1024).toFixed(1));

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

const WORDING = { codes: PHOTO_REJECTION_CODES, params: { limit: PHOTO_LIMIT_MB, megapixels: FILE_LIMITS.maxMegapixels } };

/** The flagged files in the server's sentences, one per reason ("2 files of an unsupported type: a.jpg, b.jpg. …"),
 *  and each file's own sentence (kept with it in the upload manager as its refusal). */
export function describeProblems(files: readonly RefusedFile[], language: Language) {
  const groups = new Map<UploadRejectionReason, RefusedFile[]>();
  for (const file of files) groups.set(file.reason, [...(groups.get(file.reason) ?? []), file]);
  return {
    sentences: [...groups.values()].map((group) => describeRejections(group, WORDING, language).message),
    each: describeRejections([...files], WORDING, language).items.map((item) => item.message),
  };
}
