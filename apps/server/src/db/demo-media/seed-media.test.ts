import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CampaignBoard, distanceInMetres, type FindingDetail, type Photo, parseCoordinates } from '@windscope/contract';
import { createTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { seedDemoMedia } from './seed-media.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo photos', () => {
  it('uploads 2:1 panoramas, category photos and a report through the real pipeline, once', async () => {
    expect(await seedDemoMedia(t.app)).toBe(33);
    expect(await seedDemoMedia(t.app)).toBe(0);
    const token = await t.login(DEMO.egeCustomer);
    const turbines = (await t.call(token, { method: 'GET', url: '/api/turbines' })).json().data as {
      id: number;
      code: string;
      photo_count: number;
    }[];
    const bergama = turbines.find((x) => x.code === 'EGE-BRG-01');
    // 20 photos and the robot's .pcd scan this year, 3 photos of last year's inspection (demo findings were first seen on them)
    expect(bergama?.photo_count).toBe(24);
    // Çeşme: one photo of each method for the demo campaign; the others stay empty
    expect(turbines.find((x) => x.code === 'EGE-CSM-04')?.photo_count).toBe(4);
    expect(turbines.filter((x) => !['EGE-BRG-01', 'EGE-CSM-04'].includes(x.code)).every((x) => x.photo_count === 0)).toBe(true);
    const list = (await t.call(token, { method: 'GET', url: `/api/turbines/${bergama?.id}/photos?view=all` })).json().data as {
      id: number;
      blade: string;
      room: number | null;
      year: number;
      category: string | null;
      width: number;
      height: number;
    }[];
    const panoramas = list.filter((p) => p.category === null);
    expect(panoramas).toHaveLength(13);
    expect(panoramas.every((p) => p.width === 2 * p.height)).toBe(true);
    const reports = (await t.call(token, { method: 'GET', url: `/api/turbines/${bergama?.id}/reports` })).json().data as {
      generated: boolean;
    }[];
    // the uploaded report and the one generated from the findings (issue 17)
    expect(reports).toHaveLength(2);
    expect(reports.filter((r) => r.generated)).toHaveLength(1);
    // the year compare (issue 16) has a 360° zone in two years with findings on both years' photos: blade A room 1
    const room = list.filter((p) => p.category === null && p.blade === 'A' && p.room === 1);
    const years = [...new Set(room.map((p) => p.year))];
    expect(years).toHaveLength(2);
    const withFindings = new Set<number>();
    for (const p of room) {
      const marks = (await t.call(token, { method: 'GET', url: `/api/turbines/${bergama?.id}/photos/${p.id}/findings` })).json().data;
      if ((marks as unknown[]).length > 0) withFindings.add(p.year);
    }
    expect([...withFindings].sort()).toEqual([...years].sort());
    // the robot's scan of a blade section: a .pcd with a thumbnail drawn from above (DECISIONS §16)
    const scan = (list as unknown as Photo[]).find((p) => p.originalName === 'robot-a-section-scan.pcd');
    expect(scan?.mime_type).toBe('application/x-pcd');
    const thumbnail = await t.app.inject({ method: 'GET', url: scan?.urls.thumbnail ?? '' });
    expect(thumbnail.statusCode).toBe(200);
    const { data } = await sharp(thumbnail.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // mostly the white gel coat, some of it the brown erosion
    let white = 0;
    for (let i = 0; i < data.length; i += 3) if ((data[i] as number) > 200 && (data[i + 2] as number) > 190) white++;
    expect(white).toBeGreaterThan(data.length / 3 / 10);
  }, 120_000);

  it("gives this year's demo photos a capture time in their EXIF, and drone and operator photos a position near the turbine", async () => {
    const token = await t.login(DEMO.egeCustomer);
    const turbines = (await t.call(token, { method: 'GET', url: '/api/turbines' })).json().data as {
      id: number;
      code: string;
      coordinates: string | null;
    }[];
    const bergama = turbines.find((x) => x.code === 'EGE-BRG-01');
    const site = parseCoordinates(bergama?.coordinates);
    expect(site).not.toBeNull();
    const list = (
      await t.call(token, { method: 'GET', url: `/api/turbines/${bergama?.id}/photos?year=${t.app.ctx.now().getFullYear()}` })
    ).json().data as Photo[];
    const ofKind = (kind: string | null) => list.filter((p) => p.category === kind);
    const now = t.app.ctx.now().getTime();
    for (const photo of [...ofKind(null), ...ofKind('drone'), ...ofKind('operator')]) {
      const taken = Date.parse(photo.taken_at ?? '');
      expect(now - taken).toBeGreaterThan(2 * 86_400_000);
      expect(now - taken).toBeLessThan(5 * 86_400_000);
    }
    expect(ofKind(null).every((p) => p.gps === null)).toBe(true);
    expect(ofKind('robot').every((p) => p.taken_at === null && p.gps === null)).toBe(true);
    const metres = (photo: Photo) => (photo.gps && site ? Math.round(distanceInMetres(photo.gps, site)) : null);
    // the spots of demoCaptures: 120 m, 263 m and 1,348 m for the drone, 15-23 m for the operator (EXIF keeps 1/100 s of arc)
    expect(
      ofKind('drone')
        .map(metres)
        .sort((a, b) => (a ?? 0) - (b ?? 0)),
    ).toEqual([expect.closeTo(120, -1), expect.closeTo(263, -1), expect.closeTo(1348, -1)]);
    expect(ofKind('operator').every((p) => (metres(p) ?? 99) < 30)).toBe(true);
  });

  it('records demo findings over two years: every severity and status, drafts, a verified repair, interior ones', async () => {
    const admin = await t.login(DEMO.egeAdmin);
    const turbines = (await t.call(admin, { method: 'GET', url: '/api/turbines' })).json().data as {
      id: number;
      code: string;
      health: { worst_open_severity: number | null; open: number; overdue: number; open_by_severity: number[] };
    }[];
    const bergama = turbines.find((x) => x.code === 'EGE-BRG-01');
    expect(bergama?.health).toMatchObject({ worst_open_severity: 5, open: 5, overdue: 1 });
    const all = (await t.call(admin, { method: 'GET', url: `/api/turbines/${bergama?.id}/findings` })).json().data as {
      id: number;
      severity: number;
      status: string;
      surface: string;
      first_seen_year: number;
      last_seen_year: number;
    }[];
    expect(new Set(all.map((f) => f.severity))).toEqual(new Set([1, 2, 3, 4, 5]));
    // the health's per-severity figures are the open findings of the list, counted
    const open = all.filter((f) => ['confirmed', 'monitoring', 'repair_planned'].includes(f.status));
    expect(bergama?.health.open_by_severity).toEqual([1, 2, 3, 4, 5].map((s) => open.filter((f) => f.severity === s).length));
    expect(new Set(all.map((f) => f.status))).toEqual(
      new Set(['draft', 'confirmed', 'rejected', 'monitoring', 'repair_planned', 'repaired', 'verified']),
    );
    expect(all.some((f) => f.first_seen_year < f.last_seen_year && f.surface === 'interior')).toBe(true);
    const verified = all.find((f) => f.status === 'verified');
    const detail = (await t.call(admin, { method: 'GET', url: `/api/turbines/${bergama?.id}/findings/${verified?.id}` })).json().data;
    expect(detail.observations.map((o: { kind: string }) => o.kind)).toContain('repair');
    expect(detail.observations.every((o: { crop_url: string | null }) => o.crop_url !== null)).toBe(true);
    const customer = await t.login(DEMO.egeCustomer);
    const seen = (await t.call(customer, { method: 'GET', url: `/api/turbines/${bergama?.id}/findings` })).json().data as {
      status: string;
    }[];
    expect(seen.some((f) => f.status === 'draft' || f.status === 'rejected')).toBe(false);
    expect(seen.length).toBe(all.length - 4);
    // a pair to link (issue 16): this year's draft is offered last year's crack at the same place
    const draft = all.find((f) => f.status === 'draft' && f.surface === 'PS');
    const offered = (
      await t.call(admin, { method: 'GET', url: `/api/turbines/${bergama?.id}/findings/${draft?.id}/link-suggestions` })
    ).json().data as { finding: { first_seen_year: number; surface: string } }[];
    expect(offered.map((s) => [s.finding.surface, s.finding.first_seen_year])).toEqual([['PS', (draft?.first_seen_year ?? 0) - 1]]);
  });

  it("plans an inspection campaign of Ege's turbines in several states, with waivers and who made them", async () => {
    const token = await t.login(DEMO.egeViewer);
    const [campaign] = (await t.call(token, { method: 'GET', url: '/api/campaigns' })).json().data as { id: number }[];
    const board = (await t.call(token, { method: 'GET', url: `/api/campaigns/${campaign?.id}` })).json().data as CampaignBoard;
    const stateOf = (code: string) => board.rows.find((r) => r.code === code)?.state;
    expect(board.rows).toHaveLength(6);
    expect(stateOf('EGE-BRG-01')).toBe('coverage_complete');
    expect(stateOf('EGE-CSM-04')).toBe('captured');
    expect(stateOf('EGE-SOM-12')).toBe('planned');
    expect(board.waivers).toHaveLength(4);
    expect(board.waivers.every((w) => w.created_by_name === 'Zeynep Kaya' && w.reason.length > 0)).toBe(true);
  });

  it('draws each demo finding on the blade where it is marked, in every year it was seen (issue 24 item 5)', async () => {
    // the findings on flat photos sat beside the blade: their evidence crops, timeline and report showed plain sky
    const checked: string[] = [];
    const failures: string[] = [];
    for (const who of [DEMO.egeAdmin, DEMO.marmaraAdmin]) {
      const token = await t.login(who);
      const turbines = (await t.call(token, { method: 'GET', url: '/api/turbines' })).json().data as { id: number; code: string }[];
      for (const turbine of turbines) {
        const findings = (await t.call(token, { method: 'GET', url: `/api/turbines/${turbine.id}/findings` })).json().data as {
          id: number;
        }[];
        if (findings.length === 0) continue;
        const photos = (await t.call(token, { method: 'GET', url: `/api/turbines/${turbine.id}/photos?view=all` })).json().data as {
          id: number;
          originalName: string;
          urls: { original: string };
        }[];
        for (const { id } of findings) {
          const detail = (await t.call(token, { method: 'GET', url: `/api/turbines/${turbine.id}/findings/${id}` })).json()
            .data as FindingDetail;
          for (const o of detail.observations) {
            if (o.geometry.space !== 'flat') continue;
            const photo = photos.find((p) => p.id === o.photo_id);
            const file = await t.app.inject({ method: 'GET', url: photo?.urls.original ?? '' });
            expect(file.statusCode).toBe(200);
            const where = `${turbine.code} #${id} ${detail.type} on ${photo?.originalName}`;
            // DEMO_SAMPLE_DIR: the evidence crops as stored, for a person to look at
            if (process.env.DEMO_SAMPLE_DIR && o.crop_url) {
              const crop = await t.app.inject({ method: 'GET', url: o.crop_url });
              writeFileSync(path.join(process.env.DEMO_SAMPLE_DIR, `${where.replace(/[^\w.-]+/g, '_')}-${o.id}.webp`), crop.rawPayload);
            }
            const region = await regionStats(file.rawPayload, o.geometry.points);
            checked.push(where);
            // hardly any sky in the marked region: the blade is there (paint and damage are greys and browns)
            if (region.sky >= 0.1) failures.push(`${where}: ${Math.round(region.sky * 100)} % sky`);
            if (region.blade <= 0.6) failures.push(`${where}: ${Math.round(region.blade * 100)} % blade`);
            // and something is drawn on it: not a plain painted surface
            if (region.lumaDeviation <= 12) failures.push(`${where}: luminance deviation ${region.lumaDeviation.toFixed(1)}`);
          }
        }
      }
    }
    // every kind of flat demo sighting was looked at: both years of the linked crack, the repairs' evidence, Marmara's
    expect(checked.length).toBeGreaterThanOrEqual(14);
    expect(failures).toEqual([]);
    if (process.env.DEMO_SAMPLE_DIR) {
      // and Bergama's generated report, whose evidence shows these crops
      const token = await t.login(DEMO.egeAdmin);
      const turbines = (await t.call(token, { method: 'GET', url: '/api/turbines' })).json().data as { id: number; code: string }[];
      const bergama = turbines.find((x) => x.code === 'EGE-BRG-01');
      const reports = (await t.call(token, { method: 'GET', url: `/api/turbines/${bergama?.id}/reports` })).json().data as {
        generated: boolean;
        report_url: string;
      }[];
      const generated = reports.find((r) => r.generated);
      const file = await t.app.inject({ method: 'GET', url: generated?.report_url ?? '' });
      writeFileSync(path.join(process.env.DEMO_SAMPLE_DIR, 'demo-bergama-report.pdf'), file.rawPayload);
    }
  });
});

/** The marked region of a flat photo (a point: the evidence crop's window, 8 % of the shorter side): the share of
 *  sky-coloured pixels (saturated, neither dark nor near white: the demo skies are 52-82 % light), of low-saturation ones (blade paint, laminate, burns) and the
 *  luminance's standard deviation. */
async function regionStats(bytes: Buffer, points: number[][]) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const xs = points.map((p) => (p[0] ?? 0) * info.width);
  const ys = points.map((p) => (p[1] ?? 0) * info.height);
  const half = points.length === 1 ? (0.08 * Math.min(info.width, info.height)) / 2 : 0;
  const left = Math.max(0, Math.floor(Math.min(...xs) - half));
  const right = Math.min(info.width, Math.ceil(Math.max(...xs) + half));
  const top = Math.max(0, Math.floor(Math.min(...ys) - half));
  const bottom = Math.min(info.height, Math.ceil(Math.max(...ys) + half));
  let n = 0;
  let sky = 0;
  let blade = 0;
  let sum = 0;
  let squares = 0;
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++) {
      const i = (y * info.width + x) * info.channels;
      const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0].map((v) => v / 255) as [number, number, number];
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      const lightness = (max + min) / 2;
      const saturation = max === min ? 0 : (max - min) / (1 - Math.abs(2 * lightness - 1));
      if (saturation >= 0.4 && lightness > 0.3 && lightness < 0.9) sky++;
      if (saturation < 0.3) blade++;
      const luma = 255 * (0.2126 * r + 0.7152 * g + 0.0722 * b);
      sum += luma;
      squares += luma * luma;
      n++;
    }
  const mean = sum / n;
  return { sky: sky / n, blade: blade / n, lumaDeviation: Math.sqrt(Math.max(0, squares / n - mean * mean)) };
}
