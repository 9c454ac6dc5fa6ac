import { FILE_URL_REFRESH_MS, type Photo } from '@windscope/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { zoomTileSource } from '../features/deep-zoom/deep-zoom-image.tsx';
import { FlatView } from '../features/panorama/flat-view.tsx';
import { testPhoto } from '../features/turbine/test-photos.ts';
import { jsonResponse, renderWithProviders } from '../test/render.tsx';
import { ThumbnailImage } from '../ui/thumbnail-image.tsx';
import { api } from './client.ts';
import { fileIdentity, fileLinkExpiry, resetFileLinkRefresh, useFreshDownload } from './file-links.ts';
import { queryKeys } from './query-keys.ts';

/** DECISIONS §17: the server re-signs a photo's URLs for every short window; a viewer open for longer must hold fresh
 *  ones without reloading what it shows. Each answer of this fake server is a new issue of the same photo. */
const KEY = 'turbines/1/blade/2025/A/1/1700000000000-7-IMG_7.jpg';
function issue(n: number): Photo {
  const signed = (variant: string) => `/api/files/${KEY}?k=jpeg&u=4&e=${1000 + n}&s=sig${n}${variant}`;
  return testPhoto(7, {
    key: KEY,
    urls: {
      original: signed(''),
      preview: signed('&v=p'),
      // a thumbnail's URL holds for the whole sign-in: the same in every issue
      thumbnail: `/api/files/${KEY}?k=jpeg&u=4&s=lasting&v=t`,
      zoom: `/api/zoom/4/${1000 + n}/zsig${n}/${KEY}.tiles/`,
    },
  });
}

function LongOpenViewer() {
  const photos = useQuery({
    queryKey: queryKeys.photos.list(1, { view: 'all' }),
    queryFn: async ({ signal }) => (await api.get<Photo[]>('/turbines/1/photos', { query: { view: 'all' }, signal })).data,
  });
  const photo = photos.data?.[0];
  if (!photo) return null;
  return (
    <div data-testid="viewer" data-latest-zoom={photo.urls.zoom ?? ''}>
      <FlatView previewUrl={photo.urls.preview ?? ''} originalUrl={photo.urls.preview ?? ''} alt="blade" onStage={noop} />
      <ThumbnailImage src={photo.urls.thumbnail} testId="thumb" />
    </div>
  );
}
const noop = () => {};

describe('file links in a long-open viewer', () => {
  let issued = 0;
  beforeEach(() => {
    issued = 0;
    resetFileLinkRefresh();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse({ success: true, data: [issue(++issued)] }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('fetches fresh URLs before they expire, and keeps the picture and the thumbnail as they are', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<LongOpenViewer />);
    const shown = await screen.findByTestId('panorama-flat');
    const thumb = screen.getByTestId('thumb');
    expect(shown.getAttribute('src')).toBe(issue(1).urls.preview);
    expect(issued).toBe(1);

    // three lifetimes of a URL (15 minutes each): the viewer stays open all along
    for (let window = 1; window <= 9; window++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(FILE_URL_REFRESH_MS);
      });
      expect(issued).toBe(1 + window);
      expect(screen.getByTestId('viewer').dataset.latestZoom).toBe(issue(1 + window).urls.zoom);
      // what is on screen is not loaded again: the same element, the same picture, no flicker
      expect(screen.getByTestId('panorama-flat')).toBe(shown);
      expect(shown.getAttribute('src')).toBe(issue(1).urls.preview);
      expect(screen.getByTestId('thumb')).toBe(thumb);
      expect(thumb.getAttribute('src')).toBe(issue(1).urls.thumbnail);
    }
  });

  it('asks for fresh URLs at once when a file is refused, at most once in ten seconds', async () => {
    renderWithProviders(<LongOpenViewer />);
    await screen.findByTestId('panorama-flat');
    expect(issued).toBe(1);
    fireEvent.error(screen.getByTestId('panorama-flat'));
    await vi.waitFor(() => expect(issued).toBe(2));
    fireEvent.error(screen.getByTestId('panorama-flat'));
    fireEvent.error(screen.getByTestId('thumb'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(issued).toBe(2);
  });

  it('fetches a Deep Zoom tile from the base given when it is fetched, under one cache key', () => {
    let base = issue(1).urls.zoom ?? '';
    const source = zoomTileSource({ state: 'ready', width: 5000, height: 3000, tileSize: 510, overlap: 1, format: 'jpeg' }, () => base) as {
      getTileUrl: (level: number, column: number, row: number) => () => string;
      maxLevel: number;
    };
    expect(source.maxLevel).toBe(13);
    const tile = source.getTileUrl(12, 3, 2);
    expect(tile()).toBe(`/api/zoom/4/1001/zsig1/${KEY}.tiles/12/3_2.jpeg`);
    base = issue(2).urls.zoom ?? '';
    expect(tile()).toBe(`/api/zoom/4/1002/zsig2/${KEY}.tiles/12/3_2.jpeg`);
  });

  it('a report download held past its URL asks for the list again and follows the fresh URL', async () => {
    const now = Math.floor(Date.now() / 1000);
    let answers = 0;
    const reportUrl = (expires: number) => `/api/files/turbines/1/reports/2025/1-1-r.pdf?k=pdf&u=4&e=${expires}&d=1&s=sig${expires}`;
    vi.mocked(fetch).mockImplementation(async () => {
      answers += 1;
      // the first answer was handed out before the laptop slept: its URL has expired meanwhile
      return jsonResponse({ success: true, data: [{ id: 3, report_url: reportUrl(answers === 1 ? now - 5 : now + 900) }] });
    });
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(this.getAttribute('href') ?? '');
    });
    function Reports() {
      const reports = useQuery({
        queryKey: queryKeys.reports.ofTurbine(1),
        queryFn: async () => (await api.get<{ id: number; report_url: string }[]>('/turbines/1/reports')).data,
      });
      const download = useFreshDownload();
      const client = useQueryClient();
      const fresh = () => client.getQueryData<{ report_url: string }[]>(queryKeys.reports.ofTurbine(1))?.[0]?.report_url;
      const report = reports.data?.[0];
      if (!report) return null;
      return (
        <a href={report.report_url} data-testid="download" onClick={(event) => download(event, report.report_url, fresh, 'r.pdf')}>
          r.pdf
        </a>
      );
    }
    renderWithProviders(<Reports />);
    const link = await screen.findByTestId('download');
    expect(fileLinkExpiry(link.getAttribute('href') ?? '')).toBe(now - 5);
    fireEvent.click(link);
    await vi.waitFor(() => expect(followed).toEqual([reportUrl(now + 900)]));
    expect(answers).toBe(2);
  });

  it('tells one file under two issues apart from two files', () => {
    expect(fileIdentity(issue(1).urls.preview ?? '')).toBe(fileIdentity(issue(2).urls.preview ?? ''));
    expect(fileIdentity(issue(1).urls.zoom ?? '')).toBe(fileIdentity(issue(2).urls.zoom ?? ''));
    expect(fileIdentity(issue(1).urls.preview ?? '')).not.toBe(fileIdentity(issue(1).urls.original));
    expect(fileIdentity(issue(1).urls.original)).not.toBe(fileIdentity(issue(1).urls.original.replace('IMG_7', 'IMG_8')));
  });
});
