/** Issue 24 item 2: an export holds what the screen shows. A turbine's export with the list's filters has exactly the
 *  list route's rows, in its order; the fleet export with the dashboard's filters has exactly the findings of the
 *  turbines the dashboard lists (the turbine list route filtered by the contract's applyTurbineFilters, the web's own
 *  code); the filters are named in the file (the CSV's first line, a sheet of the XLSX) in TR and EN. */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyTurbineFilters,
  type Finding,
  indexTurbines,
  type Turbine,
  turbineFilterQueryOf,
  turbineFiltersOfQuery,
  NO_TURBINE_FILTERS,
} from '@windscope/contract';
import { demoCompanies, insertTurbine, userByEmail } from '../../test/factories.ts';
import { insertFinding } from '../../test/finding-factories.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
/** The filters' line as a spreadsheet shows its one cell (quoted when it holds a comma or a quote). */
const filtersLine = (body: string) => {
  const line = csvLines(body)[0] ?? '';
  return line.startsWith('"') ? line.slice(1, -1).replaceAll('""', '"') : line;
};
/** The finding numbers of a CSV export: the first column of every line after the filters' line and the header. */
const csvIds = (body: string) =>
  csvLines(body)
    .slice(2)
    .map((line) => Number(line.split(',')[0]));
const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter((e): e is [string, string | number] => e[1] !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
const xlsxParts = (bytes: Buffer) =>
  Object.fromEntries(Object.entries(unzipSync(new Uint8Array(bytes))).map(([name, part]) => [name, strFromU8(part)]));

describe('exports match the screen', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let turbineId: number;
  let code: string;

  const get = (who: string, url: string, lang = 'tr') =>
    t.call(tokens[who] ?? null, { method: 'GET', url, headers: { 'accept-language': lang } });

  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, email] of Object.entries({ admin: DEMO.egeAdmin, customer: DEMO.egeCustomer, superadmin: DEMO.superadmin }))
      tokens[name] = await t.login(email);
    const ege = (await demoCompanies(t)).ege;
    const operator = await userByEmail(t, DEMO.egeOperator);
    const turbine = await insertTurbine(t, ege, { city: 'çeşme' });
    turbineId = turbine.id;
    code = turbine.code;
    // a spread of severities, statuses, blades, types and years
    const spread = [
      { severity: 5, status: 'confirmed', blade: 'A', type: 'crack', year: 2026 },
      { severity: 5, status: 'repair_planned', blade: 'B', type: 'erosion', year: 2025, dueDate: '2026-01-10' },
      { severity: 4, status: 'draft', blade: 'B', type: 'crack', year: 2026 },
      { severity: 3, status: 'monitoring', blade: 'C', type: 'lightning', year: 2025, dueDate: '2027-03-01' },
      { severity: 2, status: 'verified', blade: 'A', type: 'crack', year: 2024 },
      { severity: 1, status: 'rejected', blade: 'C', type: 'impact', year: 2026 },
      { severity: 3, status: 'confirmed', blade: 'A', type: 'erosion', year: 2026 },
    ] as const;
    for (const f of spread) await insertFinding(t, turbineId, operator, f);
  });
  afterAll(async () => {
    await t?.close();
  });

  const filterSets: Record<string, string | number | undefined>[] = [
    {},
    { min_severity: 5 },
    { status: 'open' },
    { status: 'draft,rejected', sort: 'blade' },
    { blade: 'B', sort: 'due_date' },
    { type: 'crack', year: 2026, order: 'asc' },
    { severity: 3, surface: 'LE' },
    { min_severity: 4, status: 'open', sort: 'last_seen' },
  ];

  it("a turbine's export with the list's filters holds exactly the list route's rows, in its order", async () => {
    for (const who of ['admin', 'customer']) {
      for (const filters of filterSets) {
        const list = await get(who, `/api/turbines/${turbineId}/findings?${query(filters)}`);
        expect(list.statusCode, list.body).toBe(200);
        const listed = (list.json().data as Finding[]).map((f) => f.id);
        const csv = await get(who, `/api/turbines/${turbineId}/findings/export?${query({ ...filters, format: 'csv' })}`);
        expect(csv.statusCode, csv.body).toBe(200);
        expect(csvIds(csv.body), `${who} ${JSON.stringify(filters)}`).toEqual(listed);
        const xlsx = await get(who, `/api/turbines/${turbineId}/findings/export?${query({ ...filters, format: 'xlsx' })}`);
        const sheet = xlsxParts(xlsx.rawPayload)['xl/worksheets/sheet1.xml'] ?? '';
        expect(sheet.match(/<row /g)?.length, `${who} xlsx ${JSON.stringify(filters)}`).toBe(listed.length + 1);
      }
    }
    // the case of the report: "severity at least 5" shows 2 rows and exports 2
    const two = await get('admin', `/api/turbines/${turbineId}/findings/export?min_severity=5`);
    expect(csvIds(two.body)).toHaveLength(2);
  });

  it('names the filters on the CSV first line and in a sheet of the XLSX, in TR and EN', async () => {
    const path = `/api/turbines/${turbineId}/findings/export?min_severity=5&status=open&blade=B`;
    expect(filtersLine((await get('admin', path)).body)).toBe('Filtreler: Durum: Açık; En az önem: 5 · Kritik ve üstü; Kanat: B');
    expect(filtersLine((await get('admin', path, 'en')).body)).toBe(
      'Filters: Status: Open; Severity at least: 5 · Critical or worse; Blade: B',
    );
    const all = `/api/turbines/${turbineId}/findings/export`;
    expect(filtersLine((await get('admin', all)).body)).toBe('Filtreler: yok (tüm bulgular)');
    expect(filtersLine((await get('admin', all, 'en')).body)).toBe('Filters: none (all findings)');
    expect(csvLines((await get('admin', all, 'en')).body)[1]).toMatch(/^No,Turbine,Blade/);
    for (const [lang, sheetName, expected] of [
      ['tr', 'Filtreler', ['En az önem', '5 · Kritik ve üstü', 'Türbin', code, 'Bulgular']],
      ['en', 'Filters', ['Severity at least', '5 · Critical or worse', 'Turbine', code, 'Findings']],
    ] as const) {
      const parts = xlsxParts((await get('admin', `${path}&format=xlsx`, lang)).rawPayload);
      expect(parts['xl/workbook.xml']).toContain(`name="${sheetName}"`);
      const text = Object.entries(parts)
        .filter(([name]) => name.startsWith('xl/'))
        .map(([, part]) => part)
        .join('\n');
      for (const word of expected) expect(text).toContain(word);
    }
  });

  it("the dashboard's export holds the findings of exactly the turbines the dashboard lists for its filters", async () => {
    for (const who of ['admin', 'customer', 'superadmin']) {
      const turbines = (await get(who, '/api/turbines')).json().data as Turbine[];
      const index = indexTurbines(turbines);
      const dashboards = [
        { text: code, city: null, year: null, minSeverity: null },
        { text: '', city: 'çeşme', year: null, minSeverity: 5 },
        { text: '', city: null, year: null, minSeverity: 4 },
        { text: 'cesme', city: null, year: new Date(turbines[0]?.updated_at ?? 0).getUTCFullYear(), minSeverity: null },
        // the audit's case: nothing listed, nothing exported
        { text: 'no turbine is called this', city: null, year: null, minSeverity: null },
        { text: '', city: null, year: null, minSeverity: null },
      ];
      for (const shown of dashboards) {
        const filters = { ...NO_TURBINE_FILTERS, ...shown };
        const listed = applyTurbineFilters(index, filters);
        const expected: number[] = [];
        for (const turbine of listed) {
          const rows = (await get(who, `/api/turbines/${turbine.id}/findings`)).json().data as Finding[];
          expected.push(...rows.map((f) => f.id));
        }
        const params = turbineFilterQueryOf(filters);
        expect(turbineFiltersOfQuery(params)).toEqual(filters);
        const csv = await get(who, `/api/findings/export?${query({ ...params, format: 'csv' })}`);
        expect(csv.statusCode, csv.body).toBe(200);
        expect(
          csvIds(csv.body).sort((a, b) => a - b),
          `${who} ${JSON.stringify(filters)}`,
        ).toEqual(expected.sort((a, b) => a - b));
      }
    }
    const named = await get('admin', `/api/findings/export?${query({ q: 'wt', city: 'çeşme', severity: 4 })}`);
    expect(filtersLine(named.body)).toBe('Filtreler: Arama: wt; Şehir: Çeşme; En kötü önem en az: 4 · Yüksek ve üstü');
    const namedEn = await get('admin', `/api/findings/export?${query({ q: 'wt', city: 'çeşme', severity: 4 })}`, 'en');
    expect(filtersLine(namedEn.body)).toBe('Filters: Search: wt; City: Çeşme; Worst severity at least: 4 · High or worse');
    const parts = xlsxParts((await get('admin', `/api/findings/export?${query({ city: 'çeşme', format: 'xlsx' })}`, 'en')).rawPayload);
    expect(Object.values(parts).join('\n')).toContain('Turbines listed');
  });

  it('refuses a malformed filter with the filter message, as the list does', async () => {
    for (const path of [
      `/api/turbines/${turbineId}/findings/export?min_severity=9`,
      '/api/findings/export?severity=0',
      '/api/findings/export?year=x',
    ]) {
      const res = await get('admin', path);
      expect([res.statusCode, res.json().code], path).toEqual([400, 'FINDING_FILTER_INVALID']);
    }
  });
});
