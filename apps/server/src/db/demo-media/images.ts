import sharp, { type Exif } from 'sharp';

/** Demo imagery we draw ourselves (SVG rendered by sharp): no third-party photos. */
const label = (text: string, x: number, y: number, size: number, fill = '#ffffff') =>
  `<text x="${x}" y="${y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="700" fill="${fill}" fill-opacity="0.9">${text}</text>`;

/** A 2:1 equirectangular view of a blade's inside: shell walls, the shear web ahead, a lightning cable, zone markings. */
export function panoramaSvg(title: string, hue: number): string {
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
  ${label(title, 80, 140, 64)}${label(title, w / 2 + 80, 140, 64)}
</svg>`;
}

/** A turbine against the sky, as a drone sees it. */
export function droneSvg(title: string, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,55%)"/><stop offset="1" stop-color="hsl(${hue},55%,85%)"/></linearGradient></defs>
  <rect width="1600" height="1000" fill="url(#s)"/>
  <path d="M0 820 Q 400 760 800 810 T 1600 790 V 1000 H 0 Z" fill="#5d7f4a"/>
  <polygon points="790,330 810,330 830,900 770,900" fill="#eef1f4" stroke="#9aa5b1" stroke-width="3"/>
  <circle cx="800" cy="320" r="26" fill="#eef1f4" stroke="#9aa5b1" stroke-width="4"/>
  <path d="M800 320 L 812 40 L 790 40 Z M800 320 L 560 470 L 548 452 Z M800 320 L 1050 460 L 1040 480 Z" fill="#f7f9fb" stroke="#9aa5b1" stroke-width="3"/>
  ${label(title, 50, 90, 48, '#0b2545')}
</svg>`;
}

/** A close look at a blade surface: leading-edge erosion, as a rope-access technician or a robot photographs it. */
export function surfaceSvg(title: string, hue: number, dark: boolean): string {
  const base = dark ? `hsl(${hue},12%,20%)` : `hsl(${hue},10%,86%)`;
  const marks = Array.from({ length: 40 }, (_, i) => {
    const x = 200 + ((i * 173) % 1200);
    const y = 300 + ((i * 97) % 420);
    return `<circle cx="${x}" cy="${y}" r="${3 + (i % 6) * 3}" fill="${dark ? '#d35400' : '#7f8c8d'}" fill-opacity="0.55"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">
  <rect width="1600" height="1067" fill="${base}"/>
  <path d="M0 520 C 400 380, 1200 660, 1600 500 L 1600 560 C 1200 720, 400 440, 0 580 Z" fill="${dark ? '#2c3e50' : '#dfe6e9'}"/>
  ${marks}
  <path d="M620 420 L 700 470 L 760 455 L 840 520" stroke="${dark ? '#e74c3c' : '#2d3436'}" stroke-width="5" fill="none"/>
  ${label(title, 50, 90, 48, dark ? '#ecf0f1' : '#2d3436')}
</svg>`;
}

/** The picture as a JPEG, with EXIF tags when given (a capture time and position, demo-media/capture-exif.ts). */
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
