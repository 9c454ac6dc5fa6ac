// Issue 22: the public pages as static HTML, in Turkish and English, so they paint before the app's JS has loaded; the
// app then hydrates them (src/main.tsx). Runs after `vite build`: builds the server bundle of src/prerender/render-page.tsx,
// renders every page of its PRERENDERED_PATHS into the built index.html (title, language, the route's chunks announced),
// writes dist/pages/<language>/<page>.html with .br/.gz copies, and dist/pages/pages.json, by which the server sends
// each path's page in the visitor's language (apps/server/src/http/prerendered-pages.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { precompress } from './precompress.mjs';
import { routePreloadLinks } from './route-preloads.mjs';
import { readManifest } from './vite-manifest.mjs';

const LANGUAGES = ['tr', 'en'];
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const serverBundle = path.join(webDir, 'node_modules/.prerender');

await build({
  root: webDir,
  logLevel: 'warn',
  build: { ssr: 'src/prerender/render-page.tsx', outDir: serverBundle, emptyOutDir: true, manifest: false, copyPublicDir: false },
});
const { renderPage, PRERENDERED_PATHS } = await import(pathToFileURL(path.join(serverBundle, 'render-page.js')).href);

const template = await readFile(path.join(dist, 'index.html'), 'utf8');
const manifest = readManifest(dist);
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `template` with `search` replaced once; the build fails when index.html no longer has it. */
function replaceOnce(html, search, replacement) {
  if (!html.includes(search)) throw new Error(`index.html has no ${search} (scripts/prerender.mjs)`);
  return html.replace(search, () => replacement);
}

/** The pages paint from their HTML and CSS; their JS only hydrates them. So the entry and the route's chunks are asked for
 *  once the page has painted (the frame after the first one; at the latest after 1 s, for a tab in the background),
 *  which leaves the link to the stylesheets and the largest picture until then (and keeps the scripts out of Lighthouse's
 *  simulated LCP, which counts every request started before the observed one). A field on such a page works before the
 *  app does: what is typed there is carried into the app's state when it hydrates (ui/typed-before-hydration.ts), and
 *  the buttons wait for the app (useHydrated). The script is inline: the server's CSP allows it by its hash
 *  (apps/server/src/http/prerendered-pages.ts reads the pages). */
function hydrateAfterFirstPaint(html) {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('index.html has no entry <script type="module" crossorigin src> (scripts/prerender.mjs)');
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  let page = html.replace(entry[0], '');
  for (const [tag] of preloads) page = page.replace(tag, '');
  const loader = `(() => {
        let started = false;
        const start = () => {
          if (started) return;
          started = true;
          // one insertion for all of them (one at a time, each one made the browser look at the head again)
          const links = document.createDocumentFragment();
          for (const href of ${JSON.stringify(preloads.map(([, href]) => href))}) {
            const link = document.createElement('link');
            link.rel = 'modulepreload';
            link.crossOrigin = '';
            link.href = href;
            links.append(link);
          }
          document.head.append(links);
          const script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = '';
          script.src = ${JSON.stringify(entry[1])};
          document.head.append(script);
        };
        requestAnimationFrame(() => setTimeout(start));
        setTimeout(start, 1000);
      })();`;
  return replaceOnce(page, '</head>', `  <script>\n      ${loader}\n    </script>\n  </head>`);
}

const pages = {};
await rm(path.join(dist, 'pages'), { recursive: true, force: true });
for (const language of LANGUAGES) {
  await mkdir(path.join(dist, 'pages', language), { recursive: true });
  for (const route of PRERENDERED_PATHS) {
    const { html, title, description } = await renderPage(route, language);
    let page = replaceOnce(template, '<html lang="tr">', `<html lang="${language}" data-prerendered="${language}">`);
    page = replaceOnce(page, '<title>Windscope</title>', `<title>${escapeHtml(title)}</title>`);
    page = page.replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    );
    page = replaceOnce(page, '</head>', `  ${routePreloadLinks(manifest, route).join('\n    ')}\n  </head>`);
    page = replaceOnce(page, '<div id="root"></div>', `<div id="root">${html}</div>`);
    page = hydrateAfterFirstPaint(page);
    const file = `pages/${language}/${route === '/' ? 'index' : route.slice(1)}.html`;
    await writeFile(path.join(dist, file), page);
    await precompress(path.join(dist, file));
    pages[route] = { ...pages[route], [language]: file };
  }
}
await writeFile(path.join(dist, 'pages', 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
console.log(`Prerendered ${PRERENDERED_PATHS.length} pages in ${LANGUAGES.join(' and ')} (dist/pages).`);
