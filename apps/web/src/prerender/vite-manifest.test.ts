import { describe, expect, it } from 'vitest';
import { manifestClosure } from '../../scripts/vite-manifest.mjs';

/** A manifest as Vite writes it: an entry with its CSS and a shared chunk, a page importing both, a picture. */
const MANIFEST = {
  'index.html': { file: 'assets/index-AbC123xy.js', isEntry: true, css: ['assets/index-Css12345.css'], imports: ['_jsx.js'] },
  '_jsx.js': { file: 'assets/jsx-Jsx12345.js' },
  'src/page.tsx': {
    file: 'assets/page-Page1234.js',
    css: ['assets/page-Css01234.css'],
    imports: ['index.html', '_jsx.js'],
    assets: ['assets/hero-Hero1234.svg'],
  },
  'src/styles.css': { file: 'assets/styles-Sty12345.css' },
};

describe('manifestClosure (the build scripts and the web benchmark read the manifest with it)', () => {
  it('follows static imports once and sorts the files into JS, CSS and assets', () => {
    const { js, css, assets } = manifestClosure(MANIFEST, ['src/page.tsx', 'src/styles.css']);
    expect([...js].sort()).toEqual(['assets/index-AbC123xy.js', 'assets/jsx-Jsx12345.js', 'assets/page-Page1234.js']);
    expect([...css].sort()).toEqual(['assets/index-Css12345.css', 'assets/page-Css01234.css', 'assets/styles-Sty12345.css']);
    expect([...assets]).toEqual(['assets/hero-Hero1234.svg']);
  });

  it('fails for a module the manifest does not have', () => {
    expect(() => manifestClosure(MANIFEST, ['src/gone.tsx'])).toThrow(/not in the build's manifest: src\/gone\.tsx/);
  });
});
