import { DEFAULTS } from '@photo-sphere-viewer/core';
import '@photo-sphere-viewer/markers-plugin';
import { describe, expect, it } from 'vitest';
import en from './panorama.en.json';
import tr from './panorama.tr.json';

// Issue 24 item 23: the 360° viewer's own texts (the side panel's close, button titles, hints) came in the library's
// English on a Turkish page. Every text the library and its markers plugin define (a newer version adding one fails
// here) is given in both languages; the Turkish ones are not the English defaults.
describe("the 360° viewer library's texts", () => {
  const keys = Object.keys(DEFAULTS.lang);

  it('are all given in Turkish and English', () => {
    expect(keys).toEqual(expect.arrayContaining(['close', 'zoomIn', 'loadError', 'markers']));
    for (const catalog of [tr.library, en.library] as Record<string, string>[]) {
      for (const key of keys) expect(catalog[key]?.trim(), key).toBeTruthy();
    }
  });

  it('are Turkish on a Turkish page', () => {
    const english = DEFAULTS.lang as Record<string, string>;
    for (const key of keys) expect((tr.library as Record<string, string>)[key], key).not.toBe(english[key]);
    expect(tr.library.close).toBe('Kapat');
  });
});
