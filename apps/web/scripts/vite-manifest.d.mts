/** A chunk of Vite's build manifest (the fields the scripts read). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  assets?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
/** The manifest of the build in `dist` (dist/.vite/manifest.json). */
export function readManifest(dist: string): Manifest;
/** The files the modules `keys` load with their static imports: JS, CSS and assets. Throws for a key not in the manifest. */
export function manifestClosure(manifest: Manifest, keys: string[]): { js: Set<string>; css: Set<string>; assets: Set<string> };
