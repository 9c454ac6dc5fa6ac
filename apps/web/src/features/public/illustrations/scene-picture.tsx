import type { ImgHTMLAttributes } from 'react';
import { SCENES, type SceneName } from './scenes.ts';

interface ScenePictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  name: SceneName;
  alt: string;
  /** the still version whatever the visitor prefers (a slideshow's hidden slides: an animated picture is redrawn on the
   *  main thread every frame, seen or not) */
  still?: boolean;
}

/** One of our scenes; the still version when the visitor prefers reduced motion (decided by the page, not the SVG) or
 *  when `still`. */
export function ScenePicture({ name, alt, still = false, ...img }: ScenePictureProps) {
  return (
    <picture>
      <source media="(prefers-reduced-motion: reduce)" srcSet={SCENES[name].still} />
      <img src={still ? SCENES[name].still : SCENES[name].src} alt={alt} decoding="async" draggable={false} {...img} />
    </picture>
  );
}
