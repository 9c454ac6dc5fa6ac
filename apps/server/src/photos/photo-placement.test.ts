import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { insertTurbine } from '../../test/factories.ts';
import { sendInPieces, tusClient, uploadIdOf } from '../../test/tus.ts';
import { formBody, makeJpeg, postFiles } from '../../test/uploads.ts';
import { turbines } from '../db/schema.ts';

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
});
