/** DECISIONS §18 (issue 27 item 1): the strip maps' axis ends at the blade's length when the turbine has one, else at
 *  the furthest finding (rounded up), read back from the generated PDF's blade map page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripAxisLength } from '@windscope/contract';
import { demoCompanies, insertTurbine, userByEmail } from '../../../test/factories.ts';
import { insertFinding } from '../../../test/finding-factories.ts';
import { createTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { readPdf } from '../../../test/pdf-read.ts';

describe('the strip maps follow the blade length', () => {
  let t: TestApp;
  let operator: string;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await t.login(DEMO.egeOperator);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The tick labels under the blade maps, in order, of a turbine's generated Turkish report. */
  async function axisTicks(bladeLengthM: number | null): Promise<string[]> {
    const { ege } = await demoCompanies(t);
    const author = await userByEmail(t, DEMO.egeOperator);
    const turbine = await insertTurbine(t, ege, { bladeLengthM });
    for (const distance of [6, 21.5, 38]) await insertFinding(t, turbine.id, author, { status: 'confirmed', blade: 'A', distance });
    const start = await t.call(operator, {
      method: 'POST',
      url: `/api/turbines/${turbine.id}/reports/generate`,
      payload: { language: 'tr' },
      headers: { 'x-language': 'tr' },
    });
    expect(start.statusCode).toBe(202);
    await t.app.ctx.reportJobs.idle();
    const job = (await t.call(operator, { method: 'GET', url: `/api/turbines/${turbine.id}/reports/jobs/${start.json().data.id}` })).json()
      .data as { status: string; report_id: number };
    expect(job.status).toBe('done');
    const list = (await t.call(operator, { method: 'GET', url: `/api/turbines/${turbine.id}/reports` })).json().data as {
      id: number;
      report_url: string;
    }[];
    const file = await t.app.inject({ method: 'GET', url: list.find((r) => r.id === job.report_id)?.report_url ?? '' });
    const pdf = await readPdf(file.rawPayload);
    const page = pdf.text.find((text) => text.includes('Kökten uzaklık (m)'));
    if (!page) throw new Error('no blade map page');
    // the first blade's axis: the numbers between the lane names and the axis title
    const first = page.slice(0, page.indexOf('Kökten uzaklık (m)'));
    return (first.match(/(?<=\s|^)\d+(,\d+)?(?=\s|$)/g) ?? []).filter((n) => n !== '');
  }

  it('ends at 67,5 m for a 67.5 m blade, though the furthest finding is at 38 m', async () => {
    const ticks = await axisTicks(67.5);
    expect(ticks.slice(-3)).toEqual(['50', '60', '67,5']);
    expect(ticks).not.toContain('70');
  });

  it('ends at the furthest finding rounded up when the blade length is not known', async () => {
    expect(stripAxisLength(null, [6, 21.5, 38])).toBe(40);
    const ticks = await axisTicks(null);
    expect(ticks.slice(-2)).toEqual(['35', '40']);
    expect(ticks).not.toContain('45');
  });
});
