import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchema } from '@windscope/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { demoTurbineIds, type FormFile, formBody, makeJpeg, makePdf, storedKeys } from '../../test/uploads.ts';

const year = new Date().getFullYear();

describe.each(['fs', 's3'] as const)('turbine reports on the %s driver', (storage) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let turbineId: number;

  beforeAll(async () => {
    t = await createTestApp({ storage, limits: { reportBytes: 64 * 1024 } });
    admin = await t.login(DEMO.egeAdmin);
    operator = await t.login(DEMO.egeOperator);
    [turbineId = 0] = await demoTurbineIds(t, admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (token: string, files: FormFile[], fields: Record<string, string | number> = { year }, headers = {}) => {
    const body = await formBody(fields, files, 'reports');
    return t.call(token, {
      method: 'POST',
      url: `/api/turbines/${turbineId}/reports`,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const list = async (query = '') => (await t.call(admin, { method: 'GET', url: `/api/turbines/${turbineId}/reports${query}` })).json();

  it('stores PDFs as number-number-name, lists them by year and downloads them under the original name', async () => {
    const pdf = makePdf();
    const res = await upload(operator, [{ name: 'inspection_2025.pdf', bytes: pdf }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: '1 rapor başarıyla yüklendi.', rejected: [] });
    const report = res.json().data[0];
    reportSchema.strict().parse(report);
    expect(report).toMatchObject({ original_filename: 'inspection_2025.pdf', file_size_bytes: pdf.length, year, first_name: 'Mert' });
    expect(report.stored_filename).toMatch(/^\d+-\d+-inspection_2025\.pdf$/);

    expect((await list(`?year=${year}`)).data.map((r: { id: number }) => r.id)).toEqual([report.id]);
    expect((await list(`?year=${year - 1}`)).data).toEqual([]);

    const download = await t.app.inject({ method: 'GET', url: report.report_url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="inspection_2025.pdf"');
  });

  it('skips non-PDFs and bad names with the spec messages', async () => {
    const before = await storedKeys(t);
    const res = await upload(admin, [
      { name: 'photo.pdf', bytes: await makeJpeg(50, 50) },
      { name: 'notes.txt', bytes: Buffer.from('hello') },
      { name: 'rapor şubat.pdf', bytes: makePdf() },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(
      '2 dosya PDF formatında değil. 1 PDF dosyası geçersiz isim içeriyor (Türkçe karakter, boşluk vb. kullanmayın). Bu dosyalar atlandı.',
    );
    expect(await storedKeys(t)).toEqual(before);

    const mixed = await upload(
      admin,
      [
        { name: 'ok.pdf', bytes: makePdf() },
        { name: 'bad.pdf', bytes: Buffer.from('<html>') },
      ],
      { year },
      {
        'accept-language': 'en',
      },
    );
    expect(mixed.statusCode).toBe(201);
    expect(mixed.json().message).toBe('1 report(s) uploaded successfully. 1 file(s) not in PDF format. These files were skipped.');
  });

  it('refuses a report over the size limit with 413, storing nothing', async () => {
    const before = await storedKeys(t);
    const big = Buffer.concat([makePdf(), Buffer.alloc(80 * 1024, 0x20)]);
    const res = await upload(admin, [{ name: 'huge.pdf', bytes: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'REPORT_TOO_LARGE', rejected: [{ name: 'huge.pdf', reason: 'too_large' }] });
    expect(await storedKeys(t)).toEqual(before);
  });

  it('applies the roles: customers cannot upload, operators delete only their own, other companies get 404', async () => {
    const customer = await t.login(DEMO.egeCustomer);
    expect((await upload(customer, [{ name: 'c.pdf', bytes: makePdf() }])).statusCode).toBe(403);
    const marmara = await t.login(DEMO.marmaraAdmin);
    expect((await upload(marmara, [{ name: 'm.pdf', bytes: makePdf() }])).statusCode).toBe(404);

    const adminReport = (await upload(admin, [{ name: 'by-admin.pdf', bytes: makePdf() }])).json().data[0];
    const remove = (token: string, id: number) => t.call(token, { method: 'DELETE', url: `/api/turbines/${turbineId}/reports/${id}` });
    expect((await remove(operator, adminReport.id)).statusCode).toBe(403);
    expect((await remove(marmara, adminReport.id)).statusCode).toBe(404);
    const deleted = await remove(admin, adminReport.id);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Rapor başarıyla silindi' });
    expect((await storedKeys(t)).some((k) => k.endsWith('by-admin.pdf'))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: adminReport.report_url })).statusCode).toBe(404);
    expect((await remove(admin, adminReport.id)).json().code).toBe('REPORT_NOT_FOUND');
  });
});
