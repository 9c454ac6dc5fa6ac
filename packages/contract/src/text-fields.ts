import type { z } from 'zod';
import { controlCharactersCode, type TextFieldName } from './text-field-names.ts';

/** Text that can be stored as it was sent. No form can type U+0000 and PostgreSQL text cannot hold it; a lone UTF-16
 *  surrogate (half of an emoji, cut off by a client) is not a character at all, and the database drivers would store
 *  it as U+FFFD, silently. Both are refused in every text input, with TEXT_INVALID_CHARACTERS. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/** Issue 23, item 7: a name, a code or a subject is copied into e-mail headers and bodies, CSV rows and PDF lines, where
 *  a CR/LF starts a new header or line. A single-line field refuses every control character (C0, DEL, C1, tab) and the
 *  Unicode line and paragraph separators; a multi-line field (comments, notes, reasons) keeps CR and LF only. */
const SINGLE_LINE_REFUSED = /[\p{Cc}\u2028\u2029]/u;
const MULTI_LINE_REFUSED = /(?![\r\n])\p{Cc}/u;
export const isSingleLineText = (s: string): boolean => !SINGLE_LINE_REFUSED.test(s);
export const isMultiLineText = (s: string): boolean => !MULTI_LINE_REFUSED.test(s);

const storable = { error: 'TEXT_INVALID_CHARACTERS' } as const;

/** The one rule of every single-line text field: storable, and no control character, refused with a message naming
 *  the field (TEXT_CONTROL_CHARACTERS_<FIELD>). */
export const singleLineText = (schema: z.ZodString, field: TextFieldName) =>
  schema.refine(isStorableText, storable).refine(isSingleLineText, { error: controlCharactersCode(field) });

/** The same for a multi-line field: line breaks are kept, other control characters refused. */
export const multiLineText = (schema: z.ZodString, field: TextFieldName) =>
  schema.refine(isStorableText, storable).refine(isMultiLineText, { error: controlCharactersCode(field) });
