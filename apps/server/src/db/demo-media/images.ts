import sharp, { type Exif } from 'sharp';
import { type DemoDamage, DRONE_BLADE } from './demo-damage.ts';

/** Demo imagery we draw ourselves (SVG rendered by sharp): no third-party photos. */
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const label = (text: string, x: number, y: number, size: number, fill = '#ffffff') =>
  `<text x="${x}" y="${y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="700" fill="${fill}" fill-opacity="0.9">${text}</text>`;

/** A 2:1 equirectangular view of a blade's inside: shell walls, the shear web ahead, a lightning cable, zone markings;
 *  the damage listed drawn on it. */
export function panoramaSvg(title: string, hue: number, damage: readonly DemoDamage[] = []): string {
  const w = 2048;
  const h = 1024;
  const ribs = Array.from({ length: 16 }, (_, i) => {
    const x = (i * w) / 16;
    return `<line x1="${x}" y1="0" x2="${x}" y2="${h}" stroke="#000" stroke-opacity="0.10" stroke-width="6"/>`;
  }).join('');
  const spots = Array.from({ length: 22 }, (_, i) => {
    const x = (i * 397) % w;
    const y = 380 + ((i * 211) % 300);
    return `<ellipse cx="${x}" cy="${y}" rx="${10 + (i % 5) * 6}" ry="${6 + (i % 3) * 4}" fill="#5b4636" fill-opacity="0.35"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="hsl(${hue},22%,22%)"/><stop offset="0.45" stop-color="hsl(${hue},30%,62%)"/>
    <stop offset="0.55" stop-color="hsl(${hue},28%,58%)"/><stop offset="1" stop-color="hsl(${hue},20%,18%)"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>${ribs}${spots}
  <rect x="${w * 0.45}" y="300" width="${w * 0.1}" height="424" fill="hsl(${hue},15%,35%)" stroke="#222" stroke-width="4"/>
  <path d="M0 ${h * 0.62} C ${w * 0.25} ${h * 0.58}, ${w * 0.5} ${h * 0.66}, ${w} ${h * 0.6}" stroke="#c0392b" stroke-width="8" fill="none"/>
  <line x1="0" y1="${h / 2}" x2="${w}" y2="${h / 2}" stroke="#fff" stroke-opacity="0.25" stroke-width="2" stroke-dasharray="18 14"/>
  ${damage.map((d) => damageSvg(d, w, h)).join('')}
  ${label(escapeXml(title), 80, 140, 64)}${label(escapeXml(title), w / 2 + 80, 140, 64)}
</svg>`;
}

/** A drone's look at a blade against the sky: the blade crosses the picture root (left) to tip, its leading edge
 *  (with its protection tape) on top, the trailing edge below (DRONE_BLADE); the damage listed drawn on it. */
export function droneSvg(title: string, hue: number, damage: readonly DemoDamage[] = []): string {
  const w = 1600;
  const h = 1000;
  // a sky is blue whatever the turbine's hue
  const sky = 195 + (((hue % 30) + 30) % 30);
  const le = (x: number) => DRONE_BLADE.leadingEdge(x) * h;
  const te = (x: number) => DRONE_BLADE.trailingEdge(x) * h;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${sky},65%,52%)"/><stop offset="1" stop-color="hsl(${sky},55%,82%)"/></linearGradient>
    <linearGradient id="b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f9fa"/><stop offset="0.45" stop-color="#e6eaed"/><stop offset="1" stop-color="#c5ccd2"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#s)"/>
  <ellipse cx="1250" cy="120" rx="220" ry="38" fill="#ffffff" fill-opacity="0.35"/><ellipse cx="380" cy="900" rx="260" ry="40" fill="#ffffff" fill-opacity="0.3"/>
  <path d="M0 ${le(0)} L ${w} ${le(1)} L ${w} ${te(1)} L 0 ${te(0)} Z" fill="url(#b)" stroke="#8f9aa5" stroke-width="3"/>
  <path d="M0 ${le(0) + 18} L ${w} ${le(1) + 18}" stroke="#d5dade" stroke-width="2"/>
  <path d="M0 ${te(0) - 10} L ${w} ${te(1) - 10}" stroke="#b3bcc4" stroke-width="2" stroke-opacity="0.8"/>
  <text x="60" y="${(le(0) + te(0)) / 2 + 30}" font-family="DejaVu Sans, Arial, sans-serif" font-size="90" font-weight="700" fill="#aab3bc">${title.split(' · ').find((part) => /^[ABC]$/.test(part)) ?? ''}</text>
  ${damage.map((d) => damageSvg(d, w, h)).join('')}
  ${label(escapeXml(title), 50, 90, 48, '#0b2545')}
</svg>`;
}

/** A close look at a blade surface, as a rope-access technician or a robot (its own lamp: darker corners)
 *  photographs it; the damage listed drawn on it. */
export function surfaceSvg(title: string, hue: number, dark: boolean, damage: readonly DemoDamage[] = []): string {
  const w = 1600;
  const h = 1067;
  const fibres = Array.from({ length: 24 }, (_, i) => {
    const y = 40 + i * 44;
    return `<path d="M0 ${y} C 500 ${y - 30}, 1100 ${y + 30}, ${w} ${y}" stroke="#000" stroke-opacity="0.035" stroke-width="10" fill="none"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><radialGradient id="lamp" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${dark ? 0.55 : 0.12}"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="hsl(${hue},8%,${dark ? 74 : 86}%)"/>${fibres}
  <path d="M0 860 C 400 800, 1200 900, 1600 840 L 1600 1067 L 0 1067 Z" fill="hsl(${hue},8%,${dark ? 66 : 78}%)"/>
  ${damage.map((d) => damageSvg(d, w, h)).join('')}
  <rect width="${w}" height="${h}" fill="url(#lamp)"/>
  ${label(escapeXml(title), 50, 90, 48, '#2d3436')}
</svg>`;
}

/** A repeatable sequence of numbers in 0..1 from a text (the same picture every time). */
function randomFrom(seed: string): () => number {
  let a = 2166136261;
  for (const ch of seed) a = Math.imul(a ^ (ch.codePointAt(0) ?? 0), 16777619);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAU = 2 * Math.PI;
const f1 = (v: number) => v.toFixed(1);

/** A ragged closed outline around an ellipse. */
function blob(cx: number, cy: number, rx: number, ry: number, random: () => number, jitter = 0.25, n = 22): string {
  const points = Array.from({ length: n }, (_, i) => {
    const a = (i / n) * TAU;
    const k = 1 - jitter + random() * jitter;
    return `${f1(cx + Math.cos(a) * rx * k)},${f1(cy + Math.sin(a) * ry * k)}`;
  });
  return `M${points.join(' L')} Z`;
}

/** A jagged line from one end of a box to the other along its longer side. */
function crackLine(x0: number, y0: number, x1: number, y1: number, random: () => number, steps = 14): string {
  const along = x1 - x0 >= y1 - y0;
  const length = along ? x1 - x0 : y1 - y0;
  const across = along ? y1 - y0 : x1 - x0;
  const points: string[] = [];
  let offset = 0;
  for (let i = 0; i <= steps; i++) {
    offset = Math.max(-0.3, Math.min(0.3, offset + (random() - 0.5) * 0.35));
    const s = 0.03 * length + (i / steps) * 0.94 * length;
    const c = (0.5 + offset) * across;
    points.push(along ? `${f1(x0 + s)},${f1(y0 + c)}` : `${f1(x0 + c)},${f1(y0 + s)}`);
  }
  return `M${points.join(' L')}`;
}

/** One damage in the picture's pixels: flat points are 0..1 of the picture, a panorama's [yaw, pitch] radians of the
 *  equirectangular image (findings/evidence-crop.ts reads them the same way). */
function damageSvg(d: DemoDamage, w: number, h: number): string {
  const pixels = d.geometry.points.map(([a = 0, b = 0]) =>
    d.geometry.space === 'flat' ? [a * w, b * h] : [((((a % TAU) + TAU) % TAU) / TAU) * w, ((Math.PI / 2 - b) / Math.PI) * h],
  );
  const xs = pixels.map((p) => p[0] ?? 0);
  const ys = pixels.map((p) => p[1] ?? 0);
  let [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (pixels.length === 1) {
    // a point: the damage around it, a little smaller than the evidence crop's window
    const half = (d.geometry.space === 'flat' ? 0.03 * Math.min(w, h) : w / 90) * (d.kind === 'bond_line' ? 2 : 1);
    [x0, x1, y0, y1] = [x0 - half, x1 + half, y0 - half / (d.kind === 'bond_line' ? 4 : 1), y1 + half / (d.kind === 'bond_line' ? 4 : 1)];
  }
  const bw = x1 - x0;
  const bh = y1 - y0;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const random = randomFrom(`${d.turbine}/${d.photo}/${d.kind}/${f1(x0)},${f1(y0)}`);
  const id = `d${Math.floor(random() * 1e9)}`;
  const unit = Math.min(w, h) / 1000;
  const dots = (count: number, fill: string, rMin: number, rMax: number, inside: (r: () => number) => [number, number]) =>
    Array.from({ length: count }, () => {
      const [x, y] = inside(random);
      return `<ellipse cx="${f1(x)}" cy="${f1(y)}" rx="${f1(rMin + random() * (rMax - rMin))}" ry="${f1(rMin + random() * (rMax - rMin) * 0.7)}" fill="${fill}"/>`;
    }).join('');
  const inBox = (r: () => number): [number, number] => [x0 + r() * bw, y0 + r() * bh];
  const inBlob = (r: () => number): [number, number] => {
    const a = r() * TAU;
    const k = Math.sqrt(r()) * 0.85;
    return [cx + Math.cos(a) * (bw / 2) * k, cy + Math.sin(a) * (bh / 2) * k];
  };
  switch (d.kind) {
    case 'erosion': {
      // the coating worn through along the edge: exposed laminate, pitted, densest at the edge (top of the box)
      const pits = Math.round(Math.max(30, Math.min(220, (bw * bh) / 90)));
      return `<path d="${blob(cx, cy, bw / 2, bh / 2, random, 0.3)}" fill="#b7a88c" fill-opacity="0.9"/>
        ${dots(pits, '#5e5142', 1.5 * unit, 5 * unit, (r) => [x0 + r() * bw, y0 + r() ** 1.8 * bh])}
        ${dots(Math.round(pits / 3), '#ece8df', 1.5 * unit, 4 * unit, inBox)}`;
    }
    case 'crack': {
      const line = crackLine(x0, y0, x1, y1, random);
      const branchAt = 0.3 + random() * 0.4;
      const bx = x0 + bw * branchAt;
      const by = y0 + bh * branchAt;
      const branch =
        bw >= bh
          ? `M${f1(bx)},${f1(cy)} L${f1(bx + bw * 0.06)},${f1(cy + bh * 0.3)} L${f1(bx + bw * 0.1)},${f1(cy + bh * 0.38)}`
          : `M${f1(cx)},${f1(by)} L${f1(cx + bw * 0.3)},${f1(by + bh * 0.05)} L${f1(cx + bw * 0.38)},${f1(by + bh * 0.1)}`;
      return `<path d="${line}" stroke="#59616a" stroke-opacity="0.45" stroke-width="${f1(9 * unit)}" fill="none" stroke-linejoin="round" stroke-linecap="round"/>
        <path d="${line} ${branch}" stroke="#1c1d1f" stroke-width="${f1(3 * unit)}" fill="none" stroke-linejoin="round" stroke-linecap="round"/>`;
    }
    case 'lightning': {
      // a burn with soot streaks and the receptor's molten hole, fading out into the scorched coat
      const streaks = Array.from({ length: 16 }, (_, i) => {
        const a = (i / 16) * TAU + random() * 0.3;
        const k = 0.35 + random() * 0.55;
        return `<path d="M${f1(cx)},${f1(cy)} L${f1(cx + Math.cos(a) * (bw / 2) * k)},${f1(cy + Math.sin(a) * (bh / 2) * k)}" stroke="#2b221b" stroke-opacity="0.7" stroke-width="${f1((2 + random() * 4) * unit)}"/>`;
      }).join('');
      return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="#120e0b"/><stop offset="0.5" stop-color="#3d3126"/><stop offset="0.8" stop-color="#7a6a58" stop-opacity="0.6"/><stop offset="1" stop-color="#8a7c6a" stop-opacity="0"/></radialGradient></defs>
        <path d="${blob(cx, cy, bw * 0.5, bh * 0.5, random, 0.3)}" fill="url(#${id})"/>${streaks}
        <path d="${blob(cx, cy, bw * 0.07, bh * 0.07, random, 0.3, 12)}" fill="#050505"/>`;
    }
    case 'coating_loss':
      return `<path d="${blob(cx, cy, bw / 2, bh / 2, random, 0.35)}" fill="#bfb49a" stroke="#7c735f" stroke-width="${f1(3 * unit)}"/>
        ${dots(14, '#8f8570', 3 * unit, 10 * unit, inBlob)}`;
    case 'contamination':
      return dots(60, '#3b352c', 1 * unit, 2.6 * unit, inBlob) + dots(10, '#6d6456', 2 * unit, 4 * unit, inBlob);
    case 'reflection':
      // what the reviewer rejected: the drone's own dark reflection in the glossy coat, soft-edged, with a glint
      return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="#4a535c" stop-opacity="0.85"/><stop offset="0.7" stop-color="#6b747c" stop-opacity="0.45"/><stop offset="1" stop-color="#6b747c" stop-opacity="0"/></radialGradient></defs>
        <ellipse cx="${f1(cx)}" cy="${f1(cy)}" rx="${f1(bw / 2)}" ry="${f1(bh / 2)}" fill="url(#${id})"/>
        <ellipse cx="${f1(cx - bw * 0.12)}" cy="${f1(cy - bh * 0.14)}" rx="${f1(bw * 0.12)}" ry="${f1(bh * 0.06)}" fill="#ffffff" fill-opacity="0.9"/>`;
    case 'hole':
      return `<path d="${blob(cx, cy, bw * 0.48, bh * 0.48, random, 0.3)}" fill="#b9ab8d"/>
        ${Array.from({ length: 12 }, (_, i) => {
          const a = (i / 12) * TAU;
          return `<path d="M${f1(cx + Math.cos(a) * bw * 0.25)},${f1(cy + Math.sin(a) * bh * 0.25)} L${f1(cx + Math.cos(a) * bw * 0.45)},${f1(cy + Math.sin(a) * bh * 0.45)}" stroke="#e3dccb" stroke-width="${f1(2 * unit)}"/>`;
        }).join('')}
        <path d="${blob(cx, cy, bw * 0.3, bh * 0.3, random, 0.3)}" fill="#141210"/>`;
    case 'repair': {
      // a finished repair: sanded filler feathered out, a fresh top coat over it, the masking line
      const swirls = Array.from({ length: 10 }, () => {
        const x = x0 + bw * (0.15 + random() * 0.7);
        const y = y0 + bh * (0.15 + random() * 0.7);
        const r = Math.min(bw, bh) * (0.05 + random() * 0.08);
        return `<path d="M${f1(x - r)},${f1(y)} A ${f1(r)} ${f1(r)} 0 1 1 ${f1(x + r)},${f1(y)}" stroke="#9c9482" stroke-opacity="0.6" stroke-width="${f1(2 * unit)}" fill="none"/>`;
      }).join('');
      return `<rect x="${f1(x0 + bw * 0.04)}" y="${f1(y0 + bh * 0.04)}" width="${f1(bw * 0.92)}" height="${f1(bh * 0.92)}" rx="${f1(bw * 0.12)}" fill="#c9c2b1"/>
        <rect x="${f1(x0 + bw * 0.2)}" y="${f1(y0 + bh * 0.2)}" width="${f1(bw * 0.6)}" height="${f1(bh * 0.6)}" rx="${f1(bw * 0.06)}" fill="#fbfbf8" stroke="#7d848b" stroke-width="${f1(3 * unit)}" stroke-dasharray="${f1(14 * unit)} ${f1(8 * unit)}"/>
        ${swirls}`;
    }
    case 'delamination': {
      // the laminate lifted: a paler, blistered area whose rim has opened
      return `<path d="${blob(cx, cy, bw * 0.5, bh * 0.5, random, 0.2, 28)}" fill="#d3c4a2" fill-opacity="0.6" stroke="#2e2520" stroke-width="4" stroke-dasharray="22 6 9 5" stroke-linejoin="round"/>
        ${dots(18, '#efe8d8', 4, 12, inBlob)}
        ${Array.from({ length: 4 }, (_, i) => `<path d="${crackLine(x0 + bw * 0.15, y0 + (bh * (i + 1.5)) / 7, x1 - bw * 0.15, y0 + (bh * (i + 2)) / 7, random, 7)}" stroke="#f6f2ea" stroke-opacity="0.8" stroke-width="2.5" fill="none"/>`).join('')}`;
    }
    case 'bond_line':
      return `${dots(10, '#c9b48a', 4, 10, inBox)}<path d="${crackLine(x0, y0, x1, y1, random)}" stroke="#141110" stroke-width="6" fill="none" stroke-linejoin="round"/>`;
  }
}

/** The picture as a JPEG, with EXIF tags when given (a capture time and position, demo-media/capture-exif.ts). */
/** A full-frame drone camera's picture (45 MP, 8192x5464) of a demo scene (DECISIONS §16: deep zoom): the SVG drawn
 *  at that size (the scene's fractions, and so the damage's places, unchanged), with a fine sensor grain so that
 *  zooming in to 1:1 shows pixels rather than flat colour. */
export const FULL_SIZE = { width: 8192, height: 5464 } as const;
export async function renderFullSizeJpeg(svg: string, exif?: Exif): Promise<Buffer> {
  const drawn = await sharp(Buffer.from(svg), { density: 72 * (FULL_SIZE.width / 1600) })
    .resize(FULL_SIZE.width, FULL_SIZE.height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grain = await sharp({
    create: { width: 512, height: 512, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 10 } },
  })
    .png()
    .toBuffer();
  const image = sharp(drawn.data, { raw: drawn.info })
    .composite([{ input: grain, tile: true, blend: 'overlay' }])
    .jpeg({ quality: 88, mozjpeg: false });
  return (exif ? image.withExif(exif) : image).toBuffer();
}

export function renderJpeg(svg: string, exif?: Exif): Promise<Buffer> {
  const image = sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: false });
  return (exif ? image.withExif(exif) : image).toBuffer();
}

/** A one-page PDF report with a title line (valid structure, computed cross-reference table). */
export function reportPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, ' ');
  const stream = `BT /F1 20 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
