import type { Company } from '@windscope/contract';
import { foldForSearch, matchesWords, queryWords } from '../management/text.ts';

/** Companies whose name, e-mail, authorized person, phone or address contain every word of the query. */
export function searchCompanies(companies: readonly Company[], query: string): Company[] {
  const words = queryWords(query);
  if (words.length === 0) return [...companies];
  return companies.filter((company) =>
    matchesWords(
      foldForSearch(
        [company.name, company.contact_email, company.authorized_number, company.phone, company.address].filter(Boolean).join('\n'),
      ),
      words,
    ),
  );
}
