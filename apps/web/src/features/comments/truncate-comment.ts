import { COMMENT_MAX_LENGTH, COMMENT_TRUNCATE_AT } from '@windscope/contract';

export interface TruncatedComment {
  /** what to show while collapsed: the whole text, or its first 100 characters plus "..." */
  short: string;
  truncated: boolean;
}

/** Spec §9: a comment over 100 characters shows its first 100 plus "..." until "Daha fazla göster". Counts characters,
 *  not UTF-16 units, so an emoji is never cut in half. */
export function truncateComment(text: string, limit: number = COMMENT_TRUNCATE_AT): TruncatedComment {
  const characters = Array.from(text);
  if (characters.length <= limit) return { short: text, truncated: false };
  return { short: `${characters.slice(0, limit).join('').trimEnd()}...`, truncated: true };
}

/** The `n/500` counter and whether the draft may be sent (trimmed 1..500, DECISIONS §5). */
export function draftStatus(draft: string, max: number = COMMENT_MAX_LENGTH) {
  const length = draft.trim().length;
  return { length: draft.length, valid: length > 0 && length <= max, tooLong: draft.trim().length > max };
}

/** Spec §3: a comment counts as edited when updated_at differs from created_at. */
export function isEdited(comment: { created_at: string; updated_at: string }): boolean {
  return new Date(comment.updated_at).getTime() !== new Date(comment.created_at).getTime();
}
