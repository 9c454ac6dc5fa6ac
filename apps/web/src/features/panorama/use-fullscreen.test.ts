import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFullscreen } from './use-fullscreen.ts';

afterEach(() => vi.restoreAllMocks());

describe('useFullscreen (spec §2)', () => {
  it("reports a refusal with the browser's own message", async () => {
    const element = document.createElement('div');
    element.requestFullscreen = vi.fn(() => Promise.reject(new TypeError('Permissions check failed')));
    const onFailure = vi.fn();
    const { result } = renderHook(() => useFullscreen({ current: element }, onFailure));
    await act(() => result.current.toggle());
    expect(onFailure).toHaveBeenCalledWith('Permissions check failed');
  });

  it('enters full screen for its element, and leaves when something is full screen', async () => {
    const element = document.createElement('div');
    element.requestFullscreen = vi.fn(() => Promise.resolve());
    const exit = vi.fn(() => Promise.resolve());
    Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
    const onFailure = vi.fn();
    const { result } = renderHook(() => useFullscreen({ current: element }, onFailure));
    await act(() => result.current.toggle());
    expect(element.requestFullscreen).toHaveBeenCalledOnce();

    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
    act(() => void document.dispatchEvent(new Event('fullscreenchange')));
    expect(result.current.active).toBe(true);
    await act(() => result.current.toggle());
    expect(exit).toHaveBeenCalledOnce();
    expect(onFailure).not.toHaveBeenCalled();
    Reflect.deleteProperty(document, 'fullscreenElement');
    Reflect.deleteProperty(document, 'exitFullscreen');
  });
});
