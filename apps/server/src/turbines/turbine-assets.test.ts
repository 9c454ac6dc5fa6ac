import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeCoordinates, type Turbine } from '@windscope/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { type DemoCompanies, demoCompanies, insertTurbine, sessionFor, unique, userByEmail } from '../../test/factories.ts';
import { turbines } from '../db/schema.ts';

/** Issue 27 item 1: a turbine's asset data, and coordinates checked and stored in one form. */
let t: TestApp;
let ids: DemoCompanies;
let superadmin = '';
let egeManager = '';

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoCompanies(t);
  superadmin = await sessionFor(t, await userByEmail(t, DEMO.superadmin));
  egeManager = await sessionFor(t, await userByEmail(t, DEMO.egeManager));
});
afterAll(async () => {
  await t?.close();
});

const assets = {
  manufacturer: 'Enercon',
  model: 'E-138 EP3',
  rated_power_kw: 4200,
  hub_height_m: 130.5,
  rotor_diameter_m: 138.25,
  blade_length_m: 67.8,
  blade_type: 'GFRP, two-part',
  commissioning_date: '2021-09-14',
  blade_serial_a: 'SN-A-0001',
  blade_serial_b: 'SN-B-0002',
  blade_serial_c: 'SN-C-0003',
};
const newTurbine = (changes: Record<string, unknown> = {}) => ({
  city: 'izmir',
  code: `AST-${unique()}`,
  location: 'Test, Yamaç',
  ...changes,
});

