/**
 * CPU cost of cutting one 45 MP JPEG into a Deep Zoom pyramid (issue 25 item 3) with a few sharp settings, measured as
 * this process's CPU time (user + system, libvips' threads included), which a shared machine's load barely moves; wall
 * time printed beside it with the load.   npx tsx e2e/bench/tile-cpu.ts
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 8192;
const HEIGHT = 5464;
const load = () =>
  execSync('uptime')
    .toString()
    .trim()
    .replace(/^.*load average:\s*/, '');

const grain = await sharp({
  create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
})
  .raw()
  .toBuffer();
const veil = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#aab4be" opacity="0.5"/></svg>`,
);
const jpeg = await sharp(grain, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
  .composite([{ input: veil }])
  .jpeg({ quality: 88 })
  .toBuffer();
const dir = mkdtempSync(path.join(tmpdir(), 'windscope-tile-cpu-'));
const file = path.join(dir, 'photo.jpg');
writeFileSync(file, jpeg);

type Variant = { name: string; run: (out: string) => Promise<unknown> };
const tile = { size: 510, overlap: 1, layout: 'dz' as const, container: 'fs' as const };
const variants: Variant[] = [
  { name: 'current: jpeg q85 (optimised Huffman)', run: (out) => sharp(file).rotate().jpeg({ quality: 85 }).tile(tile).toFile(out) },
  {
    name: 'jpeg q85, no Huffman optimisation',
    run: (out) => sharp(file).rotate().jpeg({ quality: 85, optimiseCoding: false }).tile(tile).toFile(out),
  },
  { name: 'jpeg q85, no .rotate()', run: (out) => sharp(file).jpeg({ quality: 85 }).tile(tile).toFile(out) },
  { name: 'webp q85 effort 0', run: (out) => sharp(file).rotate().webp({ quality: 85, effort: 0 }).tile(tile).toFile(out) },
];
const rounds = Number(process.env.ROUNDS ?? 2);
for (const concurrency of [0, 1]) {
  sharp.concurrency(concurrency);
  for (const variant of variants) {
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const out = path.join(dir, `out-${r}`);
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await variant.run(path.join(out, 'p.dz'));
      wall.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      const bytes = Number(execSync(`du -sb ${out}`).toString().split('\t')[0]);
      rmSync(out, { recursive: true, force: true });
      if (r === rounds - 1)
        console.log(
          `${variant.name}, sharp.concurrency ${sharp.concurrency()}: CPU ${cpu.map((v) => Math.round(v)).join(' / ')} ms, wall ${wall.map((v) => Math.round(v)).join(' / ')} ms, ${(bytes / 1e6).toFixed(1)} MB   (load ${load()})`,
        );
    }
  }
}
rmSync(dir, { recursive: true, force: true });
