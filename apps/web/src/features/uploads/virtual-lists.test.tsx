import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { withLayoutBox } from '../../test/layout-box.ts';
import { PendingFiles } from '../turbine/upload/pending-files.tsx';
import type { PendingPhoto } from '../turbine/upload/use-photo-upload.ts';
import type { QueueItem } from './queue.ts';
import { ReviewTable } from './review-table.tsx';

// every element reports an 800 x 400 box: a scroller shows 400 px of rows
withLayoutBox(800, 400);

const CARD = 1000;

const photos = (): PendingPhoto[] =>
  Array.from({ length: CARD }, (_, i) => {
    const name = `DJI_${String(i).padStart(4, '0')}.JPG`;
    return { id: `p${i}`, file: new File([new Uint8Array(1)], name, { type: 'application/octet-stream' }), name, size: 12_000_000 };
  });

const queued = (): QueueItem[] =>
  Array.from({ length: CARD }, (_, i) => ({
    id: `q${i}`,
    turbineId: 7,
    turbineName: 'WTG-07',
    name: `DJI_${String(i).padStart(4, '0')}.JPG`,
    size: 12_000_000,
    lastModified: 1,
    placement: { year: 2026, blade: 'A', source: { kind: 'room', room: 1 } },
    origins: { year: 'default', blade: 'default', source: 'default' },
    state: 'ready',
    sent: 0,
    addedAt: i,
  }));

/** scrolls a virtual list's scroller to the end (jsdom: set scrollTop, fire the event the virtualizer listens to) */
function scrollToEnd(scroller: HTMLElement) {
  act(() => {
    scroller.scrollTop = 10_000_000;
    fireEvent.scroll(scroller);
  });
}

describe('a memory card of chosen photos', () => {
  it("the zone's previews: a screenful of tiles in the DOM, every photo counted, the last reached by scrolling", async () => {
    renderWithProviders(<PendingFiles files={photos()} sent={{}} uploading={false} onRemove={() => undefined} />);
    const list = await screen.findByTestId('pending-files');
    const tiles = within(list).getAllByTestId('pending-file');
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThan(60);
    expect(tiles[0]).toHaveAttribute('aria-setsize', String(CARD));
    expect(tiles[0]).toHaveAttribute('aria-posinset', '1');
    expect(within(list).queryByText('DJI_0999.JPG')).toBeNull();
    scrollToEnd(list);
    expect(await within(list).findByText('DJI_0999.JPG')).toBeInTheDocument();
    expect(within(list).getAllByTestId('pending-file').length).toBeLessThan(60);
  });

  it('the review table: a screenful of rows, the row count told to assistive technology, the last row reached by scrolling', async () => {
    renderWithProviders(<ReviewTable turbineId={7} items={queued()} />);
    const scroller = await screen.findByTestId('review-scroller');
    const rows = within(scroller).getAllByTestId('review-row');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(40);
    expect(within(scroller).getByRole('table')).toHaveAttribute('aria-rowcount', String(CARD + 1));
    expect(within(scroller).queryByText('DJI_0999.JPG')).toBeNull();
    scrollToEnd(scroller);
    expect(await within(scroller).findByText('DJI_0999.JPG')).toBeInTheDocument();
    expect(within(scroller).getAllByTestId('review-row').at(-1)).toHaveAttribute('aria-rowindex', String(CARD + 1));
    // "start" still takes every photo, not only the rows on screen
    expect(screen.getByTestId('review-start-7')).toHaveTextContent('1000');
  }, 30_000);
});
