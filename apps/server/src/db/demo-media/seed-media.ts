import { bladeSectionCloud } from './blade-cloud.ts';
import { and, count, eq } from 'drizzle-orm';
import { type GeoPoint, parseCoordinates, type Role } from '@windscope/contract';
import type { FastifyInstance } from 'fastify';
import { createSession } from '../../auth/session-service.ts';
import { photos, turbines, users } from '../schema.ts';
import { multipartBody } from '../../uploads/multipart-body.ts';
import { seedDemoCampaign } from './seed-campaign.ts';
import { seedDemoFindings } from './seed-findings.ts';
import { startTurbineReport } from '../../reports/generate/jobs.ts';
import { captureExif, pointFrom } from './capture-exif.ts';
import { damageOn } from './demo-damage.ts';
import { droneSvg, panoramaSvg, renderFullSizeJpeg, renderJpeg, reportPdf, surfaceSvg } from './images.ts';

interface Upload {
  fields: Record<string, string | number>;
  files: { name: string; bytes: Buffer }[];
}

/** Which demo turbines get pictures (by code); the others stay empty to show the empty states. */
const GALLERY: {
  code: string;
  bladeRooms: number[];
  panoramasPerRoom: number;
  drone: number;
  operator: number;
  robot: number;
  hue: number;
  /** its drone photos at 45 MP when the config asks for it (DEMO_FULL_SIZE: deep zoom, DECISIONS §16) */
  fullSizeDrone?: boolean;
}[] = [
  { code: 'EGE-BRG-01', bladeRooms: [1, 2], panoramasPerRoom: 2, drone: 3, operator: 3, robot: 2, hue: 32, fullSizeDrone: true },
  { code: 'MRM-BND-05', bladeRooms: [1], panoramasPerRoom: 2, drone: 2, operator: 1, robot: 0, hue: 205 },
];

/** Where the demo's drone and operator photos were taken, in metres north and east of the turbine: the drone circles it
 *  (the last one from the site road, over a kilometre away), the rope-access technician stands at the tower. */
const DRONE_SPOTS: [number, number][] = [
  [85, 85],
  [-260, 40],
  [150, -1340],
];
const OPERATOR_SPOTS: [number, number][] = [
  [12, -9],
  [-18, 6],
  [4, 22],
];

/** Capture times and places as cameras write them (issue 24 item 22), so the viewers' headers have something to say:
 *  the inspection a few days before the seed, 360° photos (inside the blade: no GPS) in the morning, drone and operator
 *  photos after, each a few minutes apart; robot photos carry no EXIF at all, as many crawler cameras do. */
function demoCaptures(now: Date, site: GeoPoint | null) {
  const morning = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 3, 8, 40);
  let minutes = 0;
  const next = () => {
    minutes += 3;
    return new Date(morning + minutes * 60_000);
  };
  const at = (spots: [number, number][], n: number) => {
    const [north, east] = spots[(n - 1) % spots.length] ?? [0, 0];
    return site ? pointFrom(site, north, east) : undefined;
  };
  return {
    panorama: () => captureExif({ takenAt: next() }),
    drone: (n: number) => captureExif({ takenAt: next(), position: at(DRONE_SPOTS, n) }),
    operator: (n: number) => captureExif({ takenAt: next(), position: at(OPERATOR_SPOTS, n) }),
    robot: () => undefined,
  };
}

