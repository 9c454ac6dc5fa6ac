import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n.ts';

// jsdom lacks these browser APIs that Mantine and our layout use
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView ??= vi.fn();
// Mantine's autosize Textarea listens for web fonts loading (document.fonts, a FontFaceSet)
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
}

// findBy/waitFor give up after 20 s, not testing-library's 1 s: a limit, not a speed target (a busy two-core machine
// took longer than 1 s to draw a page's list, session 16)
configure({ asyncUtilTimeout: 20_000 });

// tests read the Turkish copy unless they switch; jsdom's navigator says en-US
beforeEach(async () => {
  await i18n.changeLanguage('tr');
});

afterEach(() => {
  cleanup();
  // the next test (in this file or, with isolate: false, the next file in this worker) starts on real timers and at the
  // address a fresh jsdom has (a test that moved to /login made the next file's 401 look like one on the sign-in page)
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
  // Mantine's notifications live in a store outside React: those of this test are not the next one's
  notifications.clean();
  notifications.cleanQueue();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
