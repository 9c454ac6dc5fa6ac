import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDING_TYPE_LABELS, type FindingType, SEVERITY_SCALE, type Severity } from '@windscope/contract';
import { findingEvents, findingObservations, findings, reportJobs, reports, users } from '../../db/schema.ts';
import { demoCompanies, insertTurbine, userByEmail } from '../../../test/factories.ts';
import { insertFinding, insertKindPhoto } from '../../../test/finding-factories.ts';
import { createTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { readPdf } from '../../../test/pdf-read.ts';
import { insertCampaign, insertWaiver } from '../../../test/campaign-factories.ts';

/** A photographic-looking crop: a gradient with noise, WebP as findings/evidence-crop.ts stores them. */
async function makeCrop(seed: number): Promise<Buffer> {
  const width = 400;
  const height = 300;
  const raw = Buffer.alloc(width * height * 3);
  let s = seed * 7919 + 1;
  for (let i = 0; i < raw.length; i += 3) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const p = i / 3;
    raw[i] = ((p % width) / width) * 200 + (s % 40);
    raw[i + 1] = (Math.floor(p / width) / height) * 180 + ((s >> 8) % 40);
    raw[i + 2] = 60 + ((s >> 16) % 60);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .webp({ quality: 80 })
    .toBuffer();
}

const TYPES: FindingType[] = ['erosion', 'crack', 'lightning', 'delamination', 'coating_loss'];

describe.each(['fs', 's3'] as const)('generated reports on the %s driver', (storage) => {
  let t: TestApp;
  let operator: string;
  let customer: string;
  let viewer: string;
  let turbineId: number;
  let otherTurbineId: number;
  let turbineCode: string;
  let crops = 0;
  // a fixed issue date (sessions are judged by the real clock too, so it is today)
  const issued = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const issuedDay = issued.toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp({ storage });
    t.clock.set(issued);
    operator = await t.login(DEMO.egeOperator);
    customer = await t.login(DEMO.egeCustomer);
    viewer = await t.login(DEMO.egeViewer);
    const companies = await demoCompanies(t);
    const author = await userByEmail(t, DEMO.egeOperator);
    turbineCode = `RG-${storage}-Ğ1`;
    const turbine = await insertTurbine(t, companies.ege, { code: turbineCode, turbineName: 'Çeşme Rüzgâr 7', siteName: 'Çeşme' });
    turbineId = turbine.id;
    otherTurbineId = (await insertTurbine(t, companies.marmara)).id;
    // five reviewed findings, seen in 2025 and 2026, each with a crop per year; one draft that must not appear
    for (const [i, type] of TYPES.entries()) {
      const p2025 = await insertKindPhoto(t, turbineId, author, { year: 2025 });
      const p2026 = await insertKindPhoto(t, turbineId, author, { year: 2026 });
      const finding = await insertFinding(t, turbineId, author, {
        status: i === 0 ? 'repair_planned' : 'confirmed',
        severity: (i % 5) + 1,
        type,
        blade: (['A', 'B', 'C'] as const)[i % 3],
        surface: (['LE', 'TE', 'PS', 'SS', 'interior'] as const)[i],
        room: i === 4 ? 2 : null,
        distance: 4 + i * 9.5,
        lengthMm: 40 + i * 10,
        year: 2026,
        photoIds: [p2025.id, p2026.id],
        dueDate: i === 0 ? '2026-10-01' : null,
      });
      const observations = await t.app.ctx.db.select().from(findingObservations).where(eq(findingObservations.findingId, finding.id));
      for (const [j, o] of observations.entries()) {
        const key = `turbines/${turbineId}/findings/${1000 + i * 10 + j}-1-crop.webp`;
        await t.app.ctx.storage.writeBuffer(key, await makeCrop(i * 10 + j), { contentType: 'image/webp' });
        await t.app.ctx.db
          .update(findingObservations)
          .set({ cropKey: key, year: j === 0 ? 2025 : 2026 })
          .where(eq(findingObservations.id, o.id));
        crops++;
      }
    }
    await insertFinding(t, turbineId, author, { status: 'draft', type: 'missing_part', severity: 5 });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function generate(token: string, language: 'tr' | 'en', id = turbineId) {
    return t.call(token, {
      method: 'POST',
      url: `/api/turbines/${id}/reports/generate`,
      payload: { language },
      headers: { 'x-language': language },
    });
  }
  async function finished(jobId: number, id = turbineId) {
    await t.app.ctx.reportJobs.idle();
    const res = await t.call(operator, { method: 'GET', url: `/api/turbines/${id}/reports/jobs/${jobId}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      id: number;
      status: string;
      progress: number;
      unchanged_since: string | null;
      unchanged_message: string | null;
      report_id: number | null;
      inputs_hash: string | null;
      error_code: string | null;
      error_message: string | null;
    };
  }
  async function download(reportId: number) {
    const list = (await t.call(operator, { method: 'GET', url: `/api/turbines/${turbineId}/reports` })).json().data as {
      id: number;
      report_url: string;
      generated: boolean;
      inputs_hash: string | null;
      original_filename: string;
    }[];
    const report = list.find((r) => r.id === reportId);
    if (!report) throw new Error('report not listed');
    const file = await t.app.inject({ method: 'GET', url: report.report_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    return { report, bytes: file.rawPayload };
  }

  it('generates the Turkish report as a job: a new revision marked generated, with its inputs hash, text and crops inside', async () => {
    const start = await generate(operator, 'tr');
    expect(start.statusCode).toBe(202);
    expect(start.json()).toMatchObject({ success: true, message: 'Rapor oluşturuluyor.', data: { status: 'queued', language: 'tr' } });
    const job = await finished(start.json().data.id);
    expect(job).toMatchObject({ status: 'done', progress: 100, error_code: null });
    expect(job.inputs_hash).toMatch(/^[0-9a-f]{64}$/);
    const { report, bytes } = await download(job.report_id ?? 0);
    expect(report).toMatchObject({ generated: true, inputs_hash: job.inputs_hash });
    expect(report.original_filename).toMatch(new RegExp(`^muayene-raporu-RG-.*-G1-${issuedDay}.pdf$`));
    // REPORT_SAMPLE_DIR=/tmp/x keeps the document to look at (pdftoppm)
    if (process.env.REPORT_SAMPLE_DIR) writeFileSync(path.join(process.env.REPORT_SAMPLE_DIR, `report-${storage}-tr.pdf`), bytes);
    const pdf = await readPdf(bytes);
    const all = pdf.text.join('\n');
    expect(all).toContain(turbineCode);
    for (const [i, type] of TYPES.entries()) {
      expect(all).toContain(FINDING_TYPE_LABELS[type].tr);
      expect(all).toContain(SEVERITY_SCALE[((i % 5) + 1) as Severity].tr);
    }
    // the draft finding is not reviewed: not in the report
    expect(all).not.toContain(FINDING_TYPE_LABELS.missing_part.tr);
    for (const letter of ['İ', 'ı', 'Ş', 'ş', 'Ğ', 'ğ', 'Ç', 'ç', 'Ö', 'ö', 'Ü', 'ü']) expect(all, letter).toContain(letter);
    expect(all).toContain('İÇİNDEKİLER');
    // the city is stored lower-cased ("izmir") and printed with its Turkish capital (issue 24 item 9)
    expect(all).toMatch(/Şehir\s*İzmir/);
    expect(all).not.toMatch(/Şehir\s*izmir/);
    // each finding carries its number in the app and links to its page there (issue 24 item 7)
    const shown = await t.app.ctx.db
      .select({ id: findings.id, status: findings.status })
      .from(findings)
      .where(eq(findings.turbineId, turbineId));
    const reviewed = shown.filter((f) => f.status !== 'draft' && f.status !== 'rejected');
    expect(reviewed.length).toBeGreaterThan(0);
    for (const f of reviewed) {
      expect(all).toContain(`(#${f.id})`);
      expect(pdf.links).toContain(`${t.app.ctx.config.publicUrl}/dashboard/turbine/${turbineId}?finding=${f.id}`);
    }
    expect(all).toContain('Sayfa 1 / ');
    expect(all).toContain(`Sayfa ${pdf.pages} / ${pdf.pages}`);
    expect(all).toMatch(/Süresi geçmiş onarımlar/);
    expect(pdf.pages).toBeGreaterThanOrEqual(7);
    expect(pdf.pages).toBeLessThanOrEqual(20);
    expect(pdf.images).toBe(crops);
    expect(String(pdf.info.Title)).toContain('Kanat Muayene Raporu');
  });

  it('generates the English report in English; the same inputs answer that revision unless a new issue date is asked', async () => {
    const first = await finished((await generate(operator, 'en')).json().data.id);
    expect(first).toMatchObject({ status: 'done', unchanged_since: null, unchanged_message: null });
    // nothing changed: the newest revision is the answer, with when it was issued, and no second PDF
    t.clock.advance(60 * 60_000);
    const before = await t.app.ctx.db.select({ id: reports.id }).from(reports).where(eq(reports.turbineId, turbineId));
    const second = await finished((await generate(operator, 'en')).json().data.id);
    expect(second).toMatchObject({ status: 'done', report_id: first.report_id, inputs_hash: first.inputs_hash });
    expect(second.unchanged_since).toBe(issued.toISOString());
    const after = await t.app.ctx.db.select({ id: reports.id }).from(reports).where(eq(reports.turbineId, turbineId));
    expect(after.length).toBe(before.length);
    const trAnswer = await t.call(operator, {
      method: 'GET',
      url: `/api/turbines/${turbineId}/reports/jobs/${second.id}`,
      headers: { 'x-language': 'tr' },
    });
    const when = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Istanbul' }).format(issued);
    expect(trAnswer.json().data.unchanged_message).toBe(
      `Rapor ${when} tarihinden beri değişmedi; o revizyon kullanılıyor. Yeni tarihli bir revizyon için “Yeni düzenleme tarihi” seçeneğini işaretleyin.`,
    );
    const enAnswer = await t.call(operator, {
      method: 'GET',
      url: `/api/turbines/${turbineId}/reports/jobs/${second.id}`,
      headers: { 'x-language': 'en' },
    });
    expect(enAnswer.json().data.unchanged_message).toMatch(
      /^The report is unchanged since \d{1,2} \w{3,4} \d{4}, \d\d:\d\d; that revision is used\./,
    );
    const a = await download(first.report_id ?? 0);
    const pdf = await readPdf(a.bytes);
    const all = pdf.text.join('\n');
    expect(all).toContain('BLADE INSPECTION REPORT');
    expect(all).toContain('CONTENTS');
    expect(all).toContain(`Page ${pdf.pages} of ${pdf.pages}`);
    for (const [i, type] of TYPES.entries()) {
      expect(all).toContain(FINDING_TYPE_LABELS[type].en);
      expect(all).toContain(SEVERITY_SCALE[((i % 5) + 1) as Severity].en);
    }
    expect(all).not.toContain('Önem derecesi');
    expect(all).not.toContain('Sayfa');
    // a new issue date asked for: the same inputs hash, another document (the date is printed and in the metadata)
    const thirdStart = await t.call(operator, {
      method: 'POST',
      url: `/api/turbines/${turbineId}/reports/generate`,
      payload: { language: 'en', new_issue_date: true },
    });
    expect(thirdStart.json().data.new_issue_date).toBe(true);
    const third = await finished(thirdStart.json().data.id);
    t.clock.set(issued);
    expect(third).toMatchObject({ status: 'done', unchanged_since: null });
    expect(third.report_id).not.toBe(first.report_id);
    const c = await download(third.report_id ?? 0);
    expect(Buffer.compare(a.bytes, c.bytes)).not.toBe(0);
    expect(third.inputs_hash).toBe(first.inputs_hash);
    // the newest revision is now the third: an unchanged answer points at it
    const fifth = await finished((await generate(operator, 'en')).json().data.id);
    expect(fifth.report_id).toBe(third.report_id);
    // another language: another hash
    const fourthStart = await generate(operator, 'tr');
    const fourth = await finished(fourthStart.json().data.id);
    expect(fourth.inputs_hash).not.toBe(first.inputs_hash);
  });

  it('names the campaign the turbine is in that year, and says so when the author also reviewed (issue 24 items 6, 10)', async () => {
    const companies = await demoCompanies(t);
    const manager = await userByEmail(t, DEMO.egeManager);
    const turbine = await insertTurbine(t, companies.ege, { code: `RC-${storage}` });
    const campaign = await insertCampaign(t, companies.ege, [turbine.id], { name: `Yaz Muayenesi ${storage}`, year: 2026 });
    await insertCampaign(t, companies.ege, [turbine.id], { name: `Eski ${storage}`, year: 2025 });
    const finding = await insertFinding(t, turbine.id, manager, { status: 'confirmed', year: 2026 });
    const name = `${manager.firstName} ${manager.lastName}`.trim();
    await t.app.ctx.db.insert(findingEvents).values({
      findingId: finding.id,
      kind: 'status',
      actorId: manager.id,
      actorName: name,
      before: { status: 'draft' },
      after: { status: 'confirmed' },
    });
    const managerToken = await t.login(DEMO.egeManager);
    const start = await generate(managerToken, 'tr', turbine.id);
    expect(start.statusCode, start.body).toBe(202);
    const job = await finished(start.json().data.id, turbine.id);
    expect(job.status, job.error_message ?? '').toBe('done');
    const list = (await t.call(managerToken, { method: 'GET', url: `/api/turbines/${turbine.id}/reports` })).json().data as {
      id: number;
      report_url: string;
    }[];
    const file = await t.app.inject({ method: 'GET', url: list.find((r) => r.id === job.report_id)?.report_url ?? '' });
    const all = (await readPdf(file.rawPayload)).text.join('\n');
    // the cover said "Kampanya: —" for a turbine in that year's campaign; last year's campaign is not this report's
    expect(all).toMatch(new RegExp(`Kampanya\\s*${campaign.name}`));
    expect(all).not.toContain(`Eski ${storage}`);
    // the same person prepared the document and reviewed the finding: said, not two roles with one name
    expect(all).toContain(`${name} (raporu da hazırladı)`);
  });

  it('tells two accounts with the same name apart: a namesake who generates did not review (issue 24 item 6)', async () => {
    const companies = await demoCompanies(t);
    const reviewer = await userByEmail(t, DEMO.egeManager);
    const namesake = await userByEmail(t, DEMO.egeOperator);
    const turbine = await insertTurbine(t, companies.ege, { code: `RN-${storage}` });
    const finding = await insertFinding(t, turbine.id, reviewer, { status: 'confirmed', year: 2026 });
    const name = `Aynı İsim ${storage}`;
    await t.app.ctx.db
      .update(users)
      .set({ firstName: 'Aynı', lastName: `İsim ${storage}` })
      .where(eq(users.id, namesake.id));
    await t.app.ctx.db.insert(findingEvents).values({
      findingId: finding.id,
      kind: 'status',
      actorId: reviewer.id,
      actorName: name,
      before: { status: 'draft' },
      after: { status: 'confirmed' },
    });
    try {
      const token = await t.login(DEMO.egeOperator);
      const start = await generate(token, 'tr', turbine.id);
      expect(start.statusCode, start.body).toBe(202);
      const job = await finished(start.json().data.id, turbine.id);
      expect(job.status, job.error_message ?? '').toBe('done');
      const list = (await t.call(token, { method: 'GET', url: `/api/turbines/${turbine.id}/reports` })).json().data as {
        id: number;
        report_url: string;
      }[];
      const file = await t.app.inject({ method: 'GET', url: list.find((r) => r.id === job.report_id)?.report_url ?? '' });
      const all = (await readPdf(file.rawPayload)).text.join('\n');
      // both names print; the reviewer is another account, so nobody "also prepared" it
      expect(all).toContain(name);
      expect(all).not.toContain('raporu da hazırladı');
    } finally {
      await t.app.ctx.db.update(users).set({ firstName: namesake.firstName, lastName: namesake.lastName }).where(eq(users.id, namesake.id));
    }
  });

  it('generates one document for a whole campaign, a generated revision in each of its turbines', async () => {
    const companies = await demoCompanies(t);
    const author = await userByEmail(t, DEMO.egeOperator);
    // a long code (60 characters at most) is wrapped in the summary's narrow first column, never cut
    const second = await insertTurbine(t, companies.ege, { code: `RG-${storage}-Ş2-KUZEYBATI-YAMAÇ-SAHASI-0042` });
    await insertFinding(t, second.id, author, { status: 'monitoring', type: 'hole', severity: 4, distance: 12, year: 2026 });
    // two turbines never photographed: one simply not reached, one whose only method was waived as a whole
    const unseen = await insertTurbine(t, companies.ege, { code: `RG-${storage}-N3`, turbineName: 'Kuzey 3' });
    const waivedTurbine = await insertTurbine(t, companies.ege, { code: `RG-${storage}-W4`, turbineName: 'Batı 4' });
    const campaign = await insertCampaign(t, companies.ege, [turbineId, second.id, unseen.id, waivedTurbine.id], {
      name: 'Ege Güz Kampanyası 2026',
    });
    const manager = await userByEmail(t, DEMO.egeManager);
    await insertWaiver(t, campaign.id, waivedTurbine.id, manager, { method: 'drone', blade: null });
    // the first turbine's drone photos are of blade A: blade B's empty cell is waived
    await insertWaiver(t, campaign.id, turbineId, manager, { method: 'drone', blade: 'B' });
    const generateCampaign = async (language: 'tr' | 'en') => {
      const answer = await t.call(operator, {
        method: 'POST',
        url: `/api/campaigns/${campaign.id}/reports/generate`,
        payload: { language },
      });
      expect(answer.statusCode).toBe(202);
      await t.app.ctx.reportJobs.idle();
      return answer;
    };
    const start = await generateCampaign('tr');
    const res = await t.call(operator, { method: 'GET', url: `/api/campaigns/${campaign.id}/reports/jobs/${start.json().data.id}` });
    expect(res.json().data).toMatchObject({ status: 'done', progress: 100 });
    const ofSecond = (await t.call(operator, { method: 'GET', url: `/api/turbines/${second.id}/reports` })).json().data as {
      id: number;
      report_url: string;
      generated: boolean;
      inputs_hash: string;
    }[];
    expect(ofSecond).toHaveLength(1);
    expect(ofSecond[0]).toMatchObject({ generated: true, inputs_hash: res.json().data.inputs_hash });
    const file = await t.app.inject({ method: 'GET', url: ofSecond[0]?.report_url ?? '' });
    if (process.env.REPORT_SAMPLE_DIR)
      writeFileSync(path.join(process.env.REPORT_SAMPLE_DIR, `campaign-${storage}-tr.pdf`), file.rawPayload);
    const pdf = await readPdf(file.rawPayload);
    const all = pdf.text.join('\n');
    expect(all).toContain('KAMPANYA MUAYENE RAPORU');
    expect(all).toContain('Ege Güz Kampanyası 2026');
    // the summary's headers are whole, wrapped where they are long (issue 24 item 8: "Süresi…" was cut)
    expect(all).not.toMatch(/(Süresi|Toplam|Kozmetik|Bulgu)…/);
    expect(all).toContain(turbineCode);
    expect(all).toContain(`RG-${storage}-Ş2`);
    expect(all).not.toMatch(new RegExp(`RG-${storage}-Ş2[^\\s]*…`));
    expect(all.replace(/\s+/g, '')).toContain(`RG-${storage}-Ş2-KUZEYBATI-YAMAÇ-SAHASI-0042`);
    expect(all).toContain(FINDING_TYPE_LABELS.hole.tr);
    expect(pdf.images).toBe(crops);
    // issue 24 item 8: turbines never photographed are one table of the summary, with why, and have no pages
    expect(all).toContain('Muayene edilmeyen türbinler');
    expect(all).toMatch(new RegExp(`RG-${storage}-N3\\s+Kuzey 3\\s+2026 yılında fotoğraf çekilmedi`));
    expect(all).toMatch(new RegExp(`RG-${storage}-W4\\s+Batı 4\\s+Muaf: Rüzgâr çok kuvvetliydi`));
    expect(all).not.toMatch(new RegExp(`(Türbin|TÜRBİN) RG-${storage}-(N3|W4)`));
    expect(all).not.toContain('Gözden geçirilmiş bulgu yok');
    // a waived coverage cell says so and why (it read "yok")
    const coverage = pdf.text.find((page) => page.includes(`${turbineCode}: Kapsam`.toLocaleUpperCase('tr-TR'))) ?? '';
    expect(coverage).toMatch(/Drone\s+\d+\s+muaf \(1\)\s+yok/);
    expect(coverage).toContain('(1) Muaf: Rüzgâr çok kuvvetliydi');
    // and in English
    await generateCampaign('en');
    const enList = (await t.call(operator, { method: 'GET', url: `/api/turbines/${second.id}/reports` })).json().data as {
      id: number;
      report_url: string;
    }[];
    expect(enList).toHaveLength(2);
    const enFile = await t.app.inject({ method: 'GET', url: enList.find((r) => r.id !== ofSecond[0]?.id)?.report_url ?? '' });
    const enText = (await readPdf(enFile.rawPayload)).text.join('\n');
    expect(enText).toContain('Turbines without inspection');
    expect(enText).toMatch(new RegExp(`RG-${storage}-N3\\s+Kuzey 3\\s+No photos taken in 2026`));
    expect(enText).toMatch(new RegExp(`RG-${storage}-W4\\s+Batı 4\\s+Waived: Rüzgâr çok kuvvetliydi`));
    expect(enText).toMatch(/Drone\s+\d+\s+waived \(1\)\s+none/);
    expect(enText).toContain('(1) Waived: Rüzgâr çok kuvvetliydi');
    expect(enText).not.toContain('No reviewed findings');
    // a campaign of another company is not found; an empty one is refused with a message
    const foreign = await insertCampaign(t, companies.marmara, [otherTurbineId]);
    const denied = await t.call(operator, {
      method: 'POST',
      url: `/api/campaigns/${foreign.id}/reports/generate`,
      payload: { language: 'tr' },
    });
    expect(denied.statusCode).toBe(404);
    const empty = await insertCampaign(t, companies.ege, []);
    const refused = await t.call(operator, {
      method: 'POST',
      url: `/api/campaigns/${empty.id}/reports/generate`,
      payload: { language: 'en' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('REPORT_CAMPAIGN_EMPTY');
    expect(
      (await t.call(customer, { method: 'POST', url: `/api/campaigns/${campaign.id}/reports/generate`, payload: { language: 'tr' } }))
        .statusCode,
    ).toBe(403);
  });

  it('allows whoever may upload reports; customers and viewers are refused, another company is not found', async () => {
    expect((await generate(customer, 'tr')).statusCode).toBe(403);
    expect((await generate(viewer, 'tr')).statusCode).toBe(403);
    const other = await generate(operator, 'tr', otherTurbineId);
    expect(other.statusCode).toBe(404);
    const bad = await t.call(operator, { method: 'POST', url: `/api/turbines/${turbineId}/reports/generate`, payload: { language: 'de' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Rapor dili Türkçe (tr) veya İngilizce (en) olmalıdır.');
    const [foreignJob] = await t.app.ctx.db
      .insert(reportJobs)
      .values({ turbineId: otherTurbineId, companyId: (await demoCompanies(t)).marmara, language: 'tr', status: 'failed' })
      .returning();
    const res = await t.call(operator, { method: 'GET', url: `/api/turbines/${otherTurbineId}/reports/jobs/${foreignJob?.id}` });
    expect(res.statusCode).toBe(404);
    // a job of another turbine is not found under this one
    const mine = await t.call(operator, { method: 'GET', url: `/api/turbines/${turbineId}/reports/jobs/${foreignJob?.id}` });
    expect(mine.statusCode).toBe(404);
  });
});

describe('a generation that fails half way', () => {
  let t: TestApp;
  let operator: string;
  let turbineId: number;
  const generate = () =>
    t.call(operator, { method: 'POST', url: `/api/turbines/${turbineId}/reports/generate`, payload: { language: 'tr' } });
  async function finished(jobId: number) {
    await t.app.ctx.reportJobs.idle();
    return (await t.call(operator, { method: 'GET', url: `/api/turbines/${turbineId}/reports/jobs/${jobId}` })).json().data as {
      status: string;
      report_id: number | null;
      error_code: string | null;
      error_message: string | null;
    };
  }
  beforeAll(async () => {
    t = await createTestApp({ storage: 'fs' });
    operator = await t.login(DEMO.egeOperator);
    const author = await userByEmail(t, DEMO.egeOperator);
    turbineId = (await insertTurbine(t, (await demoCompanies(t)).ege)).id;
    await insertFinding(t, turbineId, author, { status: 'confirmed', year: 2026 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a generation that cannot store its PDF fails with a message and leaves no report row or file', async () => {
    const before = await t.app.ctx.db.select({ id: reports.id }).from(reports).where(eq(reports.turbineId, turbineId));
    // the reports folder of the year is a file: the PDF cannot be committed there
    const folder = path.join(t.config.dataDir, 'files', 'turbines', String(turbineId), 'reports');
    mkdirSync(folder, { recursive: true });
    const yearFolder = path.join(folder, '2026');
    const { rmSync, existsSync } = await import('node:fs');
    const moved = existsSync(yearFolder) ? `${yearFolder}.moved` : null;
    if (moved) (await import('node:fs')).renameSync(yearFolder, moved);
    writeFileSync(yearFolder, 'not a folder');
    try {
      const job = await finished((await generate()).json().data.id);
      expect(job.status).toBe('failed');
      expect(job.report_id).toBeNull();
      expect(job.error_code).toMatch(/^REPORT_GENERATION_/);
      expect(job.error_message).toMatch(/Rapor (oluşturulamadı|kaydedilemedi)/);
      const after = await t.app.ctx.db.select({ id: reports.id }).from(reports).where(eq(reports.turbineId, turbineId));
      expect(after.length).toBe(before.length);
      const staged = (await t.app.ctx.storage.list(`turbines/${turbineId}/reports/`)).filter(
        (k) => k !== `turbines/${turbineId}/reports/2026`,
      );
      expect(staged).toEqual([]);
    } finally {
      rmSync(yearFolder, { force: true });
      if (moved) (await import('node:fs')).renameSync(moved, yearFolder);
    }
  });
});

describe('requests at the same time (issue 23 item 17)', () => {
  let t: TestApp;
  let operator: string;
  let turbineId: number;
  let companyId: number;
  const generate = (language: 'tr' | 'en' = 'tr', id = turbineId) =>
    t.call(operator, { method: 'POST', url: `/api/turbines/${id}/reports/generate`, payload: { language } });
  const reportCount = async (id = turbineId) =>
    (await t.app.ctx.db.select({ id: reports.id }).from(reports).where(eq(reports.turbineId, id))).length;
  beforeAll(async () => {
    // jobs run only when the test says (idle()), so the 20 requests all meet the first job queued or running
    t = await createTestApp({ storage: 'fs', env: { REPORT_WORKERS: '0' } });
    operator = await t.login(DEMO.egeOperator);
    const author = await userByEmail(t, DEMO.egeOperator);
    companyId = (await demoCompanies(t)).ege;
    turbineId = (await insertTurbine(t, companyId)).id;
    await insertFinding(t, turbineId, author, { status: 'confirmed', year: 2026 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('20 simultaneous requests give one job and one PDF; 12 more with the same inputs give the same revision and no PDF', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => generate()));
    const ids = new Set(answers.map((a) => a.json().data.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(1);
    const joined = answers.filter((a) => a.statusCode === 200);
    expect(joined).toHaveLength(19);
    expect(joined[0]?.json().message).toBe('Bu rapor zaten oluşturuluyor; yeni bir iş başlatılmadı, süren işin ilerlemesi gösteriliyor.');
    // the other language is another job
    const english = await generate('en');
    expect(english.statusCode).toBe(202);
    expect(english.json().data.id).not.toBe([...ids][0]);
    await t.app.ctx.reportJobs.idle();
    expect(await reportCount()).toBe(2);
    const jobs = await t.app.ctx.db.select().from(reportJobs).where(eq(reportJobs.turbineId, turbineId));
    expect(jobs).toHaveLength(2);
    const first = jobs.find((j) => j.language === 'tr');

    const again = await Promise.all(Array.from({ length: 12 }, () => generate()));
    expect(new Set(again.map((a) => a.json().data.id)).size).toBe(1);
    await t.app.ctx.reportJobs.idle();
    const res = await t.call(operator, { method: 'GET', url: `/api/turbines/${turbineId}/reports/jobs/${again[0]?.json().data.id}` });
    expect(res.json().data).toMatchObject({ status: 'done', report_id: first?.reportId });
    expect(res.json().data.unchanged_since).toEqual(expect.any(String));
    expect(await reportCount()).toBe(2);

    // a request asking for a new issue date that joins a queued job makes that job issue a new revision
    const plain = await generate();
    const dated = await t.call(operator, {
      method: 'POST',
      url: `/api/turbines/${turbineId}/reports/generate`,
      payload: { language: 'tr', new_issue_date: true },
    });
    expect(dated.statusCode).toBe(200);
    expect(dated.json()).toMatchObject({ joined: true, data: { id: plain.json().data.id, new_issue_date: true } });
    await t.app.ctx.reportJobs.idle();
    const issued = await t.call(operator, { method: 'GET', url: `/api/turbines/${turbineId}/reports/jobs/${plain.json().data.id}` });
    expect(issued.json().data).toMatchObject({ status: 'done', unchanged_since: null });
    expect(await reportCount()).toBe(3);
  });

  it('the database refuses a second queued or running job for the same turbine and language, whoever inserts it', async () => {
    const other = (await insertTurbine(t, companyId)).id;
    await t.app.ctx.db.insert(reportJobs).values({ turbineId: other, companyId, language: 'tr', status: 'running' });
    await expect(
      t.app.ctx.db.insert(reportJobs).values({ turbineId: other, companyId, language: 'tr', status: 'queued' }),
    ).rejects.toThrow();
    // finished and failed jobs do not count
    await t.app.ctx.db.insert(reportJobs).values({ turbineId: other, companyId, language: 'tr', status: 'done' });
    await t.app.ctx.db.insert(reportJobs).values({ turbineId: other, companyId, language: 'tr', status: 'failed' });
    const campaign = await insertCampaign(t, companyId, [other]);
    await t.app.ctx.db.insert(reportJobs).values({ campaignId: campaign.id, companyId, language: 'en', status: 'queued' });
    await expect(
      t.app.ctx.db.insert(reportJobs).values({ campaignId: campaign.id, companyId, language: 'en', status: 'running' }),
    ).rejects.toThrow();
  });

  it('a job whose process died (its lease expired) is answered and taken over, not left blocking generation', async () => {
    const author = await userByEmail(t, DEMO.egeOperator);
    const orphaned = (await insertTurbine(t, companyId)).id;
    await insertFinding(t, orphaned, author, { status: 'confirmed', year: 2026 });
    // as a process killed half way leaves it: running, claimed long ago, never renewed
    const [dead] = await t.app.ctx.db
      .insert(reportJobs)
      .values({
        turbineId: orphaned,
        companyId,
        language: 'tr',
        status: 'running',
        attempts: 1,
        progress: 40,
        step: 'images',
        claimedAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    const answer = await generate('tr', orphaned);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.id).toBe(dead?.id);
    await t.app.ctx.reportJobs.idle();
    const res = await t.call(operator, { method: 'GET', url: `/api/turbines/${orphaned}/reports/jobs/${dead?.id}` });
    expect(res.json().data).toMatchObject({ status: 'done', progress: 100, unchanged_since: null });
    expect(await reportCount(orphaned)).toBe(1);
    // and the next request is a new job again
    expect((await generate('tr', orphaned)).statusCode).toBe(202);
  });
});
