import type { createSphereViewer } from './sphere-engine.ts';

type SphereModule = { createSphereViewer: typeof createSphereViewer };
let pending: Promise<SphereModule> | null = null;

/** Starts downloading the 360° engine once (the panorama page calls it on load, in parallel with its data). */
export function loadSphereEngine(): Promise<SphereModule> {
  pending ??= import('./sphere-engine.ts').catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
