import { describe, expect, it } from 'vitest';
import { reportSelectionMessage, splitReportFiles } from './report-checks.ts';

const words = {
  notPdf: (n: number) => `${n} dosya PDF formatında değil`,
  badNames: (n: number) => `${n} PDF dosyası geçersiz isim içeriyor`,
  skipped: 'Bu dosyalar atlandı.',
};

describe('report checks (spec §5)', () => {
  it('keeps PDFs with safe names; others are split out by reason', () => {
    const selection = splitReportFiles([
      { name: 'inspection_2024.pdf', type: 'application/pdf' },
      { name: 'photo.png', type: 'image/png' },
      { name: 'notes.pdf', type: '' },
      { name: 'rapor şubat.pdf', type: 'application/pdf' },
    ]);
    expect(selection.valid.map((f) => f.name)).toEqual(['inspection_2024.pdf']);
    expect(selection.notPdf.map((f) => f.name)).toEqual(['photo.png', 'notes.pdf']);
    expect(selection.badNames.map((f) => f.name)).toEqual(['rapor şubat.pdf']);
    expect(reportSelectionMessage(selection, words)).toBe(
      '2 dosya PDF formatında değil. 1 PDF dosyası geçersiz isim içeriyor. Bu dosyalar atlandı.',
    );
  });

  it('says nothing when every file is fine', () => {
    expect(reportSelectionMessage(splitReportFiles([{ name: 'a.pdf', type: 'application/pdf' }]), words)).toBeNull();
  });
});
