import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES, routePreloadLinks } from '../../scripts/route-preloads.mjs';
import { PRERENDERED_PATHS } from './prerendered-paths.ts';

/** A build's manifest as Vite writes it (the entry, the public layout, the home page and its pictures). */
const MANIFEST = {
  'index.html': { file: 'assets/index-AbC123xy.js', isEntry: true, css: ['assets/index-Css12345.css'], imports: ['_jsx.js'] },
  '_jsx.js': { file: 'assets/jsx-Jsx12345.js' },
  'src/features/public/layout/public-layout.tsx': {
    file: 'assets/public-layout-Lay0ut12.js',
    css: ['assets/public-layout-Css0ut12.css'],
    imports: ['index.html'],
  },
  'src/features/public/home/home-page.tsx': {
    file: 'assets/home-page-H0me1234.js',
    imports: ['index.html', 'src/features/public/layout/public-layout.tsx'],
    assets: ['assets/blade-inspection-still-BT-h9_E6.svg', 'assets/wind-CoxNLRck.svg'],
  },
};

describe('routePreloadLinks (the head of a prerendered page)', () => {
  it("announces the route's chunks, its CSS and its largest picture, not what the entry loads already", () => {
    expect(routePreloadLinks(MANIFEST, '/')).toEqual([
      '<link rel="preload" as="image" fetchpriority="high" href="/assets/blade-inspection-still-BT-h9_E6.svg">',
      '<link rel="stylesheet" crossorigin href="/assets/public-layout-Css0ut12.css">',
      '<link rel="modulepreload" crossorigin href="/assets/public-layout-Lay0ut12.js">',
      '<link rel="modulepreload" crossorigin href="/assets/home-page-H0me1234.js">',
    ]);
  });

  it('fails the build when a route module is not in the manifest (renamed), or a prerendered path has no modules', () => {
    expect(() => routePreloadLinks(MANIFEST, '/about')).toThrow(/not in the build's manifest: src\/features\/public\/about/);
    expect(() => routePreloadLinks(MANIFEST, '/nowhere')).toThrow(/no route modules for \/nowhere/);
  });

  it('knows the modules of every prerendered path', () => {
    expect(Object.keys(ROUTE_MODULES).sort()).toEqual([...PRERENDERED_PATHS].sort());
  });
});
