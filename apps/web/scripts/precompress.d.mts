/** the text files of a build; pictures and fonts (woff2) are compressed already */
export const TEXT_FILE: RegExp;
/** writes `file`.br and `file`.gz beside `file`, each only when smaller */
export function precompress(file: string): Promise<void>;
