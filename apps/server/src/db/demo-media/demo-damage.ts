import type { Geometry } from '@windscope/contract';

/** The demo's damage (issue 24 item 5), defined once: each entry is where a demo finding's sighting is marked on a demo
 *  photo (the observation's geometry, DECISIONS §12) AND where images.ts draws that damage when it renders the photo,
 *  so the two cannot drift apart. Flat places lie on the blade of images.ts (droneSvg: between DRONE_BLADE's leading
 *  and trailing edges; a close-up is all blade); the test (seed-media.test.ts) checks the pixels. Later sightings of
 *  the same damage are larger: it grew. */

export type DamageKind =
  | 'erosion'
  | 'crack'
  | 'lightning'
  | 'coating_loss'
  | 'contamination'
  | 'reflection'
  | 'hole'
  | 'repair'
  | 'delamination'
  | 'bond_line';

export interface DemoDamage {
  /** the demo turbine's code and the demo photo's file name (unique per turbine) */
  turbine: string;
  photo: string;
  kind: DamageKind;
  geometry: Geometry;
}

export const BERGAMA = 'EGE-BRG-01';
export const BANDIRMA = 'MRM-BND-05';

const box = (x: number, y: number, w: number, h: number): Geometry => ({
  space: 'flat',
  shape: 'rectangle',
  points: [
    [x, y],
    [x + w, y + h],
  ],
});
const ellipse = (x: number, y: number, w: number, h: number): Geometry => ({ ...box(x, y, w, h), shape: 'ellipse' }) as Geometry;
const polygon = (...points: [number, number][]): Geometry => ({ space: 'flat', shape: 'polygon', points });
const point = (x: number, y: number): Geometry => ({ space: 'flat', shape: 'point', points: [[x, y]] });
const sphere = (...points: [number, number][]): Geometry =>
  points.length === 1 ? { space: 'panorama', shape: 'point', points } : { space: 'panorama', shape: 'polygon', points };

const at = (turbine: string, photo: string, kind: DamageKind, geometry: Geometry): DemoDamage => ({ turbine, photo, kind, geometry });

/** Drone photos' blade: leading edge (top) and trailing edge (bottom) as y of x, both 0..1 of the picture. */
export const DRONE_BLADE = {
  leadingEdge: (x: number) => 0.26 + 0.06 * x,
  trailingEdge: (x: number) => 0.78 - 0.08 * x,
};

export const DEMO_DAMAGE = {
  // Bergama, blade A: leading-edge erosion near the tip, last year and (longer, deeper) this year
  erosionLastYear: at(BERGAMA, 'drone-a-prev.jpg', 'erosion', box(0.5, 0.31, 0.18, 0.05)),
  erosion: at(BERGAMA, 'drone-a-01.jpg', 'erosion', box(0.48, 0.305, 0.26, 0.07)),
  // blade B: a longitudinal crack along the trailing edge that grew
  trailingCrackLastYear: at(BERGAMA, 'drone-b-prev.jpg', 'crack', ellipse(0.3, 0.68, 0.12, 0.04)),
  trailingCrack: at(BERGAMA, 'drone-b-02.jpg', 'crack', ellipse(0.28, 0.665, 0.18, 0.055)),
  // blade C: a lightning strike near the tip receptor (suction side)
  lightning: at(BERGAMA, 'drone-c-03.jpg', 'lightning', polygon([0.8, 0.42], [0.9, 0.4], [0.92, 0.54], [0.82, 0.56])),
  // blade A pressure side, close up: coating lost, repaired (the robot's photo of the patch)
  coatingLoss: at(BERGAMA, 'operator-a-01.jpg', 'coating_loss', box(0.35, 0.35, 0.2, 0.2)),
  coatingLossRepaired: at(BERGAMA, 'robot-a-01.jpg', 'repair', box(0.3, 0.3, 0.3, 0.3)),
  // blade B leading edge: insects, a point
  insects: at(BERGAMA, 'drone-b-02.jpg', 'contamination', point(0.7, 0.345)),
  // blade A: a dark reflection recorded as an impact and rejected
  reflection: at(BERGAMA, 'drone-a-01.jpg', 'reflection', box(0.18, 0.5, 0.08, 0.1)),
  // blade A room 1, inside: delamination beside the spar cap, both years
  delaminationLastYear: at(
    BERGAMA,
    'blade-a-room1-prev.jpg',
    'delamination',
    sphere([1.2, -0.1], [1.5, -0.05], [1.45, -0.3], [1.15, -0.28]),
  ),
  delamination: at(BERGAMA, 'blade-a-room1-01.jpg', 'delamination', sphere([1.18, -0.08], [1.55, -0.04], [1.5, -0.33], [1.12, -0.3])),
  // blade B room 2: a bond-line crack, a point
  bondLine: at(BERGAMA, 'blade-b-room2-01.jpg', 'bond_line', sphere([4.4, 0.2])),
  // blade B pressure side: the pair to link (issue 16), a transverse crack last year and, longer, this year
  pairCrackLastYear: at(BERGAMA, 'drone-b-prev.jpg', 'crack', box(0.62, 0.5, 0.04, 0.12)),
  pairCrack: at(BERGAMA, 'drone-b-02.jpg', 'crack', box(0.61, 0.47, 0.06, 0.18)),
  // blade C leading edge: a hole, repaired (the operator's photo of the patch)
  hole: at(BERGAMA, 'drone-c-03.jpg', 'hole', box(0.44, 0.31, 0.05, 0.07)),
  holeRepaired: at(BERGAMA, 'operator-c-03.jpg', 'repair', box(0.4, 0.4, 0.2, 0.2)),
  // Bandırma, blade A: leading-edge erosion; inside room 1 a crack
  bandirmaErosion: at(BANDIRMA, 'drone-a-01.jpg', 'erosion', box(0.45, 0.305, 0.2, 0.06)),
  bandirmaCrack: at(BANDIRMA, 'blade-a-room1-01.jpg', 'crack', sphere([2.0, 0.1], [2.3, 0.12], [2.2, -0.1])),
} satisfies Record<string, DemoDamage>;

/** The damage a demo photo shows (drawn by images.ts). */
export function damageOn(turbine: string, photo: string): DemoDamage[] {
  return Object.values(DEMO_DAMAGE).filter((d) => d.turbine === turbine && d.photo === photo);
}
