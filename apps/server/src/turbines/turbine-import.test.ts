import { eq } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Turbine, TurbineImportResult } from '@windscope/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { type DemoCompanies, demoCompanies, insertTurbine, sessionFor, unique, userByEmail } from '../../test/factories.ts';
import { insertFinding } from '../../test/finding-factories.ts';
import { formBody } from '../../test/uploads.ts';
import { turbines } from '../db/schema.ts';

/** Issue 27 item 4: turbines and their asset data from CSV or XLSX, checked per row, applied all or nothing. */
let t: TestApp;
let ids: DemoCompanies;
const token = { superadmin: '', egeManager: '', egeOperator: '', marmaraAdmin: '' };

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoCompanies(t);
  for (const key of Object.keys(token) as (keyof typeof token)[]) token[key] = await sessionFor(t, await userByEmail(t, DEMO[key]));
});
afterAll(async () => {
  await t?.close();
});

async function upload(who: keyof typeof token, bytes: Uint8Array, query = 'dry_run=true', language = 'tr', name = 'turbines.csv') {
  const body = await formBody({}, [{ name, bytes }], 'file');
  return t.call(token[who], {
    method: 'POST',
    url: `/api/turbines/import?${query}`,
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': language },
  });
}
const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
const resultOf = (res: { json(): { data: TurbineImportResult } }) => res.json().data;
const egeCount = async () => (await t.app.ctx.db.select({ id: turbines.id }).from(turbines).where(eq(turbines.companyId, ids.ege))).length;

describe('round trip', () => {
  for (const format of ['csv', 'xlsx'] as const) {
    it(`reads its own ${format.toUpperCase()} export back as unchanged, in both languages`, async () => {
      await insertTurbine(t, ids.ege, {
        code: `RT-${unique()}`,
        turbineName: '=HYPERLINK("http://x")',
        manufacturer: 'Nordex',
        model: 'N149',
        ratedPowerKw: 5700,
        bladeLengthM: 72.4,
        commissioningDate: '2022-05-01',
        bladeSerialA: '-0042',
        coordinates: '39.1,27.2',
        status: 'maintenance',
      });
      for (const language of ['tr', 'en']) {
        const exported = await t.call(token.egeManager, {
          method: 'GET',
          url: `/api/turbines/export?format=${format}`,
          headers: { 'accept-language': language },
        });
        expect(exported.statusCode).toBe(200);
        const res = await upload('egeManager', exported.rawPayload, 'dry_run=true', language, `turbines.${format}`);
        expect(res.statusCode).toBe(200);
        const result = resultOf(res);
        expect(result.counts).toEqual({ new: 0, changed: 0, unchanged: await egeCount(), refused: 0 });
        expect(result.ignored_columns).toEqual([]);
      }
    });
  }
});