describe('asset data', () => {
  it('is created, read back, changed field by field and cleared', async () => {
    const created = await t.call(egeManager, { method: 'POST', url: '/api/turbines', payload: newTurbine(assets) });
    expect(created.statusCode).toBe(201);
    const turbine = created.json().data as Turbine;
    expect(turbine).toMatchObject(assets);

    const read = await t.call(egeManager, { method: 'GET', url: `/api/turbines/${turbine.id}` });
    expect(read.json().data).toMatchObject(assets);

    // the update carries over what it does not send, and '' or null clears
    const base = { city: turbine.city, code: turbine.code, location: turbine.location };
    const edited = await t.call(superadmin, {
      method: 'PUT',
      url: `/api/turbines/${turbine.id}`,
      payload: { ...base, model: 'E-138 EP3 E2', blade_length_m: null, blade_serial_c: '' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ ...assets, model: 'E-138 EP3 E2', blade_length_m: null, blade_serial_c: null });

    const list = await t.call(egeManager, { method: 'GET', url: '/api/turbines' });
    expect((list.json().data as Turbine[]).find((row) => row.id === turbine.id)).toMatchObject({ manufacturer: 'Enercon' });
  });

  it.each([
    [{ rated_power_kw: 0 }, 'rated_power_kw', 'Nominal güç 0 ile 30.000 kW arasında bir sayı olmalıdır'],
    [{ rated_power_kw: 30_001 }, 'rated_power_kw', 'Nominal güç 0 ile 30.000 kW arasında bir sayı olmalıdır'],
    [{ hub_height_m: -3 }, 'hub_height_m', 'Göbek yüksekliği 0 ile 300 m arasında bir sayı olmalıdır'],
    [{ rotor_diameter_m: '120' }, 'rotor_diameter_m', 'Rotor çapı 0 ile 400 m arasında bir sayı olmalıdır'],
    [{ blade_length_m: 201 }, 'blade_length_m', 'Kanat uzunluğu 0 ile 200 m arasında bir sayı olmalıdır'],
    [{ commissioning_date: '2021-02-30' }, 'commissioning_date', 'İşletmeye alma tarihi'],
    [{ commissioning_date: '14.09.2021' }, 'commissioning_date', 'İşletmeye alma tarihi'],
    [{ manufacturer: 'Ener\ncon' }, 'manufacturer', 'Üretici tek satır olmalı'],
    [{ blade_serial_a: 'x'.repeat(81) }, 'blade_serial_a', 'Geçersiz istek'],
    [{ coordinates: '95,27' }, 'coordinates', 'Koordinatlar'],
    [{ coordinates: '38.4 E, 27.1 N' }, 'coordinates', 'Koordinatlar'],
  ])('refuses %j in the language of the request, and writes nothing', async (bad, _field, message) => {
    const code = `BAD-${unique()}`;
    const res = await t.call(egeManager, { method: 'POST', url: '/api/turbines', payload: newTurbine({ code, ...bad }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await t.app.ctx.db.select().from(turbines).where(eq(turbines.code, code))).toHaveLength(0);
  });

  it('stores coordinates in one form, whatever way they were typed', async () => {
    const res = await t.call(egeManager, {
      method: 'POST',
      url: '/api/turbines',
      payload: newTurbine({ coordinates: ' 38,4200 K; 27,1428 D ' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.coordinates).toBe('38.42,27.1428');
  });
});

/** The data step of migration 0019, run again over rows written as older versions let them be. */
const migration = readFileSync(new URL('../db/migrations/0022_turbine_coordinates_normalised.sql', import.meta.url), 'utf8');
async function runCoordinatesMigration() {
  for (const statement of migration.split('--> statement-breakpoint')) await t.app.ctx.db.execute(sql.raw(statement));
}

describe('migration 0019: older coordinates text', () => {
  const samples = [
    '38.4237,27.1428',
    '38.4237, 27.1428',
    ' 38.42 27.14 ',
    '38,4237, 27,1428',
    '38,4237;27,1428',
    '38.42/27.14',
    '38.42° N, 27.14° E',
    '38.42 K 27.14 D',
    '38.42S, 27.14W',
    '38.42 G; 27.14 B',
    '-38.4200,+027.1400',
    '-0.0,0',
    '90,180',
    '-90,-180',
    '38,42,27',
    '038.1,27',
    '12.345678901234567890,98.76543210987654321',
    // these do not read as a position
    '91,27',
    '38.4,181',
    '38.4 E, 27.1 N',
    'İzmir, Bergama',
    '38.4237',
    'N38 27E',
    '38.4237,27.1428,100',
  ];

  it('rewrites every value that parses as the form normalizeCoordinates writes, and keeps the others as they were', async () => {
    const rows = [];
    for (const coordinates of samples) rows.push(await insertTurbine(t, ids.ege, { coordinates }));
    const blank = await insertTurbine(t, ids.ege, { coordinates: '   ' });
    const none = await insertTurbine(t, ids.ege, { coordinates: null });
    await runCoordinatesMigration();
    for (const [i, row] of rows.entries()) {
      const [after] = await t.app.ctx.db.select().from(turbines).where(eq(turbines.id, row.id));
      const expected = normalizeCoordinates(samples[i]);
      expect({ sample: samples[i], coordinates: after?.coordinates, unreadable: after?.coordinatesUnreadable }).toEqual({
        sample: samples[i],
        coordinates: expected,
        unreadable: expected === null ? samples[i] : null,
      });
    }
    for (const row of [blank, none]) {
      const [after] = await t.app.ctx.db.select().from(turbines).where(eq(turbines.id, row.id));
      expect([after?.coordinates, after?.coordinatesUnreadable]).toEqual([null, null]);
    }
    // run twice, nothing moves
    await runCoordinatesMigration();
    const [again] = await t.app.ctx.db
      .select()
      .from(turbines)
      .where(eq(turbines.id, rows[3]?.id ?? 0));
    expect(again?.coordinates).toBe('38.4237,27.1428');
  });

  it('shows the kept text until the turbine is saved with readable coordinates', async () => {
    const row = await insertTurbine(t, ids.ege, { coordinates: 'Bergama yaylası' });
    await runCoordinatesMigration();
    const read = await t.call(egeManager, { method: 'GET', url: `/api/turbines/${row.id}` });
    expect(read.json().data).toMatchObject({ coordinates: null, coordinates_unreadable: 'Bergama yaylası' });
    const base = { city: row.city, code: row.code, location: row.location };
    // an edit that does not send coordinates leaves the kept text alone
    const renamed = await t.call(superadmin, { method: 'PUT', url: `/api/turbines/${row.id}`, payload: { ...base, turbine_name: 'T-9' } });
    expect(renamed.json().data.coordinates_unreadable).toBe('Bergama yaylası');
    const fixed = await t.call(superadmin, {
      method: 'PUT',
      url: `/api/turbines/${row.id}`,
      payload: { ...base, coordinates: '39.1,27.2' },
    });
    expect(fixed.json().data).toMatchObject({ coordinates: '39.1,27.2', coordinates_unreadable: null });
  });
});
