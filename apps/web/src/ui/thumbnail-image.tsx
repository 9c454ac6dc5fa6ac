import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileLinkRefused } from '../api/file-links.ts';
import { ImageOffIcon } from './icons.tsx';
import classes from './thumbnail-image.module.css';

/** Tries after 2, 4 and 6 seconds: a new photo's thumbnail is made in the background and may not be ready yet. */
const RETRIES = 3;

interface ThumbnailImageProps {
  /** null: the server has none for this file */
  src: string | null;
  className?: string;
  testId?: string;
}

/** A photo's thumbnail. While the server is still making it the request fails (503), so it tries again a few times
 *  (and a refused URL has the lists fetched again);
 *  an image that cannot be decoded has none, and a "no preview" placeholder takes its place. */
export function ThumbnailImage(props: ThumbnailImageProps) {
  // a new photo starts afresh
  return <RetryingImage key={props.src} {...props} />;
}

function RetryingImage({ src, className, testId }: ThumbnailImageProps) {
  const { t } = useTranslation();
  const linkRefused = useFileLinkRefused();
  const [attempt, setAttempt] = useState(0);
  const [missing, setMissing] = useState(src === null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (missing) {
    return (
      <span
        className={`${className ?? ''} ${classes.missing}`}
        role="img"
        aria-label={t('common.noPreview')}
        data-testid={testId && `${testId}-missing`}
      >
        <ImageOffIcon size={22} />
        {t('common.noPreview')}
      </span>
    );
  }
  if (src === null) return null; // never: no source means missing
  // the signature covers only its own parameters: another one makes a fresh request past the browser's cache
  const url = attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      className={className}
      data-testid={testId}
      onError={() => {
        // or its URL no longer holds (a new sign-in, DECISIONS §17): the lists are asked again for fresh ones
        if (attempt === 0) linkRefused();
        if (attempt >= RETRIES) setMissing(true);
        else timer.current = setTimeout(() => setAttempt((n) => n + 1), 2000 * (attempt + 1));
      }}
    />
  );
}