describe('dry run', () => {
  it('answers each row: new, changed, unchanged, refused with the field and the reason in the language asked for', async () => {
    const existing = await insertTurbine(t, ids.ege, {
      code: `EX-${unique()}`,
      city: 'izmir',
      location: 'Aliağa',
      manufacturer: 'Enercon',
    });
    const same = await insertTurbine(t, ids.ege, { code: `SM-${unique()}`, city: 'izmir', location: 'Foça' });
    const fresh = `NEW-${unique()}`;
    const dup = `DUP-${unique()}`;
    const file = csv([
      'Code,City,Location,Manufacturer,Blade length (m),Status,Coordinates,Colour',
      `${fresh},izmir,Bergama,Vestas,"58,5",Active,"38,42, 27,14",blue`,
      `${existing.code},izmir,Aliağa,Siemens Gamesa,,,,`,
      `${same.code},izmir,Foça,,,,,`,
      `${dup},izmir,X,,,,,`,
      `${dup.toLowerCase()},izmir,Y,,,,,`,
      `BADC-${unique()},izmir,Z,,,,95;27,`,
      `BADS-${unique()},izmir,Z,,,Running,,`,
      `BADN-${unique()},izmir,Z,,abc,,,`,
      `FORM-${unique()},=1+1,=SUM(A1:A3),,,,,`,
      `NOCITY-${unique()},,Z,,,,,`,
    ]);
    const res = await upload('superadmin', file, `dry_run=true&company_id=${ids.ege}`, 'en');
    expect(res.statusCode).toBe(200);
    const result = resultOf(res);
    const [n, changed, unchanged, d1, d2, coords, status, number, formula, noCity] = result.rows;
    expect(result.ignored_columns).toEqual(['Colour']);
    expect(n).toMatchObject({ line: 2, outcome: 'new' });
    expect(changed).toMatchObject({ outcome: 'changed', changes: ['Manufacturer'] });
    expect(unchanged).toMatchObject({ outcome: 'unchanged' });
    for (const row of [d1, d2]) {
      expect(row?.outcome).toBe('refused');
      expect(row?.errors[0]).toEqual({ field: 'Code', message: expect.stringContaining('rows 5, 6') });
    }
    expect(coords?.errors).toEqual([{ field: 'Coordinates', message: expect.stringContaining('latitude,longitude') }]);
    expect(status?.errors).toEqual([{ field: 'Status', message: expect.stringContaining('Unknown status "Running"') }]);
    expect(number?.errors).toEqual([{ field: 'Blade length (m)', message: expect.stringContaining('Blade length must be') }]);
    // a formula is a city's text like any other: kept, never run
    expect(formula?.outcome).toBe('new');
    expect(noCity?.errors[0]?.message).toBe('City, code and location are required');
    expect(result.counts).toEqual({ new: 2, changed: 1, unchanged: 1, refused: 6 });

    // Turkish, the default
    const tr = resultOf(await upload('superadmin', file, `dry_run=true&company_id=${ids.ege}`, 'tr'));
    expect(tr.rows[6]?.errors[0]).toEqual({ field: 'Durum', message: expect.stringContaining('Bilinmeyen durum "Running"') });
    // nothing was written by a dry run
    expect(await t.app.ctx.db.select().from(turbines).where(eq(turbines.code, fresh))).toHaveLength(0);
  });

  it("treats another company's code as any unknown code, and refuses a row naming another company", async () => {
    const theirs = await insertTurbine(t, ids.marmara, { code: `MAR-${unique()}` });
    const file = csv(['Kod,Şehir,Konum,Şirket', `${theirs.code},izmir,X,`, `OWN-${unique()},izmir,X,Marmara Enerji`]);
    const result = resultOf(await upload('egeManager', file));
    expect(result.rows[0]).toMatchObject({ outcome: 'new', errors: [] });
    expect(result.rows[1]?.errors[0]?.field).toBe('Şirket');
    expect(result.rows[1]?.errors[0]?.message).not.toContain('Marmara');
  });

  it('refuses a room count below a room with photos or findings, as the form does', async () => {
    const existing = await insertTurbine(t, ids.ege, { code: `RM-${unique()}`, rooms: 8 });
    await insertFinding(t, existing.id, await userByEmail(t, DEMO.superadmin), { surface: 'interior', room: 7 });
    const res = await upload('superadmin', csv(['Kod,Oda Sayısı', `${existing.code},4`]), `dry_run=true&company_id=${ids.ege}`);
    const result = resultOf(res);
    expect(result.rows[0]).toMatchObject({ outcome: 'refused' });
    expect(result.rows[0]?.errors[0]?.message).toBe(
      'Bu türbinin 7. odasında fotoğraf veya bulgu var; oda sayısı en az 7 olmalıdır (4 olamaz).',
    );
    const applied = await upload('superadmin', csv(['Kod,Oda Sayısı', `${existing.code},4`]), `dry_run=false&company_id=${ids.ege}`);
    expect(applied.statusCode).toBe(422);
    expect((await t.app.ctx.db.select().from(turbines).where(eq(turbines.id, existing.id)))[0]?.rooms).toBe(8);
    const seven = resultOf(await upload('superadmin', csv(['Kod,Oda Sayısı', `${existing.code},7`]), `dry_run=true&company_id=${ids.ege}`));
    expect(seven.rows[0]).toMatchObject({ outcome: 'changed', errors: [] });
  });

  it("refuses a manager's change of an existing turbine (only a superadmin changes turbines)", async () => {
    const existing = await insertTurbine(t, ids.ege, { code: `MG-${unique()}` });
    const result = resultOf(await upload('egeManager', csv(['Kod,Model', `${existing.code},V150`])));
    expect(result.rows[0]).toMatchObject({ outcome: 'refused' });
    expect(result.rows[0]?.errors[0]?.message).toContain('yalnızca süper yönetici');
  });
});

