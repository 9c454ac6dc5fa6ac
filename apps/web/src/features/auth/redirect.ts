import { NEXT_PARAM, paths } from '../../app/paths.ts';

/** Where a signed-out visitor goes, remembering the page they wanted. */
export function loginPathFor(origin: string | null | undefined): string {
  const next = safeNextPath(origin);
  return next && next !== paths.dashboard ? `${paths.login}?${NEXT_PARAM}=${encodeURIComponent(next)}` : paths.login;
}

/** Only a path on this site may be a destination after sign-in (no `//evil.example`, no `https://…`, no login loops). */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === paths.login || value.startsWith(`${paths.login}?`) || value.startsWith(paths.passwordReset)) return null;
  return value;
}

export function currentPathWithSearch(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
