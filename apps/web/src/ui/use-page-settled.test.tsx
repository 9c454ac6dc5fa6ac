import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPageSettledForTests, usePageSettled } from './use-page-settled.ts';

function Probe({ id }: { id: string }) {
  return <span data-testid={id}>{usePageSettled() ? 'settled' : 'waiting'}</span>;
}

describe('usePageSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetPageSettledForTests();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('one idle callback serves every component; one mounted afterwards is settled at once', () => {
    const idle = vi.fn((run: () => void) => setTimeout(run, 50));
    vi.stubGlobal('requestIdleCallback', idle);
    const { rerender } = render(
      <>
        <Probe id="a" />
        <Probe id="b" />
        <Probe id="c" />
      </>,
    );
    expect(screen.getByTestId('a')).toHaveTextContent('waiting');
    act(() => vi.advanceTimersByTime(60));
    expect(idle).toHaveBeenCalledTimes(1);
    for (const id of ['a', 'b', 'c']) expect(screen.getByTestId(id)).toHaveTextContent('settled');
    rerender(
      <>
        <Probe id="a" />
        <Probe id="d" />
      </>,
    );
    expect(screen.getByTestId('d')).toHaveTextContent('settled');
    expect(idle).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('waits for the load event when the page is still loading', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const adding = vi.spyOn(window, 'addEventListener');
    render(
      <>
        <Probe id="a" />
        <Probe id="b" />
      </>,
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('a')).toHaveTextContent('waiting');
    expect(adding.mock.calls.filter(([type]) => String(type) === 'load')).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('b')).toHaveTextContent('settled');
  });
});
