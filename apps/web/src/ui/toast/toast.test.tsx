import { MantineProvider, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme.ts';
import { toast } from './toast.tsx';
import { ToastHost } from './toast-host.tsx';

/** Step through time in small acts, so the re-render after one timer can schedule the next (exit transition). */
function advance(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 50) act(() => vi.advanceTimersByTime(Math.min(50, ms - elapsed)));
}

function renderHost() {
  render(
    <MantineProvider theme={theme} env="test">
      <ToastHost />
    </MantineProvider>,
  );
}

describe('toast (spec §2 Toast)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renderHost();
  });
  afterEach(() => {
    act(() => notifications.clean());
    vi.useRealTimers();
  });

  it('shows title and message, and closes itself after 3000 ms', () => {
    act(() => void toast.success('Kaydedildi', 'Türbin eklendi.'));
    expect(screen.getByText('Kaydedildi')).toBeInTheDocument();
    expect(screen.getByText('Türbin eklendi.')).toBeInTheDocument();

    advance(2900);
    expect(screen.getByText('Kaydedildi')).toBeInTheDocument();

    advance(600);
    expect(screen.queryByText('Kaydedildi')).not.toBeInTheDocument();
  });

  it('stays until closed when auto-close is switched off', () => {
    act(() => void toast.warning('Dikkat', undefined, { autoClose: false }));
    advance(60_000);
    expect(screen.getByText('Dikkat')).toBeInTheDocument();
  });

  it('closes with its close button', () => {
    act(() => void toast.info('Bilgi', 'Cache temizlendi', { autoClose: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    advance(1000);
    expect(screen.queryByText('Bilgi')).not.toBeInTheDocument();
  });

  it('closes the newest toast on Escape', () => {
    act(() => {
      toast.error('Birinci', undefined, { autoClose: false });
      toast.error('İkinci', undefined, { autoClose: false });
    });
    fireEvent.keyDown(window, { key: 'Escape' });
    advance(1000);
    expect(screen.queryByText('İkinci')).not.toBeInTheDocument();
    expect(screen.getByText('Birinci')).toBeInTheDocument();
  });

  it('leaves the toasts alone when Escape closes an open dialog: one Escape, one layer', () => {
    const onClose = vi.fn();
    render(
      <MantineProvider theme={theme} env="test">
        <Modal opened onClose={onClose} title="Sil?">
          <button type="button">İptal</button>
        </Modal>
      </MantineProvider>,
    );
    act(() => void toast.success('Türbin eklendi', undefined, { autoClose: false }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'İptal' }), { key: 'Escape' });
    advance(1000);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Türbin eklendi')).toBeInTheDocument();
  });

  it('marks each type, and errors as alerts', () => {
    act(() => {
      toast.success('S', undefined, { autoClose: false });
      toast.error('E', undefined, { autoClose: false });
    });
    expect(screen.getByText('S').closest('[data-toast-type]')).toHaveAttribute('data-toast-type', 'success');
    expect(screen.getByText('E').closest('[role="alert"]')).toHaveAttribute('data-toast-type', 'error');
  });
});