describe('apply', () => {
  it('writes nothing while a row is refused, everything in one go otherwise', async () => {
    const a = `AP-${unique()}`;
    const b = `AP-${unique()}`;
    const before = await egeCount();
    const refused = await upload('egeManager', csv(['Kod,Şehir,Konum,Durum', `${a},izmir,X,Aktif`, `${b},izmir,Y,Bozuk`]), 'dry_run=false');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'TURBINE_IMPORT_REFUSED_ROWS', data: { counts: { refused: 1 } } });
    expect(await egeCount()).toBe(before);

    const ok = await upload(
      'egeManager',
      csv([
        'Kod,Şehir,Konum,Durum,Kanat uzunluğu (m),İşletmeye alma tarihi',
        `${a},İZMİR,X,Aktif,"61,2",14.09.2021`,
        `${b},izmir,Y,Bakımda,,`,
      ]),
      'dry_run=false',
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('2 türbin eklendi, 0 türbin güncellendi.');
    expect(await egeCount()).toBe(before + 2);
    const list = (await t.call(token.egeManager, { method: 'GET', url: '/api/turbines' })).json().data as Turbine[];
    expect(list.find((x) => x.code === a)).toMatchObject({ city: 'izmir', blade_length_m: 61.2, commissioning_date: '2021-09-14' });
    expect(list.find((x) => x.code === b)).toMatchObject({ status: 'maintenance' });
  });

  it('reads XLSX written by a spreadsheet program, numbers and dates as cells', async () => {
    const code = `XL-${unique()}`;
    const bytes = await writeXlsxFile([
      [{ value: 'Code' }, { value: 'City' }, { value: 'Location' }, { value: 'Hub height (m)' }, { value: 'Commissioning date' }],
      [
        { value: code },
        { value: 'izmir' },
        { value: 'X' },
        { value: 105 },
        { value: new Date(Date.UTC(2019, 2, 7)), format: 'yyyy-mm-dd' },
      ],
    ]).toBuffer();
    const res = await upload('egeManager', bytes, 'dry_run=false', 'en', 'turbines.xlsx');
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(turbines).where(eq(turbines.code, code));
    expect(row).toMatchObject({ hubHeightM: 105, commissioningDate: '2019-03-07' });
  });

  it('refuses what is not a sheet, a file without a code column, an operator and a missing file', async () => {
    expect((await upload('egeManager', Buffer.from([0, 1, 2, 3, 0, 0]))).json().code).toBe('TURBINE_IMPORT_FILE_INVALID');
    expect((await upload('egeManager', Buffer.from('PK\u0003\u0004not a zip'))).json().code).toBe('TURBINE_IMPORT_FILE_INVALID');
    expect((await upload('egeManager', csv(['Name,City', 'x,y']))).json().code).toBe('TURBINE_IMPORT_NO_CODE_COLUMN');
    expect((await upload('egeManager', csv(['Kod']))).json().code).toBe('TURBINE_IMPORT_EMPTY');
    expect((await upload('egeOperator', csv(['Kod', 'X']))).statusCode).toBe(403);
    expect((await upload('superadmin', csv(['Kod', 'X']))).json().code).toBe('TURBINE_COMPANY_REQUIRED');
    const empty = await formBody({ note: 'x' }, []);
    const res = await t.call(token.egeManager, {
      method: 'POST',
      url: '/api/turbines/import',
      payload: empty.payload,
      headers: empty.headers,
    });
    expect(res.json().code).toBe('TURBINE_IMPORT_FILE_MISSING');
  });
});
