import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ThumbnailImage } from './thumbnail-image.tsx';

describe('ThumbnailImage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries again while the thumbnail is being made, then shows a placeholder when there is none', async () => {
    renderWithProviders(<ThumbnailImage src="/api/files/a.jpg?k=jpeg&e=1&s=x&v=t" testId="thumb" />);
    const img = await screen.findByTestId('thumb');
    // from here on only the test moves the clock
    vi.useFakeTimers();
    expect(img.getAttribute('src')).toBe('/api/files/a.jpg?k=jpeg&e=1&s=x&v=t');
    for (const [attempt, wait] of [
      [1, 2000],
      [2, 4000],
      [3, 6000],
    ] as const) {
      fireEvent.error(screen.getByTestId('thumb'));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(wait - 1);
      });
      expect(screen.getByTestId('thumb').getAttribute('src')).not.toContain(`retry=${attempt}`);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(screen.getByTestId('thumb').getAttribute('src')).toContain(`&retry=${attempt}`);
    }
    fireEvent.error(screen.getByTestId('thumb'));
    expect(screen.queryByTestId('thumb')).toBeNull();
    expect(screen.getByTestId('thumb-missing').textContent).toMatch(/Önizleme yok|No preview/);
  });
});
