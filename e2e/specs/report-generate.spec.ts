import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { seriousViolations } from '../support/axe.ts';
import { markFinding, moveFinding } from '../support/findings.ts';
import {
  apiAnswer,
  apiData,
  apiLogin,
  createTurbine,
  egeCompanyId,
  makePhoto,
  signIn,
  superadmin,
  uploadPhotos,
} from '../support/viewer-data.ts';

// Issue 17: the turbine's Reports section generates the inspection report as a PDF (a job with progress), the new
// revision is marked generated and downloads through its signed URL. The downloaded pages are drawn to PNG (pdftoppm)
// into SHOTS_DIR (or /tmp/shots-pdf) for a person to look at.
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-pdf';
// axe is injected as a script tag
test.use({ bypassCSP: true });

async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, isEvalSupported: false }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += `${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}\n`;
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text };
}

test('an operator generates the Turkish report from the turbine page and downloads it', async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await superadmin();
  const code = `E2E-RPR-${Date.now()}`;
  const turbineId = await createTurbine(admin, await egeCompanyId(admin), { code, turbine_name: 'Çeşme Güneyi 4' });
  const [photo] = await uploadPhotos(admin, turbineId, { year: new Date().getFullYear(), blade: 'A', category: 'drone' }, [
    { name: 'report-drone.jpg', bytes: await makePhoto('report', 1600, 1200, 2) },
  ]);
  const manager = await apiLogin('manager@ege.example', 'demo1234');
  const findings: { type: string; severity: number; distance: number; surface: string; blade: string }[] = [
    { type: 'erosion', severity: 2, distance: 8, surface: 'LE', blade: 'A' },
    { type: 'crack', severity: 4, distance: 31.5, surface: 'TE', blade: 'A' },
    { type: 'lightning', severity: 5, distance: 44, surface: 'SS', blade: 'A' },
  ];
  for (const [i, f] of findings.entries()) {
    const created = await markFinding(admin, turbineId, photo?.id, [0.1 + i * 0.25, 0.2, 0.3 + i * 0.25, 0.6], {
      blade: f.blade,
      surface: f.surface,
      type: f.type,
      severity: f.severity,
      distance_from_root_m: f.distance,
      length_mm: 30 + i * 25,
    });
    // reviewed by someone other than the author
    await moveFinding(manager, turbineId, created, 'confirmed');
  }

  const operator = await apiLogin('operator@ege.example', 'demo1234');
  await signIn(page, operator, { language: 'tr', theme: 'light' });
  await page.goto(`/dashboard/turbine/${turbineId}`);
  const section = page.getByTestId('reports-section');
  const generate = section.getByTestId('report-generate');
  await expect(generate.getByRole('button', { name: 'Rapor oluştur' })).toBeVisible();
  await generate.getByRole('button', { name: 'Rapor oluştur' }).click();
  await expect(page.getByText('Rapor oluşturuldu.')).toBeVisible({ timeout: 60_000 });
  const row = section.getByTestId('report-row').first();
  await expect(row.getByTestId('report-generated')).toHaveText('Oluşturuldu');
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await row.getByTestId('report-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^muayene-raporu-E2E-RPR-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = readFileSync((await file.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { pages, text } = await pdfText(bytes);
  expect(text).toContain(code);
  for (const label of ['Erozyon', 'Çatlak', 'Yıldırım hasarı', 'Düşük', 'Yüksek', 'Kritik']) expect(text).toContain(label);
  expect(text).toContain(`Sayfa ${pages} / ${pages}`);

  // the pages as pictures, to look at
  if (existsSync('/usr/bin/pdftoppm')) {
    mkdirSync(shots, { recursive: true });
    const pdfPath = path.join(shots, 'report-tr.pdf');
    writeFileSync(pdfPath, bytes);
    execFileSync('/usr/bin/pdftoppm', ['-r', '70', '-png', pdfPath, path.join(shots, 'report-tr-page')]);
  }
});

