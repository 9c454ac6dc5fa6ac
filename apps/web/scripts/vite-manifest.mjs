// The one reader of Vite's build manifest (dist/.vite/manifest.json) for the build's scripts and the web benchmark:
// which files a set of modules loads, their static imports followed (route-preloads.mjs, check-home-budget.mjs,
// e2e/bench/web.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The manifest of the build in `dist`. */
export function readManifest(dist) {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
}

/** The files the modules `keys` (manifest keys: 'index.html', 'src/…') load with their static imports: their chunks'
 *  JS, CSS and assets (pictures and the like). Throws for a key the manifest does not have (a module renamed). */
export function manifestClosure(manifest, keys) {
  const js = new Set();
  const css = new Set();
  const assets = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the build's manifest: ${key} (a module renamed, or the web app not built?)`);
    (chunk.file.endsWith('.css') ? css : js).add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const asset of chunk.assets ?? []) assets.add(asset);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js, css, assets };
}
