import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';

/** DECISIONS §17: file URLs live at most 15 minutes and name the sign-in they were handed to. The answers that carry them
 *  (these query keys' first segments) are fetched again every FILE_URL_REFRESH_MS (app/query-client.ts) and at once
 *  when a file URL is refused (refreshFileLinks); viewers follow a new URL without reloading what they show (fileIdentity). */
export const FILE_LINK_QUERY_KEYS = [['photos'], ['reports'], ['findings']] as const;

/** A refused file is asked about again at most this often: a broken file must not make the lists reload in a loop. */
const REFRESH_SPACING_MS = 10_000;
let lastRefresh = Number.NEGATIVE_INFINITY;

/** Fetches the answers that carry file URLs again (the ones on screen; the others when next shown). */
export function refreshFileLinks(client: QueryClient, now = Date.now()): boolean {
  if (now - lastRefresh < REFRESH_SPACING_MS) return false;
  lastRefresh = now;
  for (const queryKey of FILE_LINK_QUERY_KEYS) void client.invalidateQueries({ queryKey });
  return true;
}

/** For tests: the next refusal refreshes at once. */
export function resetFileLinkRefresh() {
  lastRefresh = Number.NEGATIVE_INFINITY;
}

/** A callback for an image, tile or download that failed: its URL may have expired, so the lists are asked again. */
export function useFileLinkRefused(): () => void {
  // outside a data layout (a public page, a test of a bare component) there is nothing to ask again
  const client = useContext(QueryClientContext);
  return useCallback(() => {
    if (client) refreshFileLinks(client);
  }, [client]);
}

const ZOOM_BASE = /^\/api\/zoom\/\d+\/\d+\/[^/]+\//;

/** What file a URL names, without whom it was signed for or until when: a viewer that already shows the file keeps it
 *  when the same file comes back under a fresh URL, and loads anything further from the fresh one. */
export function fileIdentity(url: string): string {
  if (ZOOM_BASE.test(url)) return `zoom:${url.replace(ZOOM_BASE, '')}`;
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  return `${url.slice(0, at)}?v=${query.get('v') ?? ''}&d=${query.get('d') ?? ''}&k=${query.get('k') ?? ''}`;
}

/** When a file URL stops being good (seconds since the epoch, from its `e=` or a zoom base's path), or null: a
 *  thumbnail's URL lasts its sign-in. */
export function fileLinkExpiry(url: string): number | null {
  const zoom = /^\/api\/zoom\/\d+\/(\d+)\//.exec(url);
  if (zoom) return Number(zoom[1]);
  const at = url.indexOf('?');
  const expires = at < 0 ? null : new URLSearchParams(url.slice(at + 1)).get('e');
  return expires === null ? null : Number(expires);
}

/** A download link held past its URL's life (a laptop woken from sleep before the next fetch of the list): a click on it
 *  asks for the list again first and follows the fresh URL (`freshUrl` reads it from the refreshed answer). */
export function useFreshDownload(): (
  event: { preventDefault(): void },
  url: string,
  freshUrl: () => string | undefined,
  name: string,
) => void {
  const client = useContext(QueryClientContext);
  return useCallback(
    (event, url, freshUrl, name) => {
      const expires = fileLinkExpiry(url);
      // a minute of slack for a clock that runs a little ahead of the server's
      if (!client || expires === null || expires * 1000 - Date.now() > 60_000) return;
      event.preventDefault();
      lastRefresh = Date.now();
      void Promise.all(FILE_LINK_QUERY_KEYS.map((queryKey) => client.refetchQueries({ queryKey, type: 'active' }))).then(() => {
        const link = document.createElement('a');
        link.href = freshUrl() ?? url;
        link.download = name;
        link.click();
      });
    },
    [client],
  );
}
