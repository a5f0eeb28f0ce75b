import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FileUpload } from '@cabdesk/contract';
import { fieldError } from '../../platform/http/errors';

export const MAX_IMPORT_ROWS = 2000;

export interface Sheet {
  headers: string[];
  rows: { rowNumber: number; values: Record<string, string> }[];
}

function text(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return text(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return '';
  }
  return String(value).trim();
}

/**
 * Reads the first sheet of an XLSX file, or a CSV file, into rows keyed by the header row's words.
 * A ZIP signature means XLSX whatever the declared type. At most `maxRows` rows under the header.
 */
export async function readSheet(upload: FileUpload, maxRows = MAX_IMPORT_ROWS): Promise<Sheet> {
  const bytes = Buffer.from(upload.content, 'base64');
  const workbook = new ExcelJS.Workbook();
  let sheet: ExcelJS.Worksheet | undefined;
  try {
    if (bytes.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004') {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      sheet = workbook.worksheets[0];
    } else {
      if (bytes.includes(0)) throw new Error('binary');
      sheet = await workbook.csv.read(Readable.from(bytes), { map: (v: unknown) => v, parserOptions: { trim: true } });
    }
  } catch {
    throw fieldError('file', 'is not a readable CSV or XLSX file');
  }
  if (!sheet || sheet.rowCount < 1) throw fieldError('file', 'has no rows');
  const headerRow = sheet.getRow(1);
  const headers: string[] = [];
  headerRow.eachCell({ includeEmpty: true }, (cell, col) => (headers[col - 1] = text(cell.value)));
  if (!headers.some(Boolean)) throw fieldError('file', 'needs a header row naming the columns');
  const rows: Sheet['rows'] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values: Record<string, string> = {};
    headers.forEach((header, i) => {
      if (header) values[header] = text(row.getCell(i + 1).value);
    });
    if (Object.values(values).some(Boolean)) rows.push({ rowNumber: r, values });
  }
  if (rows.length === 0) throw fieldError('file', 'has no rows under its header row');
  if (rows.length > maxRows) throw fieldError('file', `has more than ${maxRows} rows; split it`);
  return { headers: headers.filter(Boolean), rows };
}
