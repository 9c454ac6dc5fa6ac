import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LAYER_MARKER, openLayers, useEscapeLayer } from './escape-stack.ts';

const pressEscape = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

describe('Escape closes the topmost dialog (spec §2)', () => {
  it('closes only the last opened dialog, then the one beneath', () => {
    const closeViewer = vi.fn();
    const closeConfirm = vi.fn();
    const viewer = renderHook(({ opened }) => useEscapeLayer(opened, closeViewer), { initialProps: { opened: true } });
    const confirm = renderHook(({ opened }) => useEscapeLayer(opened, closeConfirm), { initialProps: { opened: true } });
    expect(openLayers()).toBe(2);

    pressEscape();
    expect(closeConfirm).toHaveBeenCalledTimes(1);
    expect(closeViewer).not.toHaveBeenCalled();

    confirm.rerender({ opened: false });
    pressEscape();
    expect(closeViewer).toHaveBeenCalledTimes(1);
    viewer.unmount();
    confirm.unmount();
    expect(openLayers()).toBe(0);
  });

  it('keeps other listeners from closing a second dialog on the same key press', () => {
    const other = vi.fn();
    window.addEventListener('keydown', other, { capture: true });
    const hook = renderHook(() => useEscapeLayer(true, () => undefined));
    pressEscape();
    expect(other).not.toHaveBeenCalled();
    hook.unmount();
    pressEscape();
    expect(other).toHaveBeenCalledTimes(1);
    window.removeEventListener('keydown', other, { capture: true });
  });

  it('leaves other keys and closed dialogs alone', () => {
    const close = vi.fn();
    const hook = renderHook(() => useEscapeLayer(false, close));
    pressEscape();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(close).not.toHaveBeenCalled();
    hook.unmount();
  });

  it("stands aside when the key comes from another feature's dialog, and acts in its own", () => {
    const close = vi.fn();
    const other = vi.fn();
    window.addEventListener('keydown', other);
    const hook = renderHook(() => useEscapeLayer(true, close));
    const foreign = document.createElement('div');
    foreign.setAttribute('role', 'dialog');
    foreign.innerHTML = '<button>x</button>';
    const own = document.createElement('div');
    own.setAttribute('role', 'dialog');
    own.innerHTML = `<span ${LAYER_MARKER}></span><button>y</button>`;
    document.body.append(foreign, own);
    foreign.querySelector('button')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(close).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(1);
    own.querySelector('button')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(close).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(1);
    hook.unmount();
    foreign.remove();
    own.remove();
    window.removeEventListener('keydown', other);
  });
});
