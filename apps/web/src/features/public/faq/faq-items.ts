/** The FAQ (spec §2, §3 "FAQ item: id, category, question, answer"): twelve questions in six categories.
 *  Question and answer texts live in faq.<lang>.json under items.<id>. */
export const FAQ_CATEGORIES = ['general', 'imaging', 'monitoring', 'support', 'pricing', 'security'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export const FAQ_ITEMS = [
  { id: 'whatIs', category: 'general' },
  { id: 'whoUses', category: 'general' },
  { id: 'formats', category: 'imaging' },
  { id: 'photoLimit', category: 'imaging' },
  { id: 'refresh', category: 'monitoring' },
  { id: 'statuses', category: 'monitoring' },
  { id: 'responseTime', category: 'support' },
  { id: 'reachSupport', category: 'support' },
  { id: 'prices', category: 'pricing' },
  { id: 'trial', category: 'pricing' },
  { id: 'dataSafety', category: 'security' },
  { id: 'permissions', category: 'security' },
] as const satisfies readonly { id: string; category: FaqCategory }[];

export type FaqItem = (typeof FAQ_ITEMS)[number];

export interface ShownFaqItem {
  id: FaqItem['id'];
  category: FaqCategory;
  question: string;
  answer: string;
}

/** Lower case for the language, without accents, Turkish dotless ı as i: "GÖRÜNTÜ" finds "görüntüleme". */
export function foldForSearch(text: string, language: string): string {
  return text.toLocaleLowerCase(language).normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i');
}

/** The items whose question or answer contain every word of the query, within the chosen category ('all': any). */
export function filterFaq(items: ShownFaqItem[], query: string, category: FaqCategory | 'all', language: string): ShownFaqItem[] {
  const words = foldForSearch(query, language).split(/\s+/).filter(Boolean);
  return items.filter((item) => {
    if (category !== 'all' && item.category !== category) return false;
    const haystack = foldForSearch(`${item.question} ${item.answer}`, language);
    return words.every((word) => haystack.includes(word));
  });
}
