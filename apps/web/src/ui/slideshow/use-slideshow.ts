import { useReducedMotion } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';

interface SlideshowOptions {
  count: number;
  intervalMs: number;
  /** 'sequential' (login background) or 'random': a random next slide, never the current one (home hero) */
  order?: 'sequential' | 'random';
  /** injectable for tests */
  random?: () => number;
}

export function nextSlide(current: number, count: number, order: 'sequential' | 'random', random: () => number = Math.random): number {
  if (count < 2) return 0;
  if (order === 'sequential') return (current + 1) % count;
  // pick among the other slides, so the next one always differs
  const pick = Math.floor(random() * (count - 1));
  return pick >= current ? pick + 1 : pick;
}

/** Index of the visible slide, advanced by a timer; paused when the user prefers reduced motion.
 *  `goTo` jumps (dots) and restarts the timer, so the chosen slide stays a full interval. */
export function useSlideshow({ count, intervalMs, order = 'sequential', random }: SlideshowOptions) {
  const [index, setIndex] = useState(0);
  const [jumps, setJumps] = useState(0);
  const reduceMotion = useReducedMotion();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a jump (dot click) restarts the interval
  useEffect(() => {
    if (reduceMotion || count < 2) return;
    const timer = setInterval(() => setIndex((current) => nextSlide(current, count, order, random)), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs, order, random, reduceMotion, jumps]);
  const goTo = useCallback(
    (next: number) => {
      setIndex(((next % count) + count) % count);
      setJumps((value) => value + 1);
    },
    [count],
  );
  return { index, goTo };
}

/** The slide fading out after `index` changed, for the length of the fade (`fadeMs`); null otherwise. Slideshows keep
 *  only the slide on screen and this one moving: a moving picture costs the main thread work on every frame, seen or not. */
export function useFadingSlide(index: number, fadeMs: number): number | null {
  const shown = useRef(index);
  const [fading, setFading] = useState<number | null>(null);
  useEffect(() => {
    if (shown.current === index) return;
    setFading(shown.current);
    shown.current = index;
    const timer = setTimeout(() => setFading(null), fadeMs);
    return () => clearTimeout(timer);
  }, [index, fadeMs]);
  return fading;
}