test('the campaign board generates one report for the whole campaign', async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await superadmin();
  const ege = await egeCompanyId(admin);
  const stamp = Date.now();
  const first = await createTurbine(admin, ege, { code: `E2E-CRP-${stamp}-1` });
  const second = await createTurbine(admin, ege, { code: `E2E-CRP-${stamp}-2` });
  const year = new Date().getFullYear();
  const [photo] = await uploadPhotos(admin, second, { year, blade: 'B', category: 'drone' }, [
    { name: 'campaign-drone.jpg', bytes: await makePhoto('campaign', 1200, 900, 4) },
  ]);
  const created = await markFinding(admin, second, photo?.id, [0.3, 0.3, 0.6, 0.6], {
    blade: 'B',
    surface: 'PS',
    type: 'delamination',
    severity: 3,
    distance_from_root_m: 22,
  });
  const manager = await apiLogin('manager@ege.example', 'demo1234');
  await moveFinding(manager, second, created, 'confirmed');
  const campaign = await apiData<{ id: number }>(manager, 'POST', '/campaigns', {
    name: `Güz Kampanyası ${stamp}`,
    year,
    methods: ['drone'],
    planned_start: `${year}-09-01`,
    planned_end: `${year}-10-15`,
    turbine_ids: [first, second],
  });

  const operator = await apiLogin('operator@ege.example', 'demo1234');
  await signIn(page, operator, { language: 'tr', theme: 'light' });
  await page.goto(`/dashboard/campaigns/${campaign.id}`);
  const section = page.getByTestId('campaign-report');
  await section.getByRole('button', { name: 'Rapor oluştur' }).click();
  await expect(page.getByText('Kampanya raporu oluşturuldu; her türbinin Raporlar bölümüne eklendi.')).toBeVisible({ timeout: 60_000 });
  // (axe is run on the turbine page above; the board's own cells are the campaigns feature's to judge)
  mkdirSync(shots, { recursive: true });
  await section.screenshot({ path: path.join(shots, 'campaign-report-1440-tr-light.png') });

  for (const turbineId of [first, second]) {
    const reports = await apiData<{ generated: boolean; report_url: string; original_filename: string }[]>(
      operator,
      'GET',
      `/turbines/${turbineId}/reports`,
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]?.generated).toBe(true);
  }
  const [report] = await apiData<{ report_url: string }[]>(operator, 'GET', `/turbines/${second}/reports`);
  const response = await page.request.get(report?.report_url ?? '');
  const bytes = Buffer.from(await response.body());
  const { text } = await pdfText(bytes);
  expect(text).toContain('KAMPANYA MUAYENE RAPORU');
  expect(text).toContain(`E2E-CRP-${stamp}-1`);
  expect(text).toContain(`E2E-CRP-${stamp}-2`);
  expect(text).toContain('Delaminasyon');
  // the first turbine was never photographed: a line of the summary's table, no pages of its own (issue 24 item 8)
  expect(text).toMatch(new RegExp(`Muayene edilmeyen türbinler[\\s\\S]*E2E-CRP-${stamp}-1 .*${year} yılında fotoğraf çekilmedi`));
  expect(text).not.toContain('Gözden geçirilmiş bulgu yok');
  if (existsSync('/usr/bin/pdftoppm')) {
    const pdfPath = path.join(shots, 'campaign-report-tr.pdf');
    writeFileSync(pdfPath, bytes);
    execFileSync('/usr/bin/pdftoppm', ['-r', '70', '-png', '-l', '4', pdfPath, path.join(shots, 'campaign-report-page')]);
  }
});

