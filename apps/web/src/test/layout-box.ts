import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom lays nothing out: every element is 0 x 0, so a virtual list (@tanstack/react-virtual reads its scroller's
 * clientWidth/clientHeight) would show no row. For the tests of one file, every element reports this box instead.
 */
export function withLayoutBox(width = 800, height = 400): void {
  const saved = {
    width: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
    height: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  };
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  });
  afterAll(() => {
    if (saved.width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', saved.width);
    if (saved.height) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved.height);
  });
}
