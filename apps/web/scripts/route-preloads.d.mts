import type { Manifest } from './vite-manifest.mjs';

/** The lazy modules (Vite manifest keys) of each prerendered page's route. */
export const ROUTE_MODULES: Record<string, string[]>;
/** The head links of `route`'s page from the build's manifest: what the entry does not load already. */
export function routePreloadLinks(manifest: Manifest, route: string): string[];
