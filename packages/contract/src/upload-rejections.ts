import { formatMessage, type Language, type MessageCode } from './messages.ts';
import type { UploadRejection, UploadRejectionReason } from './uploads.ts';

/** Why files of an upload were refused, in words: the server's answers and the web app's flags on selection (issue 24
 *  item 13) say the same sentence for the same reason. */

/** A refused file before it is put into words. */
export interface RefusedFile {
  name: string;
  reason: UploadRejectionReason;
}

/** The message of each reason a photo can be refused for. */
export const PHOTO_REJECTION_CODES = {
  invalid_name: 'PHOTO_INVALID_NAMES',
  duplicate_name: 'PHOTO_DUPLICATE_NAMES',
  unsupported_type: 'PHOTO_UNSUPPORTED_TYPE',
  wrong_extension: 'PHOTO_WRONG_EXTENSION',
  too_large: 'PHOTO_TOO_LARGE',
  too_many_pixels: 'PHOTO_TOO_MANY_PIXELS',
  damaged: 'PHOTO_DAMAGED',
  not_pdf: 'PHOTO_UNSUPPORTED_TYPE',
} as const satisfies Record<UploadRejectionReason, MessageCode>;

export interface RejectionWording {
  /** the message code for each reason that can happen in this kind of upload */
  codes: Partial<Record<UploadRejectionReason, MessageCode>>;
  /** parameters every message may use besides {n} and {names} (limits) */
  params?: Record<string, string | number>;
  /** appended once after the grouped messages (reports: "Bu dosyalar atlandı.") */
  suffix?: MessageCode;
}

/** Groups the refused files by reason into the spec's messages ("{n} dosya geçersiz adlar nedeniyle atlandı: {names}", ...),
 *  and words each file's own refusal. Names are shown as received, printable characters only. */
export function describeRejections(
  refused: RefusedFile[],
  wording: RejectionWording,
  language: Language,
): { items: UploadRejection[]; message: string } {
  const shown = (name: string) =>
    Array.from(name.slice(0, 200), (c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? '?' : c)).join('');
  const say = (reason: UploadRejectionReason, names: string[]) =>
    formatMessage(wording.codes[reason] ?? 'VALIDATION', language, {
      details: reason,
      ...wording.params,
      n: names.length,
      names: names.map(shown).join(', '),
    });
  const groups = new Map<UploadRejectionReason, string[]>();
  for (const file of refused) groups.set(file.reason, [...(groups.get(file.reason) ?? []), file.name]);
  const sentences = [...groups].map(([reason, names]) => say(reason, names));
  if (sentences.length && wording.suffix) sentences.push(formatMessage(wording.suffix, language));
  // the spec's sentences carry no final period: one is added only between sentences
  const message = sentences.map((s, i) => (i < sentences.length - 1 && !/[.!?]$/.test(s) ? `${s}.` : s)).join(' ');
  const items = refused.map((file) => ({ name: shown(file.name), reason: file.reason, message: say(file.reason, [file.name]) }));
  return { items, message };
}
