import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CaptureLine } from './capture-line.tsx';

// 0.001° of latitude north of Bergama RES: 111 m
const photo = { taken_at: '2025-06-14T10:30:12.000Z', gps: { latitude: 39.1852, longitude: 27.0861 } };

describe('the capture line of a viewer header (issue 24 item 22)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('tr');
  });

  it.each([
    ['tr', 'Çekim: 14 Haz 2025 10:30', 'Konum: 39,18520° K 27,08610° D', 'türbine 110 m uzaklıkta'],
    ['en', 'Taken: 14 Jun 2025, 10:30', 'Position: 39.18520° N 27.08610° E', '110 m from the turbine'],
  ] as const)('says when and where, and how far from the turbine, in %s', async (language, taken, position, distance) => {
    await i18n.changeLanguage(language);
    renderWithProviders(<CaptureLine photo={photo} turbineCoordinates="39.1842,27.0861" />);
    expect(await screen.findByTestId('capture-taken')).toHaveTextContent(taken);
    expect(screen.getByTestId('capture-position')).toHaveTextContent(position);
    expect(screen.getByTestId('capture-distance')).toHaveTextContent(distance);
    expect(screen.getByTestId('capture-taken').querySelector('time')).toHaveAttribute('datetime', photo.taken_at);
  });

  it('leaves the distance out for a turbine without readable coordinates', async () => {
    renderWithProviders(<CaptureLine photo={photo} turbineCoordinates="Bergama tepesi" />);
    expect(await screen.findByTestId('capture-position')).toBeInTheDocument();
    expect(screen.queryByTestId('capture-distance')).toBeNull();
  });

  it('shows only what the photo has, and nothing for a photo without EXIF', async () => {
    const { unmount } = renderWithProviders(
      <CaptureLine photo={{ taken_at: photo.taken_at, gps: null }} turbineCoordinates="39.1842,27.0861" />,
    );
    expect(await screen.findByTestId('capture-taken')).toBeInTheDocument();
    expect(screen.queryByTestId('capture-position')).toBeNull();
    expect(screen.queryByTestId('capture-distance')).toBeNull();
    unmount();
    renderWithProviders(
      <>
        <p>viewer</p>
        <CaptureLine photo={{ taken_at: null, gps: null }} turbineCoordinates="39.1842,27.0861" />
      </>,
    );
    expect(await screen.findByText('viewer')).toBeInTheDocument();
    expect(screen.queryByTestId('capture-line')).toBeNull();
  });
});
