import { isSafeFileName } from '@windscope/contract';

export interface ReportSelection<F> {
  valid: F[];
  notPdf: F[];
  badNames: F[];
}

/** Spec §5: reports are application/pdf only, names limited to letters, digits, _, - and . (others are skipped). */
export function splitReportFiles<F extends { name: string; type: string }>(files: readonly F[]): ReportSelection<F> {
  const selection: ReportSelection<F> = { valid: [], notPdf: [], badNames: [] };
  for (const file of files) {
    if (file.type !== 'application/pdf') selection.notPdf.push(file);
    else if (!isSafeFileName(file.name)) selection.badNames.push(file);
    else selection.valid.push(file);
  }
  return selection;
}

/** "{n} dosya PDF formatında değil", "{n} PDF dosyası geçersiz isim içeriyor (…)", then "Bu dosyalar atlandı."; null when all are fine. */
export function reportSelectionMessage(
  selection: ReportSelection<unknown>,
  words: { notPdf: (n: number) => string; badNames: (n: number) => string; skipped: string },
): string | null {
  const parts: string[] = [];
  if (selection.notPdf.length > 0) parts.push(words.notPdf(selection.notPdf.length));
  if (selection.badNames.length > 0) parts.push(words.badNames(selection.badNames.length));
  if (parts.length === 0) return null;
  return `${parts.join('. ')}. ${words.skipped}`;
}
