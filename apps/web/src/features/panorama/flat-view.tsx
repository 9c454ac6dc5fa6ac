import { useEffect, useRef, useState } from 'react';
import { fileIdentity, useFileLinkRefused } from '../../api/file-links.ts';
import classes from './panorama-page.module.css';
import type { SphereStage } from './sphere-engine.ts';

export interface FlatViewProps {
  previewUrl: string;
  originalUrl: string;
  alt: string;
  onStage: (stage: SphereStage | 'loading') => void;
}

/** A photo that is not a 2:1 panorama: shown as it is, the preview first and the original once it has loaded. */
export function FlatView({ previewUrl, originalUrl, alt, onStage }: FlatViewProps) {
  const [src, setSrc] = useState(previewUrl);
  const linkRefused = useFileLinkRefused();
  // a re-issued URL of the same photo (DECISIONS §17) changes nothing on screen: what is shown stays, nothing reloads
  const photo = fileIdentity(previewUrl);
  const original = fileIdentity(originalUrl);
  const urls = useRef({ previewUrl, originalUrl });
  urls.current = { previewUrl, originalUrl };

  // a new photo is the trigger, its latest URLs are read from the ref
  useEffect(() => {
    const { previewUrl: preview, originalUrl: full } = urls.current;
    setSrc(preview);
    onStage('loading');
    if (original === photo) return;
    let cancelled = false;
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => {
      if (!cancelled) setSrc(full);
    };
    image.src = full;
    return () => {
      cancelled = true;
      image.onload = null;
    };
  }, [photo, original, onStage]);

  return (
    <img
      key={photo}
      src={src}
      alt={alt}
      className={classes.flat}
      data-testid="panorama-flat"
      draggable={false}
      onLoad={() => onStage(fileIdentity(src) === original ? 'original' : 'preview')}
      onError={linkRefused}
    />
  );
}
