import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { DesktopGate } from './desktop-gate.tsx';
import { isDesktopOnlyBlocked } from './device-rules.ts';

const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET_UA = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const IPAD_DESKTOP_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('desktop gate rules (spec §1)', () => {
  it('lets a desktop browser wider than 768 px in', () => {
    expect(isDesktopOnlyBlocked({ width: 769, userAgent: DESKTOP_UA })).toBe(false);
    expect(isDesktopOnlyBlocked({ width: 1920, userAgent: IPAD_DESKTOP_UA, maxTouchPoints: 0 })).toBe(false);
  });

  it('turns away windows of 768 px or less', () => {
    expect(isDesktopOnlyBlocked({ width: 768, userAgent: DESKTOP_UA })).toBe(true);
    expect(isDesktopOnlyBlocked({ width: 700, userAgent: DESKTOP_UA })).toBe(true);
  });

  it('turns away phone and tablet user agents at any width', () => {
    expect(isDesktopOnlyBlocked({ width: 1280, userAgent: IPHONE_UA })).toBe(true);
    expect(isDesktopOnlyBlocked({ width: 1280, userAgent: ANDROID_TABLET_UA })).toBe(true);
  });

  it('recognises an iPad that presents itself as a Mac', () => {
    expect(isDesktopOnlyBlocked({ width: 1180, userAgent: IPAD_DESKTOP_UA, maxTouchPoints: 5 })).toBe(true);
  });
});

describe('<DesktopGate>', () => {
  const initialWidth = window.innerWidth;
  afterEach(() => {
    window.innerWidth = initialWidth;
  });

  it('shows the panel on a wide desktop window', () => {
    window.innerWidth = 1280;
    renderWithProviders(
      <DesktopGate>
        <p>panel</p>
      </DesktopGate>,
    );
    expect(screen.getByText('panel')).toBeInTheDocument();
    expect(screen.queryByTestId('desktop-gate')).not.toBeInTheDocument();
  });

  it('shows the bilingual notice instead, and follows resizing', () => {
    window.innerWidth = 1280;
    renderWithProviders(
      <DesktopGate>
        <p>panel</p>
      </DesktopGate>,
    );
    act(() => {
      window.innerWidth = 700;
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.queryByText('panel')).not.toBeInTheDocument();
    const gate = screen.getByTestId('desktop-gate');
    expect(gate).toHaveTextContent('Bu panel yalnızca masaüstü bilgisayarlar için tasarlanmıştır');
    expect(gate).toHaveTextContent('Lütfen bir bilgisayar veya dizüstü bilgisayardan giriş yapın.');
    expect(gate).toHaveTextContent('This panel is designed for desktop computers only');
    expect(gate).toHaveTextContent('Please sign in from a computer or laptop.');

    act(() => {
      window.innerWidth = 1280;
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByText('panel')).toBeInTheDocument();
  });
});
