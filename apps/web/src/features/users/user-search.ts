import type { User } from '@windscope/contract';
import { foldForSearch, matchesWords, queryWords } from '../management/text.ts';

/** Users whose name, e-mail, role label or company contain every word of the query. */
export function searchUsers(users: readonly User[], query: string, roleLabel: (user: User) => string): User[] {
  const words = queryWords(query);
  if (words.length === 0) return [...users];
  return users.filter((user) =>
    matchesWords(
      foldForSearch([user.first_name, user.last_name, user.email, roleLabel(user), user.company_name ?? '', String(user.id)].join('\n')),
      words,
    ),
  );
}
