import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { AppError } from '../http/errors.ts';

/** A spreadsheet a person sends, as rows of text (issue 27 item 4). XLSX by read-excel-file (the reading half of the
 *  write-excel-file the exports use; it reads the values a file stores, so a formula is never run, only its last
 *  shown value is read), CSV by csv-parse (quotes, embedded line breaks, BOM; a header with more semicolons than
 *  commas is read as semicolon-separated, as spreadsheet programs write CSV in Turkish locales). */

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Buffer) => ZIP_MAGIC.every((byte, i) => bytes[i] === byte);

function textOfCell(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell);
}

function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : count('\t') > count(',') ? '\t' : ',';
}

export async function readSheetRows(bytes: Buffer): Promise<string[][]> {
  try {
    if (isZip(bytes)) {
      const rows = await readSheet(bytes, 1, { trim: false });
      return rows.map((row) => row.map(textOfCell));
    }
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    if (text.includes('\u0000')) throw new Error('binary');
    const rows: string[][] = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
    });
    return rows;
  } catch {
    throw new AppError(400, 'TURBINE_IMPORT_FILE_INVALID');
  }
}
