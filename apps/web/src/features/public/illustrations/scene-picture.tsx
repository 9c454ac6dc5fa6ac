import { useReducedMotion } from '@mantine/hooks';
import { type ComponentType, type CSSProperties, type ImgHTMLAttributes, lazy, Suspense } from 'react';
import { usePageSettled } from '../../../ui/use-page-settled.ts';
import { SCENES, type SceneName } from './scenes.ts';

// decoration: if its chunk cannot be fetched (the connection gone after the page loaded), the still picture stays and
// the page goes on, rather than the route's error screen
const SceneMotion = lazy<ComponentType<{ name: SceneName }>>(() => import('./scene-motion.tsx').catch(() => ({ default: () => null })));

interface ScenePictureProps extends Pick<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'fetchPriority' | 'onLoad' | 'width' | 'height'> {
  name: SceneName;
  alt: string;
  /** never moves (a slideshow's hidden slides) */
  still?: boolean;
  className?: string;
  style?: CSSProperties;
  /** the slide on screen (styles) */
  'data-active'?: true;
  'aria-hidden'?: true;
}

/** One of our scenes: the still picture, then, once the page has loaded, the scene in motion over it (unless the
 *  visitor prefers reduced motion or the picture is `still`). */
export function ScenePicture({ name, alt, still = false, className, style, ...rest }: ScenePictureProps) {
  const { 'data-active': active, 'aria-hidden': hidden, ...img } = rest;
  const loaded = usePageSettled();
  const reduceMotion = useReducedMotion();
  const moving = loaded && !reduceMotion && !still;
  return (
    <span
      className={`ws-stage ${className ?? ''}`}
      style={style}
      data-active={active}
      aria-hidden={hidden}
      data-moving={moving || undefined}
    >
      <img src={SCENES[name]} alt={alt} decoding="async" draggable={false} {...img} />
      {moving && (
        <Suspense>
          <SceneMotion name={name} />
        </Suspense>
      )}
    </span>
  );
}