/** A turbine of Ege with `count` reviewed findings on one photo (each printed with its crop). */
async function turbineWithFindings(code: string, count: number): Promise<number> {
  const admin = await superadmin();
  const turbineId = await createTurbine(admin, await egeCompanyId(admin), { code });
  const [photo] = await uploadPhotos(admin, turbineId, { year: new Date().getFullYear(), blade: 'C', category: 'drone' }, [
    { name: 'again-drone.jpg', bytes: await makePhoto('again', 1600, 1200, 3) },
  ]);
  const manager = await apiLogin('manager@ege.example', 'demo1234');
  for (let i = 0; i < count; i++) {
    const created = await markFinding(admin, turbineId, photo?.id, [0.05 + (i % 8) * 0.1, 0.1, 0.1 + (i % 8) * 0.1, 0.5], {
      blade: 'C',
      surface: 'LE',
      type: 'erosion',
      severity: 1 + (i % 5),
      distance_from_root_m: 5 + i * 3,
    });
    await moveFinding(manager, turbineId, created, 'confirmed');
  }
  return turbineId;
}

// Issue 23 item 17: one running job per turbine and language; the same inputs again answer the newest revision
test('a second request joins the running job; the same inputs answer "unchanged since"; a new issue date makes a revision', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const turbineId = await turbineWithFindings(`E2E-RAG-${Date.now()}`, 8);
  const operator = await apiLogin('operator@ege.example', 'demo1234');
  await signIn(page, operator, { language: 'tr', theme: 'light' });
  await page.goto(`/dashboard/turbine/${turbineId}`);
  const section = page.getByTestId('reports-section');
  const generate = section.getByTestId('report-generate');
  await expect(generate.getByRole('button', { name: 'Rapor oluştur' })).toBeVisible();
  // a colleague's request first: the English report, then the Turkish one (the runner works one job at a time, so the
  // Turkish job waits behind the English one); the click asks for the Turkish report while it is queued or running
  const english = await apiAnswer<{ id: number }>(operator, 'POST', `/turbines/${turbineId}/reports/generate`, { language: 'en' });
  const turkish = await apiAnswer<{ id: number }>(operator, 'POST', `/turbines/${turbineId}/reports/generate`, { language: 'tr' });
  expect([english.status, turkish.status]).toEqual([202, 202]);
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/turbines/${turbineId}/reports/generate`),
  );
  await generate.getByRole('button', { name: 'Rapor oluştur' }).click();
  const answer = await answered;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { data: { id: number } }).data.id).toBe(turkish.data.id);
  const joined = generate.getByTestId('report-generate-joined');
  await expect(joined).toContainText('Zaten oluşturuluyor');
  await expect(joined).toContainText('Bu rapor zaten oluşturuluyor; yeni bir iş başlatılmadı');
  mkdirSync(shots, { recursive: true });
  await generate.screenshot({ path: path.join(shots, 'report-generate-joined-1440-tr-light.png') });
  await expect(page.getByText('Rapor oluşturuldu.')).toBeVisible({ timeout: 90_000 });
  await expect(joined).toBeHidden();
  await expect(section.getByTestId('report-row')).toHaveCount(2);

  // the same inputs again: the newest Turkish revision is the answer, with its date and time; no new row
  await generate.getByRole('button', { name: 'Rapor oluştur' }).click();
  const unchanged = generate.getByTestId('report-generate-unchanged');
  await expect(unchanged).toBeVisible({ timeout: 60_000 });
  await expect(unchanged).toContainText('Rapor değişmedi');
  await expect(unchanged).toContainText(/Rapor \d{1,2} \S+ \d{4} \d\d:\d\d tarihinden beri değişmedi; o revizyon kullanılıyor\./);
  await expect(unchanged).not.toContainText('{');
  await expect(section.getByTestId('report-row')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  // a new issue date asked for: a third revision
  await generate.getByRole('checkbox', { name: 'Yeni düzenleme tarihi' }).check();
  await generate.getByRole('button', { name: 'Rapor oluştur' }).click();
  await expect(unchanged).toBeHidden();
  await expect(page.getByText('Rapor oluşturuldu.').first()).toBeVisible({ timeout: 60_000 });
  await expect(section.getByTestId('report-row')).toHaveCount(3);
  const reports = await apiData<{ generated: boolean }[]>(operator, 'GET', `/turbines/${turbineId}/reports`);
  expect(reports.filter((r) => r.generated)).toHaveLength(3);
});
