import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../http/errors.ts';

/** How many of the most common passwords are refused (issue 22): the head of zxcvbn's frequency-ranked list
 *  (@zxcvbn-ts/language-common, MIT; the list is ordered by how often each password appeared in leaks). */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: ReadonlySet<string> | undefined;
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT));
  return common;
}

/** Whether the password is one of the 10,000 most common ones, ignoring case (the list is lower case: "Password1" is as
 *  guessable as "password1"). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Refuses a common password wherever one is set (setup, new user, password change, reset): 400 PASSWORD_TOO_COMMON,
 *  shown under the password field. */
export function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) throw badRequest('PASSWORD_TOO_COMMON');
}
