/** Cities are stored lower-cased with Turkish rules (spec §3: "İZMİR" -> "izmir", "ISPARTA" -> "ısparta"), so that
 *  one city is one filter entry however it was typed. */
export function normalizeCity(city: string): string {
  return city.trim().toLocaleLowerCase('tr-TR');
}

/** How a stored city is shown on every screen, export and document: each word's first letter a Turkish capital
 *  ("izmir" -> "İzmir", "ısparta" -> "Isparta", "afyon-karahisar" -> "Afyon-Karahisar"); Turkish place names keep
 *  their dotted İ in English too (issue 24 item 9). normalizeCity(displayCity(c)) === c. */
export function displayCity(city: string): string {
  return city.replace(/(^|[\s-])(\p{L})/gu, (_, gap: string, letter: string) => gap + letter.toLocaleUpperCase('tr-TR'));
}
