import { SLIDESHOW } from '@windscope/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { resetPageSettledForTests } from '../../../ui/use-page-settled.ts';
import { HERO_SLIDES } from './hero.tsx';
import { HomePage } from './home-page.tsx';

const slideshow = () => screen.getByTestId('hero-slideshow');
/** each slide: the still picture in its box, and the scene in motion over it once the page has loaded */
const slides = () => [...slideshow().children] as HTMLElement[];
const stills = () => slideshow().querySelectorAll(':scope > span > img');
const currentSlide = () => Number(slideshow().dataset.slide);
const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('home hero slideshow (spec §2: 3000 ms, random, never the same slide twice)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetPageSettledForTests();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the three slides, the first one at start, and changes exactly every 3000 ms', () => {
    renderWithProviders(<HomePage />);
    expect(HERO_SLIDES).toHaveLength(3);
    // the first picture alone at first (the largest paint), the other two soon after
    expect(stills()).toHaveLength(1);
    expect(currentSlide()).toBe(0);
    tick(SLIDESHOW.intervalMs / 2);
    expect(stills()).toHaveLength(3);
    tick(SLIDESHOW.intervalMs / 2 - 1);
    expect(currentSlide()).toBe(0);
    tick(1);
    expect(currentSlide()).not.toBe(0);
    const second = currentSlide();
    tick(SLIDESHOW.intervalMs - 1);
    expect(currentSlide()).toBe(second);
    tick(1);
    expect(currentSlide()).not.toBe(second);
  });

  it('never picks the current slide, even when the random source keeps repeating itself', () => {
    // 0.0 would mean "slide 0" every time and 0.99 "the last slide" every time: the next one must still differ
    const values = [0, 0, 0, 0.99, 0.99, 0.99, 0.5, 0.5, 0, 0.99];
    let call = 0;
    vi.spyOn(Math, 'random').mockImplementation(() => values[call++ % values.length] ?? 0);
    renderWithProviders(<HomePage />);
    const seen = [currentSlide()];
    for (let i = 0; i < 30; i++) {
      tick(SLIDESHOW.intervalMs);
      seen.push(currentSlide());
    }
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]).not.toBe(seen[i - 1]);
      expect(seen[i]).toBeGreaterThanOrEqual(0);
      expect(seen[i]).toBeLessThan(HERO_SLIDES.length);
    }
    // random, not a fixed cycle: every slide comes up
    expect(new Set(seen).size).toBe(HERO_SLIDES.length);
  });

  it('moves only the slide on screen and the one fading out, once the page has loaded: the others stay still', async () => {
    renderWithProviders(<HomePage />);
    const moving = () => slides().map((slide) => slide.hasAttribute('data-moving'));
    // the first paint is the still picture: nothing moves before the page has loaded and the browser is idle
    expect(moving()).toEqual([false]);
    tick(SLIDESHOW.intervalMs / 2);
    expect(moving()).toEqual([true, false, false]);
    // the moving parts come as their own chunk: the drone scene's seven rotors turn over its picture without them
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    const first = slides()[0] as HTMLElement;
    expect(first.querySelectorAll('[class*="spin"]')).toHaveLength(7);
    expect(first.querySelector('[class*="bob"]')).not.toBeNull();
    expect(first.querySelectorAll('img')[1]?.getAttribute('src')).toMatch(/blade-inspection-base/);
    tick(SLIDESHOW.intervalMs / 2);
    const shown = currentSlide();
    // during the fade the old slide still moves, the new one already does
    expect(moving().map((on, i) => on === (i === 0 || i === shown))).toEqual([true, true, true]);
    tick(SLIDESHOW.fadeMs);
    expect(moving()).toEqual(HERO_SLIDES.map((_, i) => i === shown));
    expect(first.querySelector('[class*="spin"]')).toBeNull();
  });

  it('cross-fades in 1.5 s: only the current slide is visible, the others are hidden from assistive tech', () => {
    renderWithProviders(<HomePage />);
    fireEvent.load(stills()[0] as HTMLImageElement);
    const all = slides();
    for (const slide of all) expect(slide.style.transitionDuration).toBe(`${SLIDESHOW.fadeMs}ms`);
    expect(SLIDESHOW.fadeMs).toBe(1500);
    expect(all[0]).toHaveAttribute('data-active');
    expect(stills()[0]).toHaveAccessibleName(/drone/i);
    expect(all[1]).toHaveAttribute('aria-hidden', 'true');
    expect(all[1]).not.toHaveAttribute('data-active');
  });

  it('jumps to a slide from its dot and keeps it there a full interval', () => {
    renderWithProviders(<HomePage />);
    const dots = screen.getAllByTestId('hero-dot');
    expect(dots).toHaveLength(3);
    tick(2500);
    fireEvent.click(dots[2] as HTMLElement);
    expect(currentSlide()).toBe(2);
    expect(dots[2]).toHaveAttribute('aria-pressed', 'true');
    expect(dots[0]).toHaveAttribute('aria-pressed', 'false');
    tick(SLIDESHOW.intervalMs - 1);
    expect(currentSlide()).toBe(2);
    tick(1);
    expect(currentSlide()).not.toBe(2);
  });

  it('stands still when the visitor prefers reduced motion; the dots still work', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('prefers-reduced-motion'),
          media: query,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    renderWithProviders(<HomePage />);
    tick(SLIDESHOW.intervalMs * 5);
    expect(currentSlide()).toBe(0);
    // the page has long loaded: still nothing moves
    expect(slides().some((slide) => slide.hasAttribute('data-moving'))).toBe(false);
    fireEvent.click(screen.getAllByTestId('hero-dot')[1] as HTMLElement);
    expect(currentSlide()).toBe(1);
  });
});

describe('home page content (spec §1)', () => {
  it('shows the four stats, the technology chips, the 150+ reading, the ROV services and the seven partners eight times', () => {
    renderWithProviders(<HomePage />);
    const stats = screen.getByTestId('home-stats');
    for (const value of ['500+', '50+', '99.9%', '7/24']) expect(stats).toHaveTextContent(value);
    const chips = screen.getByTestId('technology-chips');
    for (const chip of ['360° Görüntüleme', 'Yapay Zekâ Destekli Analiz', 'Gerçek Zamanlı İzleme']) expect(chips).toHaveTextContent(chip);
    expect(screen.getByTestId('hero-live')).toHaveTextContent('150+ türbin 7/24 izleniyor');
    expect(screen.getByTestId('rov-services')).toHaveTextContent('Sualtı Robotu (ROV) Hizmetleri');
    const strip = screen.getByTestId('partner-strip');
    expect(strip.querySelectorAll('li')).toHaveLength(7 * 8);
    // only the first copy is announced: seven named logos
    expect(strip.querySelectorAll('li:not([aria-hidden]) img[alt]:not([alt=""])')).toHaveLength(7);
    expect(strip.style.animationDuration).toBe('30s');
  });

  it('pauses and resumes the partner strip with its button', () => {
    renderWithProviders(<HomePage />);
    const strip = screen.getByTestId('partner-strip');
    fireEvent.click(screen.getByRole('button', { name: 'Logo şeridini durdur' }));
    expect(strip).toHaveAttribute('data-paused');
    fireEvent.click(screen.getByRole('button', { name: 'Logo şeridini oynat' }));
    expect(strip).not.toHaveAttribute('data-paused');
  });
});
