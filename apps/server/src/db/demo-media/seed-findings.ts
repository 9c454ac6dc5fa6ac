import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreateFindingBody, FindingDetail, Geometry } from '@windscope/contract';
import { createSession } from '../../auth/session-service.ts';
import { multipartBody } from '../../uploads/multipart-body.ts';
import { turbines, users } from '../schema.ts';
import { droneSvg, panoramaSvg, renderJpeg } from './images.ts';

/** Demo findings (DECISIONS §12), made through the real routes by the demo people (an operator records, a manager
 *  reviews and plans, another verifies): last year's photos and this year's, every severity and status, drafts, a
 *  verified repair with its evidence, interior damage on the 360° panoramas. Returns how many photos it added. */

type Photo = { id: number; category: string | null; blade: string | null; room: number | null; year: number; originalName: string };

const box = (x: number, y: number, w: number, h: number): Geometry => ({
  space: 'flat',
  shape: 'rectangle',
  points: [
    [x, y],
    [x + w, y + h],
  ],
});
const ellipse = (x: number, y: number, w: number, h: number): Geometry => ({ ...box(x, y, w, h), shape: 'ellipse' }) as Geometry;
const sphere = (...points: [number, number][]): Geometry =>
  points.length === 1 ? { space: 'panorama', shape: 'point', points } : { space: 'panorama', shape: 'polygon', points };

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
  const pick = (list: Photo[], test: (p: Photo) => boolean) => {
    const found = list.find(test);
    if (!found) throw new Error('demo findings: a demo photo is missing');
    return found.id;
  };

  type Step = { who: string; to: string; due_date?: string | null; reason?: string };
  const record = async (
    turbine: number,
    author: string,
    body: CreateFindingBody,
    more: { token: string; photo: number; geometry: Geometry; kind?: 'sighting' | 'repair'; severity?: number; length_mm?: number }[],
    steps: Step[],
  ) => {
    let f = (await call(author, 'POST', `turbines/${turbine}/findings`, body)) as FindingDetail;
    for (const o of more)
      f = await call(o.token, 'POST', `turbines/${turbine}/findings/${f.id}/observations`, {
        photo_id: o.photo,
        geometry: o.geometry,
        kind: o.kind ?? 'sighting',
        ...(o.severity ? { severity: o.severity } : {}),
        ...(o.length_mm ? { length_mm: o.length_mm } : {}),
      });
    for (const { who, ...step } of steps)
      f = await call(who, 'POST', `turbines/${turbine}/findings/${f.id}/status`, { version: f.version, ...step });
    return f;
  };

  const brg = await turbineId('EGE-BRG-01');
  if (brg) {
    await upload(
      operator,
      brg,
      { year: year - 1, blade: 'A', category: 'drone' },
      'drone-a-prev.jpg',
      await renderJpeg(droneSvg(`EGE-BRG-01 · drone · A · ${year - 1}`, 190)),
    );
    await upload(
      operator,
      brg,
      { year: year - 1, blade: 'B', category: 'drone' },
      'drone-b-prev.jpg',
      await renderJpeg(droneSvg(`EGE-BRG-01 · drone · B · ${year - 1}`, 200)),
    );
    await upload(
      operator,
      brg,
      { year: year - 1, blade: 'A', room: 1 },
      'blade-a-room1-prev.jpg',
      await renderJpeg(panoramaSvg(`EGE-BRG-01 · A · 1 · ${year - 1}`, 40)),
    );
    const all = await photosOf(admin, brg);
    const drone = (blade: string, y = year) => pick(all, (p) => p.category === 'drone' && p.blade === blade && p.year === y);
    const of = (category: string, n = 0) => all.filter((p) => p.category === category && p.year === year)[n]?.id ?? drone('A');
    const pano = (blade: string, room: number, y = year) =>
      pick(all, (p) => p.category === null && p.blade === blade && p.room === room && p.year === y);
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
        observation: { photo_id: drone('A', year - 1), geometry: box(0.55, 0.3, 0.2, 0.08), length_mm: 340 },
      },
      [{ token: operator, photo: drone('A'), geometry: box(0.52, 0.28, 0.26, 0.1), length_mm: 420 }],
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
        observation: { photo_id: drone('B', year - 1), geometry: ellipse(0.3, 0.45, 0.12, 0.05), length_mm: 120 },
      },
      [{ token: operator, photo: drone('B'), geometry: ellipse(0.28, 0.44, 0.18, 0.06), severity: 4, length_mm: 180 }],
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
        observation: {
          photo_id: of('robot'),
          geometry: {
            space: 'flat',
            shape: 'polygon',
            points: [
              [0.4, 0.3],
              [0.55, 0.28],
              [0.6, 0.45],
              [0.45, 0.5],
            ],
          },
        },
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
        observation: { photo_id: of('operator', 0), geometry: box(0.35, 0.35, 0.2, 0.2) },
      },
      [{ token: operator, photo: of('operator', 1), geometry: box(0.3, 0.3, 0.3, 0.3), kind: 'repair' }],
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
        observation: { photo_id: drone('B'), geometry: { space: 'flat', shape: 'point', points: [[0.7, 0.6]] } },
      },
      [],
      [],
    );
    await record(
      brg,
      operator,
      {
        blade: 'A',
        surface: 'SS',
        type: 'impact',
        severity: 2,
        observation: { photo_id: drone('A'), geometry: box(0.1, 0.6, 0.08, 0.08) },
      },
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
        observation: { photo_id: pano('A', 1, year - 1), geometry: sphere([1.2, -0.1], [1.5, -0.05], [1.45, -0.3], [1.15, -0.28]) },
      },
      [{ token: operator, photo: pano('A', 1), geometry: sphere([1.18, -0.08], [1.55, -0.04], [1.5, -0.33], [1.12, -0.3]) }],
      [{ who: M, to: 'confirmed' }],
    );
    await record(
      brg,
      operator,
      {
        blade: 'B',
        surface: 'interior',
        room: 2,
        type: 'bond_line',
        severity: 4,
        observation: { photo_id: pano('B', 2), geometry: sphere([4.4, 0.2]) },
      },
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
        observation: { photo_id: drone('B', year - 1), geometry: box(0.62, 0.62, 0.1, 0.06), length_mm: 60 },
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
        observation: { photo_id: drone('B'), geometry: box(0.6, 0.6, 0.14, 0.07), length_mm: 95 },
      },
      [],
      [],
    );
    await record(
      brg,
      operator,
      {
        blade: 'C',
        surface: 'LE',
        type: 'hole',
        severity: 3,
        distance_from_root_m: 30,
        observation: { photo_id: drone('C'), geometry: box(0.45, 0.5, 0.06, 0.06) },
      },
      [{ token: operator, photo: of('robot', 1), geometry: box(0.4, 0.4, 0.2, 0.2), kind: 'repair' }],
      [
        { who: M, to: 'confirmed' },
        { who: M, to: 'repair_planned' },
        { who: operator, to: 'repaired' },
      ],
    );
  }
  const bnd = await turbineId('MRM-BND-05');
  if (bnd) {
    const marmaraAll = await photosOf(marmaraAdmin, bnd);
    const drone = marmaraAll.find((p) => p.category === 'drone')?.id;
    const pano = marmaraAll.find((p) => p.category === null)?.id;
    if (drone)
      await record(
        bnd,
        marmaraOperator,
        { blade: 'A', surface: 'LE', type: 'erosion', severity: 2, observation: { photo_id: drone, geometry: box(0.5, 0.4, 0.2, 0.1) } },
        [],
        [{ who: marmaraAdmin, to: 'confirmed' }],
      );
    if (pano)
      await record(
        bnd,
        marmaraOperator,
        {
          blade: 'A',
          surface: 'interior',
          room: 1,
          type: 'crack',
          severity: 5,
          observation: { photo_id: pano, geometry: sphere([2.0, 0.1], [2.3, 0.12], [2.2, -0.1]) },
        },
        [],
        [],
      );
  }
  return added;
}