async function uploadsFor(
  turbine: (typeof GALLERY)[number],
  year: number,
  captures: ReturnType<typeof demoCaptures>,
  fullSize: boolean,
): Promise<{ photos: Upload[]; report: Upload }> {
  const list: Upload[] = [];
  for (const blade of ['A', 'B', 'C'] as const) {
    for (const room of turbine.bladeRooms) {
      const files = [];
      for (let n = 1; n <= turbine.panoramasPerRoom; n++) {
        const name = `blade-${blade.toLowerCase()}-room${room}-${String(n).padStart(2, '0')}.jpg`;
        const svg = panoramaSvg(`${turbine.code} · ${blade} · ${room} · ${n}`, turbine.hue + n * 8, damageOn(turbine.code, name));
        files.push({ name, bytes: await renderJpeg(svg, captures.panorama()) });
      }
      list.push({ fields: { room, year, blade }, files });
    }
  }
  const category = async (kind: 'drone' | 'operator' | 'robot', countOf: number) => {
    for (let n = 1; n <= countOf; n++) {
      const blade = (['A', 'B', 'C'] as const)[(n - 1) % 3] ?? 'A';
      const title = `${turbine.code} · ${kind} · ${blade}`;
      const name = `${kind}-${blade.toLowerCase()}-${String(n).padStart(2, '0')}.jpg`;
      // the demo findings' damage, drawn where they are marked (demo-damage.ts)
      const damage = damageOn(turbine.code, name);
      const svg = kind === 'drone' ? droneSvg(title, turbine.hue + 170, damage) : surfaceSvg(title, turbine.hue, kind === 'robot', damage);
      const render = kind === 'drone' && fullSize && turbine.fullSizeDrone ? renderFullSizeJpeg : renderJpeg;
      list.push({ fields: { year, blade, category: kind }, files: [{ name, bytes: await render(svg, captures[kind](n)) }] });
    }
  };
  await category('drone', turbine.drone);
  await category('operator', turbine.operator);
  await category('robot', turbine.robot);
  // the robot's scan of a blade section, a .pcd point cloud (DECISIONS §16), beside its photos
  if (turbine.robot > 0) {
    list.push({
      fields: { year, blade: 'A', category: 'robot' },
      files: [{ name: 'robot-a-section-scan.pcd', bytes: Buffer.from(bladeSectionCloud()) }],
    });
  }
  const report = {
    fields: { year },
    files: [
      { name: `inspection-report-${turbine.code}-${year}.pdf`, bytes: reportPdf(`Windscope inspection report ${turbine.code} ${year}`) },
    ],
  };
  return { photos: list, report };
}

/** Uploads demo photos (360° panoramas, drone, operator, robot) and a report through the real upload routes,
 *  once, on a database that has none. Returns how many photos were stored. */
export async function seedDemoMedia(app: FastifyInstance): Promise<number> {
  const { db } = app.ctx;
  const [existing] = await db.select({ n: count() }).from(photos);
  if (existing && existing.n > 0) return 0;
  const [uploader] = await db
    .select()
    .from(users)
    .where(and(eq(users.role, 'superadmin'), eq(users.isProtected, true)))
    .limit(1);
  if (!uploader) return 0;
  const session = await createSession(app.ctx, uploader, { userAgent: 'demo-seed' });
  const year = app.ctx.now().getFullYear();
  let stored = 0;
  for (const turbine of GALLERY) {
    const [row] = await db
      .select({ id: turbines.id, coordinates: turbines.coordinates })
      .from(turbines)
      .where(eq(turbines.code, turbine.code))
      .limit(1);
    if (!row) continue;
    const captures = demoCaptures(app.ctx.now(), parseCoordinates(row.coordinates));
    const { photos: uploads, report } = await uploadsFor(turbine, year, captures, app.ctx.config.demoFullSize);
    const send = async (path: string, upload: Upload, field: string, contentType: string) => {
      const body = multipartBody(
        upload.fields,
        upload.files.map((f) => ({ field, name: f.name, bytes: f.bytes, contentType })),
      );
      const res = await app.inject({
        method: 'POST',
        url: `/api/turbines/${row.id}/${path}`,
        headers: { authorization: `Bearer ${session.token}`, 'content-type': body.contentType },
        payload: Buffer.concat(body.chunks),
      });
      if (res.statusCode >= 300) throw new Error(`demo ${path} upload failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return (res.json() as { data?: unknown[] }).data?.length ?? 0;
    };
    for (const upload of uploads) stored += await send('photos', upload, 'photos', 'image/jpeg');
    await send('reports', report, 'reports', 'application/pdf');
  }
  // findings on these photos, and last year's photos they were first seen on
  stored += await seedDemoFindings(app);
  // an inspection campaign of Ege's turbines in several states (issue 17)
  await seedDemoCampaign(app);
  // issue 17: Bergama's inspection report generated from its reviewed findings, a revision beside the uploaded one
  await seedDemoGeneratedReport(app);
  return stored;
}

async function seedDemoGeneratedReport(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const [operator] = await db.select().from(users).where(eq(users.email, 'operator@ege.example')).limit(1);
  const [bergama] = await db.select({ id: turbines.id }).from(turbines).where(eq(turbines.code, 'EGE-BRG-01')).limit(1);
  if (!operator || !bergama) return;
  await startTurbineReport(app.ctx, { id: operator.id, role: operator.role as Role, companyId: operator.companyId }, bergama.id, {
    language: 'tr',
  });
  await app.ctx.reportJobs.idle();
}
