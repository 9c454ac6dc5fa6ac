import { type ZoomPyramid, zoomPyramidSchema } from '@windscope/contract';
import { useEffect, useRef, useState } from 'react';
import { fileIdentity, useFileLinkRefused } from '../../api/file-links.ts';

/** How often a pyramid still being made is asked for again, and how many times (then the preview stays). */
const RETRY_MS = 5_000;
const RETRIES = 24;

/** A photo's Deep Zoom descriptor (DECISIONS §16): null while unknown or still being made (asking queues it first on
 *  the server), then the pyramid. A signed URL needs no session; a failed answer leaves the preview. The same photo under
 *  a re-issued URL (DECISIONS §17) keeps its pyramid; a refused URL has the lists fetched again, and the fresh one asked. */
export function usePyramid(zoomUrl: string | null): Extract<ZoomPyramid, { state: 'ready' }> | null {
  const [pyramid, setPyramid] = useState<Extract<ZoomPyramid, { state: 'ready' }> | null>(null);
  const [refusedUrl, setRefusedUrl] = useState<string | null>(null);
  const linkRefused = useFileLinkRefused();
  const latest = useRef(zoomUrl);
  latest.current = zoomUrl;
  const photo = zoomUrl ? fileIdentity(zoomUrl) : null;
  // asked again only when the URL that was refused has been replaced
  const retry = refusedUrl !== null && refusedUrl !== zoomUrl ? zoomUrl : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new photo (or a fresh URL after a refusal) is the trigger
  useEffect(() => {
    if (retry === null) setPyramid(null);
    const url = latest.current;
    if (!url) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (left: number) => {
      try {
        const response = await fetch(`${url}pyramid.json`);
        if (!cancelled && response.status === 403) {
          setRefusedUrl(url);
          linkRefused();
        }
        if (cancelled || !response.ok) return;
        const answer = zoomPyramidSchema.safeParse(await response.json());
        if (cancelled || !answer.success) return;
        if (answer.data.state === 'ready') setPyramid(answer.data);
        else if (left > 0) timer = setTimeout(() => void ask(left - 1), RETRY_MS);
      } catch {
        // offline or refused: the preview stays
      }
    };
    void ask(RETRIES);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [photo, retry]);
  return pyramid;
}
