import type { ImgHTMLAttributes } from 'react';
import { SCENES, type SceneName } from './scenes.ts';

interface ScenePictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  name: SceneName;
  alt: string;
}

/** One of our scenes; the still version when the visitor prefers reduced motion (decided by the page, not the SVG). */
export function ScenePicture({ name, alt, ...img }: ScenePictureProps) {
  return (
    <picture>
      <source media="(prefers-reduced-motion: reduce)" srcSet={SCENES[name].still} />
      <img src={SCENES[name].src} alt={alt} decoding="async" draggable={false} {...img} />
    </picture>
  );
}
