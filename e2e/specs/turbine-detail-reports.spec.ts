import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiLogin, asInputFiles, createTurbine, deleteTurbine, pdfFile, signInPage } from '../support/turbine-fixtures.ts';

// Turbine reports (spec §2 item 8, §5, §8): PDF upload with checks, year filter, download under the original name, delete.
const YEAR = new Date().getFullYear();
const created: number[] = [];

test.afterAll(async ({ request }) => {
  const admin = await apiLogin(request, 'superadmin@windscope.example');
  for (const id of created) await deleteTurbine(request, admin, id);
});

test('operator uploads, filters, downloads and deletes reports', async ({ page, request }) => {
  const admin = await apiLogin(request, 'superadmin@windscope.example');
  const operator = await apiLogin(request, 'operator@ege.example');
  const turbine = await createTurbine(request, admin, operator.user.company_id, 'REP');
  created.push(turbine.id);
  await signInPage(page, operator);
  await page.goto(`/dashboard/turbine/${turbine.id}`);
  const section = page.getByTestId('reports-section');
  await expect(section.getByText('Henüz rapor yüklenmemiş')).toBeVisible();

  // client checks: not a PDF, a bad name; the valid one stays pending
  const input = page.getByTestId('report-drop-input');
  await input.setInputFiles([
    ...asInputFiles([pdfFile('inspection_2024.pdf', 'Inspection 2024'), pdfFile('rapor şubat.pdf')]),
    { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not really') },
  ]);
  await expect(section.getByTestId('report-error')).toHaveText(
    '1 dosya PDF formatında değil. 1 PDF dosyası geçersiz isim içeriyor (Türkçe karakter, boşluk vb. kullanmayın). Bu dosyalar atlandı.',
  );
  await expect(section.getByTestId('pending-report')).toHaveCount(1);

  // last year's report first, for the year filter
  await section.getByTestId('report-year').click();
  await page.getByRole('option', { name: String(YEAR - 1), exact: true }).click();
  await section.getByRole('button', { name: '1 rapor yükle' }).click();
  await expect(page.getByText('1 rapor başarıyla yüklendi.')).toBeVisible({ timeout: 20_000 });
  await expect(section.getByTestId('report-row')).toHaveCount(1);

  await section.getByTestId('report-year').click();
  await page.getByRole('option', { name: String(YEAR), exact: true }).click();
  await input.setInputFiles(asInputFiles([pdfFile('summary_a.pdf'), pdfFile('summary_b.pdf')]));
  await section.getByRole('button', { name: '2 rapor yükle' }).click();
  await expect(page.getByText('2 rapor başarıyla yüklendi.')).toBeVisible({ timeout: 20_000 });
  await expect(section.getByTestId('report-row')).toHaveCount(3);

  await section.getByTestId('report-year-filter').click();
  await page.getByRole('option', { name: String(YEAR - 1), exact: true }).click();
  await expect(section.getByTestId('report-row')).toHaveCount(1);
  const row = section.getByTestId('report-row').first();
  await expect(row).toHaveAttribute('data-report-name', 'inspection_2024.pdf');
  await expect(row).toContainText(String(YEAR - 1));

  // download: the original name, the bytes uploaded
  const download = page.waitForEvent('download');
  await row.getByTestId('report-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('inspection_2024.pdf');
  const bytes = await readFile((await file.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.toString()).toContain('Inspection 2024');

  await row.getByTestId('report-delete').click();
  await page.getByRole('dialog', { name: 'Raporu Sil' }).getByRole('button', { name: 'Sil', exact: true }).click();
  await expect(page.getByText('Rapor başarıyla silindi')).toBeVisible();
  await expect(section.getByText('Henüz rapor yüklenmemiş')).toBeVisible();

  await section.getByTestId('report-year-filter').click();
  await page.getByRole('option', { name: 'Tüm Yıllar', exact: true }).click();
  await expect(section.getByTestId('report-row')).toHaveCount(2);
});

test('a file that only claims to be a PDF is refused by the server with its message', async ({ page, request }) => {
  const admin = await apiLogin(request, 'superadmin@windscope.example');
  const operator = await apiLogin(request, 'operator@ege.example');
  const turbine = await createTurbine(request, admin, operator.user.company_id, 'REP');
  created.push(turbine.id);
  await signInPage(page, operator);
  await page.goto(`/dashboard/turbine/${turbine.id}`);
  const section = page.getByTestId('reports-section');
  await page
    .getByTestId('report-drop-input')
    .setInputFiles([{ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>no</html>') }]);
  await section.getByRole('button', { name: '1 rapor yükle' }).click();
  await expect(section.getByTestId('report-error')).toContainText('1 dosya PDF formatında değil');
  await expect(section.getByText('Henüz rapor yüklenmemiş')).toBeVisible();
});
