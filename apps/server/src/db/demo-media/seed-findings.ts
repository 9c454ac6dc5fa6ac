import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreateFindingBody, FindingDetail, Geometry } from '@windscope/contract';
import { createSession } from '../../auth/session-service.ts';
import { multipartBody } from '../../uploads/multipart-body.ts';
import { turbines, users } from '../schema.ts';
import { BANDIRMA, BERGAMA, DEMO_DAMAGE, type DemoDamage, damageOn } from './demo-damage.ts';
import { droneSvg, panoramaSvg, renderJpeg } from './images.ts';

/** Demo findings (DECISIONS §12), made through the real routes by the demo people (an operator records, a manager
 *  reviews and plans, another verifies): last year's photos and this year's, every severity and status, drafts, a
 *  verified repair with its evidence, interior damage on the 360° panoramas. Each sighting is marked where its photo
 *  shows the damage: both come from demo-damage.ts. Returns how many photos it added. */

type Photo = { id: number; originalName: string };

export async function seedDemoFindings(app: FastifyInstance): Promise<number> {
  const { db } = app.ctx;
  const person = async (email: string) => {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user) throw new Error(`demo account ${email} missing`);
    return (await createSession(app.ctx, user, { userAgent: 'demo-seed' })).token;
  };
  const operator = await person('operator@ege.example');
  const manager = await person('manager@ege.example');
  const admin = await person('admin@ege.example');
  const marmaraAdmin = await person('admin@marmara.example');
  const marmaraOperator = await person('operator@marmara.example');

  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({
      method,
      url: `/api/${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`demo findings: ${method} ${url} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res.json().data;
  };
  const year = app.ctx.now().getFullYear();
  const turbineId = async (code: string) => {
    const [row] = await db.select({ id: turbines.id }).from(turbines).where(eq(turbines.code, code)).limit(1);
    return row?.id;
  };
  // last year's inspection: a few photos the findings were first seen on
  let added = 0;
  const upload = async (token: string, turbine: number, fields: Record<string, string | number>, name: string, bytes: Buffer) => {
    const body = multipartBody(fields, [{ field: 'photos', name, bytes, contentType: 'image/jpeg' }]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/turbines/${turbine}/photos`,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: Buffer.concat(body.chunks),
    });
    if (res.statusCode >= 300) throw new Error(`demo upload failed: ${res.statusCode}`);
    added++;
  };
  const photosOf = async (token: string, turbine: number) => (await call(token, 'GET', `turbines/${turbine}/photos?view=all`)) as Photo[];
  /** where a demo damage is seen: its photo (by file name) and its place there */
  const seen = (list: Photo[], damage: DemoDamage) => {
    const found = list.find((p) => p.originalName === damage.photo);
    if (!found) throw new Error(`demo findings: the demo photo ${damage.photo} is missing`);
    return { photo_id: found.id, geometry: damage.geometry };
  };

  type Step = { who: string; to: string; due_date?: string | null; reason?: string };
  const record = async (
    turbine: number,
    author: string,
    body: CreateFindingBody,
    more: { token: string; photo_id: number; geometry: Geometry; kind?: 'sighting' | 'repair'; severity?: number; length_mm?: number }[],
    steps: Step[],
  ) => {
    let f = (await call(author, 'POST', `turbines/${turbine}/findings`, body)) as FindingDetail;
    for (const o of more)
      f = await call(o.token, 'POST', `turbines/${turbine}/findings/${f.id}/observations`, {
        photo_id: o.photo_id,
        geometry: o.geometry,
        kind: o.kind ?? 'sighting',
        ...(o.severity ? { severity: o.severity } : {}),
        ...(o.length_mm ? { length_mm: o.length_mm } : {}),
      });
    for (const { who, ...step } of steps)
      f = await call(who, 'POST', `turbines/${turbine}/findings/${f.id}/status`, { version: f.version, ...step });
    return f;
  };

  const D = DEMO_DAMAGE;
  const brg = await turbineId(BERGAMA);
  if (brg) {
    const lastYear = async (fields: Record<string, string | number>, name: string, svg: (damage: DemoDamage[]) => string) =>
      upload(operator, brg, { year: year - 1, ...fields }, name, await renderJpeg(svg(damageOn(BERGAMA, name))));
    await lastYear({ blade: 'A', category: 'drone' }, 'drone-a-prev.jpg', (d) => droneSvg(`${BERGAMA} · drone · A · ${year - 1}`, 190, d));
    await lastYear({ blade: 'B', category: 'drone' }, 'drone-b-prev.jpg', (d) => droneSvg(`${BERGAMA} · drone · B · ${year - 1}`, 200, d));
    await lastYear({ blade: 'A', room: 1 }, 'blade-a-room1-prev.jpg', (d) => panoramaSvg(`${BERGAMA} · A · 1 · ${year - 1}`, 40, d));
    const all = await photosOf(admin, brg);
    const at = (damage: DemoDamage) => seen(all, damage);
    const M = manager;
    const A = admin;
    const overdue = new Date(app.ctx.now().getTime() - 12 * 86_400_000).toISOString().slice(0, 10);

    await record(
      brg,
      operator,
      {
        blade: 'A',
        surface: 'LE',
        type: 'erosion',
        severity: 2,
        distance_from_root_m: 38.5,
        length_mm: 420,
        width_mm: 35,
        depth_class: 1,
        notes: 'Hücum kenarında uç bölgesinde erozyon.',
        observation: { ...at(D.erosionLastYear), length_mm: 340 },
      },
      [{ token: operator, ...at(D.erosion), length_mm: 420 }],
      [
        { who: M, to: 'confirmed' },
        { who: M, to: 'monitoring' },
      ],
    );
    await record(
      brg,
      operator,
      {
        blade: 'B',
        surface: 'TE',
        type: 'crack',
        severity: 3,
        distance_from_root_m: 22,
        length_mm: 180,
        depth_class: 3,
        notes: 'Firar kenarında boyuna çatlak; geçen yıldan bu yana uzamış.',
        observation: { ...at(D.trailingCrackLastYear), length_mm: 120 },
      },
      [{ token: operator, ...at(D.trailingCrack), severity: 4, length_mm: 180 }],
      [
        { who: A, to: 'confirmed' },
        { who: A, to: 'repair_planned', due_date: overdue },
      ],
    );
    await record(
      brg,
      operator,
      {
        blade: 'C',
        surface: 'SS',
        type: 'lightning',
        severity: 5,
        distance_from_root_m: 44,
        notes: 'Uç reseptörü çevresinde yanık ve delaminasyon. Türbin durduruldu.',
        observation: at(D.lightning),
      },
      [],
      [
        { who: M, to: 'confirmed' },
        { who: M, to: 'repair_planned' },
      ],
    );
    await record(
      brg,
      operator,
      {
        blade: 'A',
        surface: 'PS',
        type: 'coating_loss',
        severity: 3,
        distance_from_root_m: 12,
        length_mm: 90,
        width_mm: 60,
        observation: at(D.coatingLoss),
      },
      [{ token: operator, ...at(D.coatingLossRepaired), kind: 'repair' }],
      [
        { who: A, to: 'confirmed' },
        { who: A, to: 'repair_planned' },
        { who: M, to: 'repaired' },
        { who: A, to: 'verified' },
      ],
    );
    await record(
      brg,
      operator,
      {
        blade: 'B',
        surface: 'LE',
        type: 'contamination',
        severity: 1,
        notes: 'Böcek kirliliği, temizlik yeterli.',
        observation: at(D.insects),
      },
      [],
      [],
    );
    await record(
      brg,
      operator,
      { blade: 'A', surface: 'SS', type: 'impact', severity: 2, observation: at(D.reflection) },
      [],
      [{ who: M, to: 'rejected', reason: 'Görüntüdeki yansıma; hasar değil.' }],
    );
    await record(
      brg,
      operator,
      {
        blade: 'A',
        surface: 'interior',
        room: 1,
        type: 'delamination',
        severity: 3,
        notes: 'Gövde içinde, kiriş başlığı yanında delaminasyon.',
        observation: at(D.delaminationLastYear),
      },
      [{ token: operator, ...at(D.delamination) }],
      [{ who: M, to: 'confirmed' }],
    );
    await record(
      brg,
      operator,
      { blade: 'B', surface: 'interior', room: 2, type: 'bond_line', severity: 4, observation: at(D.bondLine) },
      [],
      [],
    );
    // a pair to link (issue 16): last year's crack on blade B's pressure side, and this year's sighting of it recorded
    // as a new draft 0.4 m away; the draft's drawer and the link review offer the earlier one
    await record(
      brg,
      operator,
      {
        blade: 'B',
        surface: 'PS',
        type: 'crack',
        severity: 2,
        distance_from_root_m: 15,
        length_mm: 60,
        notes: 'Basınç yüzünde kısa enine çatlak.',
        observation: { ...at(D.pairCrackLastYear), length_mm: 60 },
      },
      [],
      [
        { who: M, to: 'confirmed' },
        { who: M, to: 'monitoring' },
      ],
    );
    await record(
      brg,
      operator,
      {
        blade: 'B',
        surface: 'PS',
        type: 'crack',
        severity: 3,
        distance_from_root_m: 15.4,
        length_mm: 95,
        notes: 'Basınç yüzünde enine çatlak.',
        observation: { ...at(D.pairCrack), length_mm: 95 },
      },
      [],
      [],
    );
    await record(
      brg,
      operator,
      { blade: 'C', surface: 'LE', type: 'hole', severity: 3, distance_from_root_m: 30, observation: at(D.hole) },
      [{ token: operator, ...at(D.holeRepaired), kind: 'repair' }],
      [
        { who: M, to: 'confirmed' },
        { who: M, to: 'repair_planned' },
        { who: operator, to: 'repaired' },
      ],
    );
  }
  const bnd = await turbineId(BANDIRMA);
  if (bnd) {
    const marmaraAll = await photosOf(marmaraAdmin, bnd);
    await record(
      bnd,
      marmaraOperator,
      { blade: 'A', surface: 'LE', type: 'erosion', severity: 2, observation: seen(marmaraAll, D.bandirmaErosion) },
      [],
      [{ who: marmaraAdmin, to: 'confirmed' }],
    );
    await record(
      bnd,
      marmaraOperator,
      { blade: 'A', surface: 'interior', room: 1, type: 'crack', severity: 5, observation: seen(marmaraAll, D.bandirmaCrack) },
      [],
      [],
    );
  }
  return added;
}
