/** Text helpers shared by the management lists: Turkish-aware search and display. */

const COMBINING_MARKS = /\p{M}/gu;

/** Lower-cased, accents dropped, dotless ı as i: "ÇEŞME", "Çeşme" and "cesme" all become "cesme". */
export function foldForSearch(text: string): string {
  return text.toLocaleLowerCase('tr-TR').normalize('NFD').replace(COMBINING_MARKS, '').replace(/ı/g, 'i');
}

/** The folded words of a search query; fold once, then test many rows with matchesWords(). */
export function queryWords(query: string): string[] {
  return foldForSearch(query).split(/\s+/).filter(Boolean);
}

/** Whether every word appears in the folded haystack. No words match everything. */
export function matchesWords(foldedHaystack: string, words: readonly string[]): boolean {
  for (const word of words) if (!foldedHaystack.includes(word)) return false;
  return true;
}

/** Cities are stored lower-cased (spec §3) and shown with Turkish capitals ("izmir" -> "İzmir"): the contract's rule,
 *  shared with the documents the server writes. */
export { displayCity } from '@windscope/contract';

/** "Selin Aydın" -> "SA". */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toLocaleUpperCase('tr-TR');
}
