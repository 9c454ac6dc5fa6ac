import { loginPathFor } from '../features/auth/redirect.ts';

type UnauthorizedListener = (origin: string) => void;

let listener: UnauthorizedListener | null = null;

/** The router registers here (app/root-layout.tsx) so a 401 becomes an in-app navigation instead of a page load. */
export function onUnauthorized(next: UnauthorizedListener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = null;
  };
}

export function emitUnauthorized(origin: string): void {
  if (listener) listener(origin);
  else window.location.assign(loginPathFor(origin));
}
