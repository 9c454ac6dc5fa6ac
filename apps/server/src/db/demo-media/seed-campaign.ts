import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createSession } from '../../auth/session-service.ts';
import { multipartBody } from '../../uploads/multipart-body.ts';
import { turbines, users } from '../schema.ts';
import { droneSvg, panoramaSvg, renderJpeg, surfaceSvg } from './images.ts';

/** The demo inspection campaign (issue 17): Ege's turbines this year with every method, created by Ege's manager through
 *  the routes. Bergama (the full gallery) reaches "coverage complete" once its rooms 3-9 and robot blade C are waived
 *  with reasons (its drafts keep it there); Çeşme gets one photo of each method ("captured", cells missing); the rest
 *  stay "planned". */
export async function seedDemoCampaign(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const [manager] = await db.select().from(users).where(eq(users.email, 'manager@ege.example')).limit(1);
  if (!manager) return;
  const token = (await createSession(app.ctx, manager, { userAgent: 'demo-seed' })).token;
  const call = async (method: 'POST', url: string, payload: object) => {
    const res = await app.inject({ method, url: `/api/${url}`, headers: { authorization: `Bearer ${token}` }, payload });
    if (res.statusCode >= 300) throw new Error(`demo campaign: ${method} ${url} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res.json().data as { id: number };
  };
  const ege = await db.select({ id: turbines.id, code: turbines.code }).from(turbines).where(eq(turbines.companyId, manager.companyId));
  const idOf = (code: string) => ege.find((t) => t.code === code)?.id;
  const brg = idOf('EGE-BRG-01');
  const csm = idOf('EGE-CSM-04');
  if (!brg || !csm) return;
  const year = app.ctx.now().getFullYear();

  // Çeşme: one photo of each method, blade A
  const shots: [Record<string, string | number>, string, string][] = [
    [{ year, blade: 'A', category: 'drone' }, 'drone-a-01.jpg', droneSvg('EGE-CSM-04 · drone · A', 150)],
    [{ year, blade: 'A', category: 'operator' }, 'operator-a-01.jpg', surfaceSvg('EGE-CSM-04 · operator · A', 120, false)],
    [{ year, blade: 'A', category: 'robot' }, 'robot-a-01.jpg', surfaceSvg('EGE-CSM-04 · robot · A', 120, true)],
    [{ year, blade: 'A', room: 1 }, 'blade-a-room1-01.jpg', panoramaSvg('EGE-CSM-04 · A · 1', 120)],
  ];
  for (const [fields, name, svg] of shots) {
    const body = multipartBody(fields, [{ field: 'photos', name, bytes: await renderJpeg(svg), contentType: 'image/jpeg' }]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/turbines/${csm}/photos`,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: Buffer.concat(body.chunks),
    });
    if (res.statusCode >= 300) throw new Error(`demo campaign upload failed: ${res.statusCode}`);
  }

  const campaign = await call('POST', 'campaigns', {
    name: `Ege ${year} bahar denetimi`,
    year,
    methods: ['drone', 'operator', 'robot', 'interior'],
    planned_start: `${year}-04-01`,
    planned_end: `${year}-06-30`,
    turbine_ids: ege.map((t) => t.id),
  });
  for (const blade of ['A', 'B', 'C']) {
    await call('POST', `campaigns/${campaign.id}/waivers`, {
      turbine_id: brg,
      method: 'interior',
      blade,
      reason: '3-9. odalara erişim yok: kanat içi merdiven bölmesi kapalı. / Rooms 3-9 not reachable: inner ladder bay closed.',
    });
  }
  await call('POST', `campaigns/${campaign.id}/waivers`, {
    turbine_id: brg,
    method: 'robot',
    blade: 'C',
    reason: 'Robot C kanadında rüzgâr 12 m/s üstündeydi; drone ve operatör fotoğrafları yeterli. / Wind above 12 m/s on blade C.',
  });
}
