import { encodePcd, type PcdPoint } from '@windscope/contract/pcd';

/** The demo's point cloud (DECISIONS §16): a robot crawler's scan of a 2 m blade section, a symmetric NACA 0018 profile
 *  of 1.2 m chord, gel-coat white with a patch of leading-edge erosion (darker, rougher, lower return) a third of the way
 *  along; x along the span, y along the chord, z through the thickness. Binary PCD with rgb and intensity, made at seed
 *  time (about 0.8 MB). */
export function bladeSectionCloud(points = 40_000): Uint8Array {
  const cloud: PcdPoint[] = [];
  // a fixed pseudo-random sequence: the same cloud on every seed
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const chord = 1.2;
  const span = 2;
  for (let i = 0; i < points; i++) {
    const x = random() * span;
    // points crowd toward the leading edge, as a scanner's do on the curved nose
    const u = random() ** 1.6;
    const thickness = 5 * 0.18 * (0.2969 * Math.sqrt(u) - 0.126 * u - 0.3516 * u ** 2 + 0.2843 * u ** 3 - 0.1015 * u ** 4);
    const upper = random() < 0.5;
    const noise = (random() - 0.5) * 0.002;
    const y = u * chord;
    const z = (upper ? 1 : -1) * thickness * chord + noise;
    // erosion: within 0.12 m of the nose, between 0.55 and 0.85 m along the span
    const eroded = u * chord < 0.12 && x > 0.55 && x < 0.85 && random() < 0.8;
    const shade = 225 + Math.round(random() * 20);
    const rgb = eroded
      ? (Math.round(120 + random() * 40) << 16) | (Math.round(95 + random() * 30) << 8) | Math.round(80 + random() * 20)
      : (shade << 16) | (shade << 8) | (shade - 8);
    cloud.push({ x, y, z: eroded ? z - (upper ? 0.004 : -0.004) : z, rgb, intensity: eroded ? 40 + random() * 40 : 180 + random() * 60 });
  }
  return encodePcd(cloud, 'binary');
}
