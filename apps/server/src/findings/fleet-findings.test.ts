/** Issue 27 item 3 (fleet questions): the fleet findings list and the distance bands hold the findings of the turbines
 *  the dashboard lists for the same filters (model, blade type…), in the actor's company only; a bar's count (open
 *  findings of the turbines of a model = their health.open summed, or a band's count) is the list's total. */
import type { DistanceBands, FleetFindingList, Turbine } from '@windscope/contract';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompanies, insertTurbine, unique, userByEmail } from '../../test/factories.ts';
import { insertFinding } from '../../test/finding-factories.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

describe('fleet findings by model, blade type and distance band', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const model = `FQ-${unique()}`;
  const bladeType = `BT-${unique()}`;
  let marmaraTurbine: number;
  let shortCode: string;
  let noModelTurbine: number;
  let blankModelTurbine: number;

  const get = async <T>(who: string, url: string): Promise<{ status: number; data: T; code?: string }> => {
    const res = await t.call(tokens[who] ?? null, { method: 'GET', url });
    const body = res.json();
    return { status: res.statusCode, data: body.data as T, code: body.code };
  };
  const list = (who: string, query: string) => get<FleetFindingList>(who, `/api/findings?${query}`);
  const exportOf = (who: string, query: string, lang = 'tr') =>
    t.call(tokens[who] ?? null, { method: 'GET', url: `/api/findings/export?${query}`, headers: { 'accept-language': lang } });
  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
  /** a CSV export's rows after the filters' line and the header: [finding number, turbine code] */
  const csvRows = (body: string) =>
    csvLines(body)
      .slice(2)
      .map((line) => line.split(','))
      .map(([id, code]) => [Number(id), code] as const);

  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, email] of Object.entries({
      admin: DEMO.egeAdmin,
      customer: DEMO.egeCustomer,
      superadmin: DEMO.superadmin,
      marmara: DEMO.marmaraAdmin,
    }))
      tokens[name] = await t.login(email);
    const { ege, marmara } = await demoCompanies(t);
    const operator = await userByEmail(t, DEMO.egeOperator);
    const longBlade = await insertTurbine(t, ege, { model, bladeType, bladeLengthM: 68.5 });
    const shortBlade = await insertTurbine(t, ege, { model, bladeType: null, bladeLengthM: null });
    shortCode = shortBlade.code;
    for (const f of [
      { status: 'confirmed', severity: 5, distance: 3 },
      { status: 'monitoring', severity: 3, distance: 12.5 },
      { status: 'repair_planned', severity: 2, distance: 19.99 },
      { status: 'draft', severity: 4, distance: 14 },
      { status: 'verified', severity: 2, distance: 15 },
      { status: 'confirmed', severity: 1, distance: null },
    ] as const)
      await insertFinding(t, longBlade.id, operator, f);
    await insertFinding(t, shortBlade.id, operator, { status: 'confirmed', severity: 4, distance: 41 });
    // without a model (none, or blank as an import may leave it) and without a blade type: the charts' "none" bars
    const noModel = await insertTurbine(t, ege, { model: null, bladeType: null });
    noModelTurbine = noModel.id;
    await insertFinding(t, noModel.id, operator, { status: 'confirmed', severity: 3, distance: 7 });
    await insertFinding(t, noModel.id, operator, { status: 'draft', severity: 3, distance: 7 });
    const blankModel = await insertTurbine(t, ege, { model: '  ', bladeType: `BT2-${unique()}` });
    blankModelTurbine = blankModel.id;
    await insertFinding(t, blankModel.id, operator, { status: 'monitoring', severity: 2, distance: 9 });
    // the same model in another company: never counted for Ege
    const marmaraOne = await insertTurbine(t, marmara, { model, bladeType });
    marmaraTurbine = marmaraOne.id;
    await insertFinding(t, marmaraOne.id, await userByEmail(t, DEMO.marmaraOperator), { status: 'confirmed', distance: 12 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a model bar's count (health.open of the listed turbines) is the list's total, only the actor's company", async () => {
    const turbines = await get<Turbine[]>('admin', '/api/turbines');
    const ofModel = turbines.data.filter((x) => x.model === model);
    const open = ofModel.reduce((sum, x) => sum + x.health.open, 0);
    expect(open).toBe(5);
    const answer = await list('admin', `model=${encodeURIComponent(model)}`);
    expect(answer.status).toBe(200);
    expect(answer.data.total).toBe(open);
    expect(answer.data.items.map((f) => f.severity)).toEqual([5, 4, 3, 2, 1]);
    expect(answer.data.items.every((f) => f.turbine_id !== marmaraTurbine)).toBe(true);
    expect(answer.data.items[0]?.turbine_code).toMatch(/^T-/);
    // the superadmin sees both companies' turbines of the model, or one company's when asked
    expect((await list('superadmin', `model=${encodeURIComponent(model)}`)).data.total).toBe(6);
    const { marmara } = await demoCompanies(t);
    expect((await list('superadmin', `model=${encodeURIComponent(model)}&filter_company_id=${marmara}`)).data.total).toBe(1);
    // another company's admin asking for Ege's company still gets his own
    expect((await list('marmara', `model=${encodeURIComponent(model)}&filter_company_id=1`)).data.total).toBe(1);
  });

  it('filters by blade type and by a distance band [from, to), and by status', async () => {
    const byType = await list('admin', `blade_type=${encodeURIComponent(bladeType)}`);
    expect(byType.data.total).toBe(4);
    const band = await list('admin', `model=${encodeURIComponent(model)}&distance_from=10&distance_to=20`);
    expect(band.data.items.map((f) => f.distance_from_root_m).sort()).toEqual([12.5, 19.99]);
    // drafts only for staff, and only when asked for
    const withDrafts = await list('admin', `model=${encodeURIComponent(model)}&distance_from=10&distance_to=20&status=open,draft`);
    expect(withDrafts.data.total).toBe(3);
    const customer = await list('customer', `model=${encodeURIComponent(model)}&distance_from=10&distance_to=20&status=open,draft`);
    expect(customer.data.total).toBe(2);
  });

  it("refuses a band that ends before it starts, or beyond any blade, in the user's words", async () => {
    for (const query of [
      'distance_from=20&distance_to=10',
      'distance_from=-1',
      'distance_to=201',
      'distance_from=abc',
      'status=lost',
      'no_model=0',
      'no_blade_type=yes',
      'no_model=1&model=X',
      'no_blade_type=1&blade_type=X',
      'limit=0',
      'limit=501',
      'limit=1.5',
      'offset=-1',
      'offset=abc',
    ])
      expect(await list('admin', query), query).toMatchObject({ status: 400, code: 'FINDING_FILTER_INVALID' });
    // the export reads the same filters by the same rules
    for (const query of [
      'distance_from=20&distance_to=10',
      'distance_to=201',
      'status=lost',
      'no_model=0',
      'no_blade_type=yes',
      'no_model=1&model=X',
      'no_blade_type=1&blade_type=X',
    ]) {
      const res = await exportOf('admin', query);
      expect([res.statusCode, res.json().code], query).toEqual([400, 'FINDING_FILTER_INVALID']);
    }
  });

  it('the export holds exactly the list\'s rows, in its order, for the same filters: the charts\' "none" bars too', async () => {
    const all = 'draft,confirmed,monitoring,repair_planned,repaired,verified,rejected';
    const m = encodeURIComponent(model);
    for (const who of ['admin', 'customer', 'superadmin', 'marmara']) {
      for (const query of [
        'no_model=1',
        'no_blade_type=1',
        'no_model=1&no_blade_type=1',
        `model=${m}&no_blade_type=1`,
        'no_model=1&distance_from=0&distance_to=10',
        `model=${m}&distance_from=10&distance_to=20`,
        'no_model=1&status=open,draft',
        `no_blade_type=1&status=${all}`,
        `model=${m}`,
      ]) {
        const listed = await list(who, query);
        expect(listed.status, `${who} ${query}`).toBe(200);
        expect(listed.data.total).toBeLessThanOrEqual(listed.data.limit);
        // as the fleet findings page asks: the list's filters, its statuses (open when none), the format
        const withStatus = query.includes('status=') ? query : `${query}&status=open`;
        const csv = await exportOf(who, `${withStatus}&format=csv`);
        expect(csv.statusCode, csv.body).toBe(200);
        expect(
          csvRows(csv.body).map(([id]) => id),
          `${who} ${query}`,
        ).toEqual(listed.data.items.map((f) => f.id));
      }
    }
    // the "no model" bar's findings: some, each of a turbine without a model, none of another company's
    const noModel = await list('admin', 'no_model=1');
    expect(noModel.data.items.map((f) => f.turbine_id)).toContain(noModelTurbine);
    const turbines = (await get<Turbine[]>('admin', '/api/turbines')).data;
    const codesWithout = (pick: (x: Turbine) => string | null) => new Set(turbines.filter((x) => !pick(x)?.trim()).map((x) => x.code));
    const exported = csvRows((await exportOf('admin', 'no_model=1&status=open')).body);
    expect(exported.length).toBe(noModel.data.total);
    expect(exported.every(([, code]) => codesWithout((x) => x.model).has(code ?? ''))).toBe(true);
    // without a status: every status the user may see, still only those turbines (the admin's drafts too)
    const everyStatus = csvRows((await exportOf('admin', 'no_blade_type=1')).body);
    expect(everyStatus.map(([id]) => id)).toEqual((await list('admin', `no_blade_type=1&status=${all}`)).data.items.map((f) => f.id));
    expect(everyStatus.length).toBeGreaterThan((await list('admin', 'no_blade_type=1')).data.total);
    expect(everyStatus.every(([, code]) => codesWithout((x) => x.blade_type).has(code ?? ''))).toBe(true);

    // the file names the filters as the page shows them, in TR and EN; the XLSX holds the same rows
    const firstLine = async (query: string, lang: string) => csvLines((await exportOf('admin', query, lang)).body)[0];
    expect(await firstLine('no_model=1&distance_from=0&distance_to=10&status=open', 'tr')).toBe(
      'Filtreler: Model: girilmemiş; Kökten uzaklık: 0–10 m; Durum: Açık',
    );
    expect(await firstLine(`model=${m}&no_blade_type=1&status=open`, 'en')).toBe(
      `Filters: Model: ${model}; Blade type: not given; Status: Open`,
    );
    const xlsx = await exportOf('admin', 'no_model=1&status=open&format=xlsx');
    const sheet = strFromU8(unzipSync(new Uint8Array(xlsx.rawPayload))['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet.match(/<row /g)?.length).toBe(noModel.data.total + 1);
  });

  it('"no model" / "no blade type": the open findings of the turbines the chart counts in its "none" bar', async () => {
    const turbines = (await get<Turbine[]>('admin', '/api/turbines')).data;
    const blank = (value: string | null) => !value || value.trim() === '';
    const openOf = (pick: (x: Turbine) => boolean) => turbines.filter(pick).reduce((sum, x) => sum + x.health.open, 0);

    const noModel = await list('admin', 'no_model=1');
    expect(noModel.status).toBe(200);
    expect(noModel.data.total).toBe(openOf((x) => blank(x.model)));
    const ids = new Set(noModel.data.items.map((f) => f.turbine_id));
    expect(ids.has(noModelTurbine) && ids.has(blankModelTurbine)).toBe(true);
    expect(noModel.data.items.every((f) => blank(turbines.find((x) => x.id === f.turbine_id)?.model ?? null))).toBe(true);

    const noType = await list('admin', 'no_blade_type=1');
    expect(noType.data.total).toBe(openOf((x) => blank(x.blade_type)));
    const typeIds = new Set(noType.data.items.map((f) => f.turbine_id));
    expect(typeIds.has(noModelTurbine)).toBe(true);
    expect(typeIds.has(blankModelTurbine)).toBe(false);
    // with the dashboard's other filters: the model's turbine without a blade type (one open finding at 41 m)
    const ofModel = await list('admin', `model=${encodeURIComponent(model)}&no_blade_type=1`);
    expect(ofModel.data.items.map((f) => f.distance_from_root_m)).toEqual([41]);
    // only the actor's company
    expect((await list('marmara', 'no_model=1')).data.items.some((f) => f.turbine_id === noModelTurbine)).toBe(false);
  });

  it('pages through every match: limit and offset, the same total on each page, no finding twice', async () => {
    const query = `model=${encodeURIComponent(model)}&status=open,draft`;
    const whole = await list('admin', query);
    expect(whole.data).toMatchObject({ offset: 0, limit: 500, total: 6 });
    const seen: number[] = [];
    for (let offset = 0; offset < whole.data.total; offset += 2) {
      const page = await list('admin', `${query}&limit=2&offset=${offset}`);
      expect(page.status).toBe(200);
      expect(page.data).toMatchObject({ total: whole.data.total, offset, limit: 2 });
      expect(page.data.items.length).toBe(Math.min(2, whole.data.total - offset));
      seen.push(...page.data.items.map((f) => f.id));
    }
    expect(seen).toEqual(whole.data.items.map((f) => f.id));
    const past = await list('admin', `${query}&limit=2&offset=${whole.data.total + 10}`);
    expect(past.data.items).toEqual([]);
    expect(past.data.total).toBeGreaterThan(0);
  });

  it('counts open findings per 10 m band up to the longest blade of the listed turbines', async () => {
    const bands = await get<DistanceBands>('admin', `/api/findings/distance-bands?model=${encodeURIComponent(model)}`);
    expect(bands.status).toBe(200);
    // 68.5 m blade: seven bands even though the furthest finding is at 41 m
    expect(bands.data.bands.map((b) => [b.from, b.count])).toEqual([
      [0, 1],
      [10, 2],
      [20, 0],
      [30, 0],
      [40, 1],
      [50, 0],
      [60, 0],
    ]);
    expect(bands.data.without_distance).toBe(1);
    // each band's count is the list's total for that band
    for (const b of bands.data.bands) {
      const answer = await list('admin', `model=${encodeURIComponent(model)}&distance_from=${b.from}&distance_to=${b.to}`);
      expect(answer.data.total, `${b.from}-${b.to}`).toBe(b.count);
    }
    // without a blade length the axis ends at the furthest finding's band; no turbine listed, no band
    const short = await get<DistanceBands>('admin', `/api/findings/distance-bands?q=${encodeURIComponent(shortCode)}`);
    expect(short.data.bands.map((b) => b.count)).toEqual([0, 0, 0, 0, 1]);
    const none = await get<DistanceBands>('admin', '/api/findings/distance-bands?q=nothing-matches-this');
    expect(none.data).toEqual({ bands: [], without_distance: 0 });
  });
});
