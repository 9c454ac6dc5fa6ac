import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { insertTurbine } from '../../test/factories.ts';
import { sendInPieces, tusClient, uploadIdOf } from '../../test/tus.ts';
import { formBody, makeJpeg, postFiles } from '../../test/uploads.ts';
import type { Transaction } from '../db/client.ts';
import { findings, photos, turbines, users } from '../db/schema.ts';
import { heldRoomCount } from '../turbines/service.ts';

/** Issue 24 items 14 and 17: where a photo is filed is what the client sent (year), and only where the turbine can
 *  show it (room), on both upload routes: the multipart POST and tus (creation and its last byte). */
describe('photo placement on both upload routes', () => {
  let t: TestApp;
  let operator: string;
  let companyId: number;
  let jpeg: Buffer;
  let year: number;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await t.login(DEMO.egeOperator);
    const me = await t.call(operator, { method: 'GET', url: '/api/auth/validate-session' });
    companyId = me.json().user.company_id;
    // taken 2024-05-17 by its EXIF, uploaded for this year
    jpeg = await makeJpeg(320, 240, { exif: true });
    year = t.clock.now().getFullYear();
  });
  afterAll(async () => {
    await t?.close();
  });

  const fourRooms = () => insertTurbine(t, companyId, { rooms: 4 });
  const photoCount = async (turbineId: number) => {
    const res = await t.call(operator, { method: 'GET', url: `/api/turbines/${turbineId}/photos?view=all` });
    return (res.json().data as unknown[]).length;
  };

  describe('a room beyond the turbine is refused (item 17)', () => {
    it('multipart: 400 naming the room count and who can raise it, in TR and EN; nothing stored', async () => {
      const turbine = await fourRooms();
      const tr = await postFiles(t, operator, turbine.id, { room: 9, year, blade: 'A' }, [{ name: 'r9.jpg', bytes: jpeg }]);
      expect(tr.statusCode).toBe(400);
      expect(tr.json()).toMatchObject({
        success: false,
        code: 'PHOTO_ROOM_BEYOND_TURBINE',
        message: 'Bu türbinin 4 odası var; 9. odaya fotoğraf yüklenemez. Bir yönetici türbini düzenleyerek oda sayısını artırabilir.',
      });
      const body = await formBody({ room: 5, year, blade: 'B' }, [{ name: 'r5.jpg', bytes: jpeg }]);
      const en = await t.call(operator, {
        method: 'POST',
        url: `/api/turbines/${turbine.id}/photos`,
        payload: body.payload,
        headers: { ...body.headers, 'accept-language': 'en' },
      });
      expect(en.statusCode).toBe(400);
      expect(en.json().message).toBe(
        'This turbine has 4 rooms, so no photo can go to room 5. A manager can raise the number of rooms by editing the turbine.',
      );
      expect(await photoCount(turbine.id)).toBe(0);
    });

    it("multipart: the turbine's last room and category photos (no room) are taken", async () => {
      const turbine = await fourRooms();
      const room4 = await postFiles(t, operator, turbine.id, { room: 4, year, blade: 'A' }, [{ name: 'r4.jpg', bytes: jpeg }]);
      expect(room4.statusCode, room4.body).toBe(201);
      const drone = await postFiles(t, operator, turbine.id, { year, blade: 'A', category: 'drone' }, [{ name: 'd1.jpg', bytes: jpeg }]);
      expect(drone.statusCode, drone.body).toBe(201);
      expect(await photoCount(turbine.id)).toBe(2);
    });

    it('tus creation: refused before any byte is sent, with the same message', async () => {
      const turbine = await fourRooms();
      const client = tusClient(t, operator, 'en');
      const meta = { filename: 'tus-r9.jpg', turbine_id: turbine.id, year, blade: 'C', room: 9 };
      const res = await client.create(meta, jpeg.length);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'PHOTO_ROOM_BEYOND_TURBINE',
        message: 'This turbine has 4 rooms, so no photo can go to room 9. A manager can raise the number of rooms by editing the turbine.',
      });
      expect(res.headers.location).toBeUndefined();
      // creation with the whole file in it: refused the same
      const whole = await tusClient(t, operator).create({ ...meta, filename: 'tus-r9b.jpg' }, jpeg.length, {}, jpeg);
      expect(whole.statusCode).toBe(400);
      expect(whole.json().code).toBe('PHOTO_ROOM_BEYOND_TURBINE');
      expect(await photoCount(turbine.id)).toBe(0);
    });

    it('tus: rooms lowered by a manager while the file was on its way: its last byte is refused, the outcome says why', async () => {
      const turbine = await insertTurbine(t, companyId, { rooms: 9 });
      const client = tusClient(t, operator);
      const created = await client.create({ filename: 'late-r7.jpg', turbine_id: turbine.id, year, blade: 'A', room: 7 }, jpeg.length);
      expect(created.statusCode, created.body).toBe(201);
      const id = uploadIdOf(created);
      await t.app.ctx.db.update(turbines).set({ rooms: 4 }).where(eq(turbines.id, turbine.id));
      const last = await sendInPieces(client, id, jpeg, 4096);
      expect(last.statusCode).toBe(400);
      expect(last.json().code).toBe('PHOTO_ROOM_BEYOND_TURBINE');
      const outcome = await client.outcome(id);
      expect(outcome.json().data).toMatchObject({ state: 'refused', code: 'PHOTO_ROOM_BEYOND_TURBINE' });
      expect(outcome.json().data.message).toContain('4');
      expect(await photoCount(turbine.id)).toBe(0);

      // raised again: the room is taken
      await t.app.ctx.db.update(turbines).set({ rooms: 7 }).where(eq(turbines.id, turbine.id));
      const again = await client.create(
        { filename: 'late-r7.jpg', turbine_id: turbine.id, year, blade: 'A', room: 7 },
        jpeg.length,
        {},
        jpeg,
      );
      expect(again.statusCode, again.body).toBe(201);
      expect(await photoCount(turbine.id)).toBe(1);
    });
  });

  describe('the year the client sent is the year stored (item 14)', () => {
    it('multipart: a photo taken in 2024 uploaded for this year stays in this year, its capture time kept', async () => {
      const turbine = await fourRooms();
      const res = await postFiles(t, operator, turbine.id, { room: 1, year, blade: 'A' }, [{ name: 'taken-2024.jpg', bytes: jpeg }]);
      expect(res.statusCode, res.body).toBe(201);
      const [photo] = res.json().data;
      expect(photo).toMatchObject({ year, taken_at: '2024-05-17T10:21:33.000Z' });
      expect(photo.key).toContain(`/blade/${year}/A/1/`);
      const listed = await t.call(operator, { method: 'GET', url: `/api/turbines/${turbine.id}/photos?view=all&year=${year}` });
      expect((listed.json().data as { originalName: string }[]).map((p) => p.originalName)).toEqual(['taken-2024.jpg']);
    });

    it('tus: the same', async () => {
      const turbine = await fourRooms();
      const client = tusClient(t, operator);
      const res = await client.create(
        { filename: 'tus-taken-2024.jpg', turbine_id: turbine.id, year, blade: 'B', category: 'drone' },
        jpeg.length,
        {},
        jpeg,
      );
      expect(res.statusCode, res.body).toBe(201);
      const outcome = await client.outcome(uploadIdOf(res));
      expect(outcome.json().data).toMatchObject({ state: 'stored', photo: { year, taken_at: '2024-05-17T10:21:33.000Z' } });
      // and an earlier year when the client sends one
      const earlier = await client.create(
        { filename: 'tus-filed-2024.jpg', turbine_id: turbine.id, year: 2024, blade: 'B', category: 'drone' },
        jpeg.length,
        {},
        jpeg,
      );
      expect((await client.outcome(uploadIdOf(earlier))).json().data).toMatchObject({ state: 'stored', photo: { year: 2024 } });
    });
  });

  /** Both sides of the room rule at once (two requests, or a request and a write still in its transaction): whichever
   *  commits first, no photo or finding ends up beyond the turbine's count. On PostgreSQL the two really overlap (the
   *  other side waits on the turbine's row); PGlite runs one transaction at a time, so there they only follow each other. */
  describe('the count lowered while photos or findings are stored (atomic)', () => {
    const editOf = (row: typeof turbines.$inferSelect, rooms: number) => ({
      turbine_name: row.turbineName,
      city: row.city,
      code: row.code,
      location: row.location,
      site_name: row.siteName,
      coordinates: row.coordinates,
      company_id: row.companyId,
      rooms,
    });
    /** A transaction that stores `write` and then stays open until released. */
    const openTransaction = (write: (tx: Transaction) => Promise<unknown>) => {
      let release!: () => void;
      let written!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const wrote = new Promise<void>((resolve) => {
        written = resolve;
      });
      const done = t.app.ctx.db.transaction(async (tx) => {
        await write(tx);
        written();
        await gate;
      });
      return { wrote, release, done };
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('a photo in room 8 committing while a manager lowers the count to 5: the lowering is refused, the count stays', async () => {
      const turbine = await insertTurbine(t, companyId, { rooms: 9 });
      const superadmin = await t.login(DEMO.superadmin);
      const uploader = (await t.app.ctx.db.select().from(users).where(eq(users.email, DEMO.egeOperator)))[0];
      if (!uploader) throw new Error('no operator');
      // the upload's last step: the turbine's row held, the photo row written, not yet committed
      const upload = openTransaction(async (tx) => {
        expect(await heldRoomCount(tx, turbine.id)).toBe(9);
        await tx.insert(photos).values({
          turbineId: turbine.id,
          storageKey: `turbines/${turbine.id}/A/${year}/A/8/late.jpg`,
          originalName: 'late.jpg',
          room: 8,
          blade: 'A',
          year,
          month: 1,
          sizeBytes: 10,
          mimeType: 'image/jpeg',
          sha256: '0'.repeat(64),
          derivatives: 'ready',
          uploadedBy: uploader.id,
        });
      });
      await upload.wrote;
      const lowering = t.call(superadmin, { method: 'PUT', url: `/api/turbines/${turbine.id}`, payload: editOf(turbine, 5) });
      await sleep(300);
      upload.release();
      await upload.done;
      const res = await lowering;
      expect([res.statusCode, res.json().code]).toEqual([400, 'TURBINE_ROOMS_BELOW_USED']);
      expect(res.json().message).toContain('8');
      const [row] = await t.app.ctx.db.select({ rooms: turbines.rooms }).from(turbines).where(eq(turbines.id, turbine.id));
      expect(row?.rooms).toBe(9);
    });

    it('the count lowered to 4 (not yet committed) while a multipart upload to room 7 arrives: the upload is refused, nothing stored', async () => {
      const turbine = await insertTurbine(t, companyId, { rooms: 9 });
      const lowering = openTransaction((tx) => tx.update(turbines).set({ rooms: 4 }).where(eq(turbines.id, turbine.id)));
      await lowering.wrote;
      const upload = postFiles(t, operator, turbine.id, { room: 7, year, blade: 'A' }, [{ name: 'during-r7.jpg', bytes: jpeg }]);
      await sleep(300);
      lowering.release();
      await lowering.done;
      const res = await upload;
      expect([res.statusCode, res.json().code]).toEqual([400, 'PHOTO_ROOM_BEYOND_TURBINE']);
      expect(await photoCount(turbine.id)).toBe(0);
    });

    it('the count lowered to 4 (not yet committed) while a finding in room 6 is made: the finding is refused', async () => {
      const turbine = await insertTurbine(t, companyId, { rooms: 9 });
      const photo = await postFiles(t, operator, turbine.id, { room: 2, year, blade: 'A' }, [{ name: 'seen.jpg', bytes: jpeg }]);
      expect(photo.statusCode, photo.body).toBe(201);
      const photoId = photo.json().data[0].id as number;
      const lowering = openTransaction((tx) => tx.update(turbines).set({ rooms: 4 }).where(eq(turbines.id, turbine.id)));
      await lowering.wrote;
      const creation = t.call(operator, {
        method: 'POST',
        url: `/api/turbines/${turbine.id}/findings`,
        payload: {
          blade: 'A',
          surface: 'interior',
          room: 6,
          type: 'crack',
          severity: 2,
          // a room's photo is a 360° panorama: its points are yaw and pitch
          observation: { photo_id: photoId, geometry: { space: 'panorama', shape: 'point', points: [[1, 0.2]] } },
        },
      });
      await sleep(300);
      lowering.release();
      await lowering.done;
      const res = await creation;
      expect([res.statusCode, res.json().code], res.body).toEqual([400, 'FINDING_ROOM_BEYOND_TURBINE']);
      const stored = await t.app.ctx.db.select().from(findings).where(eq(findings.turbineId, turbine.id));
      expect(stored).toEqual([]);
    });
  });
});
