import { useEffect, useState } from 'react';
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

  useEffect(() => {
    setSrc(previewUrl);
    onStage('loading');
    if (originalUrl === previewUrl) return;
    let cancelled = false;
    const original = new Image();
    original.decoding = 'async';
    original.onload = () => {
      if (!cancelled) setSrc(originalUrl);
    };
    original.src = originalUrl;
    return () => {
      cancelled = true;
      original.onload = null;
    };
  }, [previewUrl, originalUrl, onStage]);

  return (
    <img
      key={previewUrl}
      src={src}
      alt={alt}
      className={classes.flat}
      data-testid="panorama-flat"
      draggable={false}
      onLoad={() => onStage(src === originalUrl ? 'original' : 'preview')}
    />
  );
}
