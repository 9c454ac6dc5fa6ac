/** Text helpers shared by the management lists: Turkish-aware search and display. */

/** Turkish-aware folding and word matching: the contract's, which the dashboard's turbine filters share with the
 *  server. */
export { foldForSearch, matchesWords, queryWords } from '@windscope/contract';

/** Cities are stored lower-cased (spec §3) and shown with Turkish capitals ("izmir" -> "İzmir"): the contract's rule,
 *  shared with the documents the server writes. */
export { displayCity } from '@windscope/contract';

/** "Selin Aydın" -> "SA". */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toLocaleUpperCase('tr-TR');
}
